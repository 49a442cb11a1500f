import Geometry

// Where the reader is in a book, kept as a page rather than a spread index: spread indices mean different
// things in single and double mode, a page does not. Switching mode on a resize or rotation therefore keeps
// the page in view, and switching back returns to the very same page.

/// The current page of a book and the layout it is shown in.
public struct ReadingPosition: Hashable, Sendable {
    public private(set) var layout: SpreadLayout
    /// The current page, always in 1…pageCount (0 only for an empty book).
    public private(set) var page: Int

    public init(pageCount: Int, mode: SpreadMode, direction: ReadingDirection = .leftToRight, page: Int = 1,
                spineOffset: Int = 0) {
        layout = SpreadLayout(pageCount: pageCount, mode: mode, direction: direction, spineOffset: spineOffset)
        self.page = layout.clampPage(page)
    }

    public var pageCount: Int { layout.pageCount }
    public var mode: SpreadMode { layout.mode }
    public var direction: ReadingDirection { layout.direction }
    /// The spread showing `page`.
    public var spreadIndex: Int { layout.spreadIndex(containing: page) }
    public var spread: Spread { layout.spread(at: spreadIndex) }

    /// Changes the mode; `page` is unchanged, so it stays in view.
    public mutating func setMode(_ mode: SpreadMode) { layout.mode = mode }

    /// Marks the double-page images (shown alone in double mode); the page is unchanged.
    public mutating func setSoloPages(_ pages: Set<Int>) { layout = layout.withSoloPages(pages) }

    /// Places pages on the halves the book fixes (`SpreadLayout.placedPages`); the page is unchanged.
    public mutating func setPlacedPages(_ pages: [Int: PageSide]) { layout = layout.withPlacedPages(pages) }

    /// Sets the pages before the cover (`SpreadLayout.spineOffset`); the page is unchanged.
    public mutating func setSpineOffset(_ offset: Int) { layout = layout.withSpineOffset(offset) }

    /// Changes the reading direction; the page is unchanged.
    public mutating func setDirection(_ direction: ReadingDirection) { layout.direction = direction }

    /// Jumps to `page` (clamped).
    public mutating func go(toPage page: Int) { self.page = layout.clampPage(page) }

    /// Jumps to the first page (in reading order) of spread `index` (clamped), unless `page` is already on it.
    public mutating func go(toSpread index: Int) {
        let target = layout.clampSpread(index)
        if target != spreadIndex { page = layout.firstPage(ofSpread: target) }
    }

    /// The turn that would start now in `direction`, or nil at the end of the book.
    public func turn(_ direction: TurnDirection, spreads: Int = 1) -> PageTurn? {
        layout.turn(direction, from: spreadIndex, spreads: spreads)
    }

    /// Lands on the turn's destination spread (call when a turn commits; a cancelled turn changes nothing).
    public mutating func complete(_ turn: PageTurn) { go(toSpread: turn.to) }
}
