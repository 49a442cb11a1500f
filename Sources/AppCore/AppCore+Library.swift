/// A library whose directory changes while recto runs: a book copied or moved in appears on the shelf
/// in the library's order, one removed disappears, and the shelf keeps showing the book it showed.
extension AppCore {
    /// The library was read again and holds `new`. The keyboard focus stays on its book (on a book gone, it
    /// moves to the cover now in its place); the shelf shows the page of the focused book, else of the first
    /// book of the page shown that is still there. A book being read goes on being read even if it is gone
    /// (its pages decoded stay readable); going home then shows the shelf without it.
    mutating func libraryRead(_ new: [ShelfBook], now: Double) -> [AppEffect] {
        guard var s = shelf else { return [] }
        let before = s.books
        let perPage = shelfLayout?.perPage ?? 1
        var focused: Int?
        if case .cover(let book) = controls.focus.item { focused = book }
        let shownBefore = Array(s.page * perPage..<min(before.count, (s.page + 1) * perPage))
        let moved = s.replaceBooks(new)
        func follow(_ i: Int) -> Int? { i < moved.count ? moved[i] : nil }
        shelf = s
        var out: [AppEffect] = []
        if let book = focused {
            let kept = follow(book)
            controls.focus.item = kept.map(FocusItem.cover) ?? (new.isEmpty ? nil : .cover(min(book, new.count - 1)))
            if kept == nil, controls.focus.visible, let item = controls.focus.item, s.visible,
               let index = focusOrder.firstIndex(of: item) {
                out.append(.occurred(.focus(label: label(of: item), index: index, count: focusOrder.count)))
            }
        }
        if let layout = shelfLayout {
            let anchor = focused.flatMap(follow) ?? shownBefore.lazy.compactMap(follow).first
            shelf?.show(page: anchor.map(layout.page(of:)) ?? s.page, layout: layout, now: now, animated: false)
        }
        let old = Set(before.map(\.path)), after = Set(new.map(\.path))
        let changed = new.filter { book in before.contains { $0.path == book.path && $0 != book } }.count
        return out + [.occurred(.library(books: new.count, added: after.subtracting(old).count,
                                         removed: old.subtracting(after).count, changed: changed))]
    }
}
