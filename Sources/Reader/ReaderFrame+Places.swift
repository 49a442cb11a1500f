import Geometry

/// Where a page lies in a frame, as the frame draws it: the one answer the core (which pages need images, which
/// notes show) and the renderer (where a note's marker sits) both read.
public struct PagePlace: Sendable, Hashable {
    public enum Kind: Sendable, Hashable {
        /// A page lying flat (the other page of a turning spread among them: a flap may cover it).
        case flat
        /// The front of the turning leaf: rolled with it, hidden once it faces away.
        case leafFront
        /// The page the turning leaf uncovers: seen only where the leaf has lifted off it.
        case beneathLeaf
    }
    /// The page's rect, book space.
    public var rect: Rect
    public var kind: Kind

    public init(rect: Rect, kind: Kind) {
        self.rect = rect
        self.kind = kind
    }
}

extension ReaderFrame {
    /// Every page the frame draws: those lying flat and the turning leaf's faces and the page beneath it.
    public var pagesShown: Set<Int> {
        var pages = Set(self.pages.map(\.page))
        if let leaf { pages.formUnion([leaf.front, leaf.back, leaf.under].compactMap { $0 }) }
        return pages
    }

    /// Where each page whose picture shows lies: flat pages, and a leaf at rest as the page it shows; a leaf in
    /// motion's front and the page it uncovers (its back is not a page's own picture).
    public var places: [Int: PagePlace] {
        var places: [Int: PagePlace] = [:]
        for p in pages { places[p.page] = PagePlace(rect: p.rect, kind: .flat) }
        if let leaf {
            if leaf.cylinder.isRest {
                if let page = leaf.progress < 0.5 ? leaf.front : leaf.under { places[page] = PagePlace(rect: leaf.rect, kind: .flat) }
            } else {
                if let front = leaf.front { places[front] = PagePlace(rect: leaf.rect, kind: .leafFront) }
                if let under = leaf.under { places[under] = PagePlace(rect: leaf.rect, kind: .beneathLeaf) }
            }
        }
        return places
    }
}
