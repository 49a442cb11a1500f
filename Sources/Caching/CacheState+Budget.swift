import Pages

extension CacheState {
    /// The byte bound in force: `budget`, or with `budgetPages` that many pages at what a page really costs,
    /// at most `budget`. A budget in pages keeps the same reach back and ahead on any display, and on a
    /// software renderer (where texture memory is process memory) bounds the process by what it holds.
    var effectiveBudget: Int { budgetPages.map { min(budget, $0 * pageCost) } ?? budget }

    /// What a page costs in this process: the mean of the textures held (their real size, mip chain included),
    /// the last one reported while none is (all evicted by decodes of pages the reader flew past: the cost of
    /// the box would let those pile up), or before any, an image filling the fitting box.
    var pageCost: Int {
        if texturedPages > 0 { return textureBytes / texturedPages }
        return lastTextureBytes > 0 ? lastTextureBytes : bounds.width * bounds.height * 4
    }
}
