import Geometry
import Reader

/// The pages that have an image to draw, and what policy needs of each: its size as drawn (layout) and the file's
/// own size (zoom regions). The image itself is the page cache's until the renderer takes it on upload, and the
/// texture the renderer's: the core keeps no copy of either, nor a per-page record of where one is.
struct PageImages: Sendable {
    struct Entry: Sendable, Hashable {
        /// The texture's size (the image scaled into the texture limit), or the delivered image's before the GL.
        var size: PixelSize
        /// The file's own size: the space zoom regions are asked in.
        var sourceSize: PixelSize
    }

    private(set) var entries: [Int: Entry] = [:]
    /// Which delivery each page's image is (a page decoded again, at the same size, is another picture).
    private(set) var deliveries: [Int: Int] = [:]
    private var delivered = 0
    /// The GL is up: every page here is a texture (before, an image in the page cache for the CPU-drawn frames).
    var uploaded = false

    subscript(page: Int) -> Entry? { entries[page] }
    var all: [Int] { Array(entries.keys) }
    mutating func set(_ page: Int, _ entry: Entry) {
        entries[page] = entry
        delivered += 1
        deliveries[page] = delivered
    }
    mutating func remove(_ page: Int) {
        entries[page] = nil
        deliveries[page] = nil
    }
}

extension AppCore {
    /// Pages are decoded to the window's full buffer size: sharp at 1× (zoom asks for regions), and at full
    /// resolution even while moving frames are drawn smaller, since pages outlive the motion.
    public var fitting: PixelSize {
        let limit = maxTextureSize ?? Self.provisionalMaxTextureSize
        let w = window.map { $0.width * $0.scale } ?? 0, h = window.map { $0.height * $0.scale } ?? 0
        return PixelSize(width: min(limit, max(256, Int(w.rounded()))), height: min(limit, max(256, Int(h.rounded()))))
    }

    /// The spread on screen first, then the pages of turns waiting for theirs, then its neighbours; until the
    /// first frame is up only the spread itself (on two cores the neighbours would slow it down).
    mutating func wantPages() -> [AppEffect] {
        guard window != nil else { return [] }
        let visible = reader.position.spread.pages.count
        let needed = reader.neededPages
        let pages = startup.firstFrames.committed || glIsUp
            ? Array(needed.prefix(visible)) + waitingTurnPages + needed.dropFirst(visible) : Array(needed.prefix(visible))
        return [.wantPages(pages, visible: visible, fitting: fitting)]
    }

    /// Pages the current frame draws: flat pages, both faces of a turning leaf and what it reveals.
    var visiblePages: Set<Int> { reader.frame.pagesShown }

    /// Every page the frame draws has its image.
    public var showsEveryPage: Bool { visiblePages.allSatisfy(hasImage) }

    /// Whether `page` has an image to draw (a texture, or a held image before the GL).
    public func hasImage(_ page: Int) -> Bool { pages[page] != nil }

    mutating func pageReady(_ page: Int, size: PixelSize, sourceSize: PixelSize) -> [AppEffect] {
        guard page >= 1, page <= reader.position.pageCount else { return [.release(page: page)] }
        reader.setPageSize(page, width: Double(size.width), height: Double(size.height))
        var out: [AppEffect] = []
        if let limit = maxTextureSize {
            pages.set(page, .init(size: size.fitted(within: limit), sourceSize: sourceSize))
            out.append(.upload(page: page))
        } else {
            pages.set(page, .init(size: size, sourceSize: sourceSize))
        }
        if pages.asksFacts(of: page) { out.append(.start(.readPageFacts(page: page))) }
        return out
    }

    /// A placeholder with the reason, in the proportions of its neighbours; the book reads on.
    mutating func pageFailed(_ page: Int, message: String) -> [AppEffect] {
        guard page >= 1, page <= reader.position.pageCount else { return [] }
        var out: [AppEffect] = []
        if book.firstFailure(of: page) { out.append(.warn("page \(page) cannot be shown: \(message)")) }
        let size = Self.placeholderSize(aspect: reader.pageAspect(near: page) ?? 700.0 / 990,
                                        within: nearestImageSize(page) ?? fitting)
        let text = book.awaited == nil ? translator.format("Page {page}: {reason}", ["page": "\(page)", "reason": translator(message)])
            : translator("Waiting for the book") + "\n\n" + translator(message)
        out.append(.occurred(.pageFailed(page: page, message: message)))
        out.append(.placeholder(page: page, size: size, message: text))
        return out + pageReady(page, size: size, sourceSize: size)
    }

    /// A placeholder's pixels: the largest in `aspect` (a neighbour's proportions) within `bound` (a decoded
    /// neighbour's pixels, else the size pages are decoded to). Only pixel sizes bound it: a PDF's page sizes
    /// reach the core as proportions, so points cannot be taken as pixels (59 500 × 84 200 once, 20 GB).
    static func placeholderSize(aspect: Double, within bound: PixelSize) -> PixelSize {
        let width = min(Double(bound.width), Double(bound.height) * aspect)
        return PixelSize(width: max(64, Int(width.rounded())), height: max(64, Int((width / aspect).rounded())))
    }

    /// The pixel size of the decoded page nearest to `page`.
    private func nearestImageSize(_ page: Int) -> PixelSize? {
        for d in 1..<8 {
            for p in [page - d, page + d] { if let entry = pages[p] { return entry.size } }
        }
        return nil
    }

    /// The GL is up: the pages held for the CPU-drawn frames become textures, and the next frame is the first
    /// GL frame (it replaces the last CPU-drawn one).
    mutating func glReady(maxTextureSize limit: Int) -> [AppEffect] {
        startup.glReady(maxTextureSize: limit)
        var out: [AppEffect] = []
        let held = pages.uploaded ? [] : pages.all.sorted()
        pages.uploaded = true
        for page in held {
            guard var entry = pages[page] else { continue }
            entry.size = entry.size.fitted(within: limit)
            pages.set(page, entry)
            out.append(.upload(page: page))
        }
        // The real texture limit may change the fitting box.
        out += wantPages()
        return out
    }
}

extension PixelSize {
    /// Scaled down (aspect kept) so neither side exceeds `limit`, as an upload does.
    func fitted(within limit: Int) -> PixelSize {
        guard width > limit || height > limit else { return self }
        let s = Double(limit) / Double(max(width, height))
        return PixelSize(width: max(1, Int((Double(width) * s).rounded())), height: max(1, Int((Double(height) * s).rounded())))
    }
}

extension AppCore {
    /// A page's image, region, links and notes arrived, failed or left the cache.
    mutating func pageEvent(_ event: AppEvent, now: Double) -> [AppEffect] {
        switch event {
        case let .pageReady(page, size, sourceSize):
            return pageReady(page, size: size, sourceSize: sourceSize) + releaseHeldTurns(now: now)
        case let .pageFailed(page, message): return pageFailed(page, message: message) + releaseHeldTurns(now: now)
        case let .pageLinks(page, links): pages.linksRead(page, links)
        case let .pageNotes(page, notes, problems):
            pages.notesRead(page, notes)
            return problems.map { .occurred(.notesLeftOut(page: page, reason: $0)) }
        case .pageEvicted(let page):
            pages.remove(page)
            return [.release(page: page)]
        case let .regionReady(page, rect, size):
            return pages.regionReady(page: page, rect: rect, size: size, frame: reader.frame, now: now)
        default: break
        }
        return []
    }
}
