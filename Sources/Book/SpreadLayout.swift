// Which pages are on screen together. A real book opens with the cover alone on the recto (right in
// left-to-right books) and then shows verso/recto pairs (2,3), (4,5)…; a final even page sits alone on the
// verso side. Page numbers start at 1; every query is total (clamped), so the reader never holds an
// invalid page, whatever the book size (including 0 pages).

/// One page per screen, or two facing pages.
public enum SpreadMode: String, Hashable, Sendable, CaseIterable {
    case single, double

    /// The automatic choice for a window: `double` when strictly wider than tall, `single` otherwise
    /// (a square or empty window reads one page).
    public static func automatic(width: Double, height: Double) -> SpreadMode {
        width > height ? .double : .single
    }
}

/// The `--spread` setting: a fixed mode, or `auto` that follows the window's orientation.
public enum SpreadPreference: String, Hashable, Sendable, CaseIterable {
    case auto, single, double

    /// The mode to use for a window of `width` × `height` (any unit).
    public func resolve(width: Double, height: Double) -> SpreadMode {
        switch self {
        case .auto: SpreadMode.automatic(width: width, height: height)
        case .single: .single
        case .double: .double
        }
    }
}

/// Reading direction. Right-to-left mirrors every spread: the spine is on the right of the cover, pairs
/// show the even page on the right, and forward turns lift the leaf from the left half.
public enum ReadingDirection: String, Hashable, Sendable, CaseIterable {
    case leftToRight, rightToLeft
}

/// A half of the screen in a double spread.
public enum PageSide: Hashable, Sendable {
    case left, right

    public var opposite: PageSide { self == .left ? .right : .left }
}

/// The spreads of a book of `pageCount` pages in one mode and direction. Spread indices run from 0 to
/// `spreadCount − 1`; page numbers from 1 to `pageCount`.
public struct SpreadLayout: Hashable, Sendable {
    /// Number of pages, ≥ 0 (negative values are stored as 0).
    public let pageCount: Int
    public var mode: SpreadMode
    public var direction: ReadingDirection {
        didSet { if direction != oldValue, !placedPages.isEmpty { soloSpreads = Self.spreads(of: self) } }
    }
    /// Pages whose half of a double spread the book fixes (a fixed-layout EPUB's `page-spread-left`/`-right`):
    /// each lands on that half, alone where its neighbour belongs on the same half. Unplaced pages alternate as in
    /// a printed book.
    public let placedPages: [Int: PageSide]
    /// Pages that are double-page images (ComicInfo's `DoublePage`, a PDF's landscape spread): in double mode each
    /// is shown alone across the spread, and pairing starts again after it. Single mode shows them like any page.
    public let soloPages: Set<Int>
    /// The spine offset: pages before the cover, each shown alone in double mode (a colour-calibration target
    /// as a digitised book's first canvas) so that the cover after them is alone and the pairs (verso, recto)
    /// that follow are the printed book's. 0 (the default): the first page is the cover. Within 0…pageCount.
    public let spineOffset: Int
    /// Double mode's spreads when some page is solo or placed, or a spine offset is set (otherwise in closed form).
    private var soloSpreads: SoloSpreads?

    public init(pageCount: Int, mode: SpreadMode, direction: ReadingDirection = .leftToRight, soloPages: Set<Int> = [],
                spineOffset: Int = 0, placedPages: [Int: PageSide] = [:]) {
        self.pageCount = Swift.max(0, pageCount); self.mode = mode; self.direction = direction
        self.soloPages = soloPages.filter { $0 >= 1 && $0 <= Swift.max(0, pageCount) }
        self.spineOffset = Swift.min(Swift.max(0, spineOffset), self.pageCount)
        self.placedPages = placedPages.filter { $0.key >= 1 && $0.key <= Swift.max(0, pageCount) }
        soloSpreads = Self.spreads(of: self)
    }

    private static func spreads(of l: SpreadLayout) -> SoloSpreads? {
        guard l.pageCount > 0, !l.soloPages.isEmpty || l.spineOffset > 0 || !l.placedPages.isEmpty else { return nil }
        let verso: PageSide = l.direction == .leftToRight ? .left : .right
        return SoloSpreads(pageCount: l.pageCount, solo: l.soloPages, leading: l.spineOffset,
                           versoPages: Set(l.placedPages.filter { $0.value == verso }.keys),
                           rectoPages: Set(l.placedPages.filter { $0.value != verso }.keys))
    }

    /// The same book with `pages` shown alone in double mode.
    public func withSoloPages(_ pages: Set<Int>) -> SpreadLayout {
        SpreadLayout(pageCount: pageCount, mode: mode, direction: direction, soloPages: pages, spineOffset: spineOffset,
                     placedPages: placedPages)
    }

    /// The same book with `offset` pages before its cover.
    public func withSpineOffset(_ offset: Int) -> SpreadLayout {
        SpreadLayout(pageCount: pageCount, mode: mode, direction: direction, soloPages: soloPages, spineOffset: offset,
                     placedPages: placedPages)
    }

    /// The same book with `pages` on the halves the book fixes.
    public func withPlacedPages(_ pages: [Int: PageSide]) -> SpreadLayout {
        SpreadLayout(pageCount: pageCount, mode: mode, direction: direction, soloPages: soloPages, spineOffset: spineOffset,
                     placedPages: pages)
    }

    /// Single: one per page. Double: the cover, then one per pair, and a lone final even page: ⌊n/2⌋ + 1 (each
    /// solo page and each page before the cover a spread of its own). Zero for an empty book.
    public var spreadCount: Int {
        guard pageCount > 0 else { return 0 }
        if mode == .double, let soloSpreads { return soloSpreads.spreads.count }
        return mode == .single ? pageCount : pageCount / 2 + 1
    }

    /// `page` clamped to 1…pageCount; 0 for an empty book (the only value with no page behind it).
    public func clampPage(_ page: Int) -> Int { pageCount == 0 ? 0 : Swift.min(Swift.max(page, 1), pageCount) }

    /// `index` clamped to 0…spreadCount − 1 (0 for an empty book).
    public func clampSpread(_ index: Int) -> Int { Swift.min(Swift.max(index, 0), Swift.max(spreadCount - 1, 0)) }

    /// The spread at `index` (clamped); an empty spread for an empty book.
    public func spread(at index: Int) -> Spread {
        guard pageCount > 0 else { return Spread(mode: mode, direction: direction, verso: nil, recto: nil) }
        let k = clampSpread(index)
        switch mode {
        case .single:
            return Spread(mode: mode, direction: direction, verso: nil, recto: k + 1)
        case .double:
            if let soloSpreads {
                let s = soloSpreads.spreads[k]
                return Spread(mode: mode, direction: direction, verso: s.verso, recto: s.recto, isSolo: s.solo)
            }
            if k == 0 { return Spread(mode: mode, direction: direction, verso: nil, recto: 1) }
            let odd = 2 * k + 1
            return Spread(mode: mode, direction: direction, verso: 2 * k, recto: odd <= pageCount ? odd : nil)
        }
    }

    /// The index of the spread showing `page` (clamped to the book).
    public func spreadIndex(containing page: Int) -> Int {
        guard pageCount > 0 else { return 0 }
        let p = clampPage(page)
        if mode == .double, let soloSpreads { return soloSpreads.spreadOfPage[p] }
        return mode == .single ? p - 1 : p / 2
    }

    /// The page that stands for a spread when the mode changes or a position is saved: its first page in
    /// reading order (0 for an empty book).
    public func firstPage(ofSpread index: Int) -> Int { spread(at: index).pages.first ?? 0 }

    /// The same book in `newMode`: the index of the spread that shows `page` there. Use the reader's
    /// current page (for a double spread, `firstPage(ofSpread:)` unless the reader tracks a finer one).
    public func switching(to newMode: SpreadMode, keeping page: Int) -> (layout: SpreadLayout, spread: Int) {
        let layout = SpreadLayout(pageCount: pageCount, mode: newMode, direction: direction, soloPages: soloPages,
                                  spineOffset: spineOffset, placedPages: placedPages)
        return (layout, layout.spreadIndex(containing: page))
    }

    /// Whether a forward (backward) turn exists from spread `index`.
    public func canTurnForward(from index: Int) -> Bool { pageCount > 0 && clampSpread(index) < spreadCount - 1 }
    public func canTurnBackward(from index: Int) -> Bool { pageCount > 0 && clampSpread(index) > 0 }
}

/// Double mode's spreads of a book with solo pages, placed pages or a spine offset: the `leading` pages before the
/// cover each alone across the spread (as a solo page: no leaf of the printed book carries them), the cover alone
/// on the recto, then pairs, a solo page alone and pairing starting again after it, a lone last page. A page
/// placed on the verso starts a pair (alone if the page after it is placed on the verso too, or is solo); a page
/// placed on the recto ends one (alone if the page before it did not start one).
private struct SoloSpreads: Hashable, Sendable {
    struct Entry: Hashable, Sendable { var verso: Int?, recto: Int?, solo: Bool }
    let spreads: [Entry]
    /// The spread index of each page (index 0 unused).
    let spreadOfPage: [Int]

    /// `n` ≥ 1, `leading` within 0…n.
    init(pageCount n: Int, solo: Set<Int>, leading: Int, versoPages: Set<Int> = [], rectoPages: Set<Int> = []) {
        var spreads = (0..<leading).map { Entry(verso: nil, recto: $0 + 1, solo: true) }
        var p = leading + 1
        // The cover, the first page after the leading ones, is a recto unless the book places it.
        var versoNext = false
        while p <= n {
            defer { versoNext = true }
            if solo.contains(p) {
                spreads.append(Entry(verso: nil, recto: p, solo: true))
                p += 1
            } else if rectoPages.contains(p) || (!versoPages.contains(p) && !versoNext) {
                spreads.append(Entry(verso: nil, recto: p, solo: false))
                p += 1
            } else if p + 1 <= n && !solo.contains(p + 1) && !versoPages.contains(p + 1) {
                spreads.append(Entry(verso: p, recto: p + 1, solo: false))
                p += 2
            } else {
                spreads.append(Entry(verso: p, recto: nil, solo: false))
                p += 1
            }
        }
        var of = [Int](repeating: 0, count: n + 1)
        for (i, s) in spreads.enumerated() {
            for page in [s.verso, s.recto].compactMap({ $0 }) { of[page] = i }
        }
        self.spreads = spreads
        spreadOfPage = of
    }
}

/// The pages of a book that are double-page spreads by their shape: landscape and at least 1.5 times as wide (for
/// their height) as the book's typical page, the median. `aspects[i]` is page i + 1's width ÷ height; invalid
/// entries are ignored. A book of landscape pages has none.
public func doublePageSpreads(aspects: [Double]) -> Set<Int> {
    let valid = aspects.filter { $0.isFinite && $0 > 0 }.sorted()
    guard !valid.isEmpty else { return [] }
    let median = valid[valid.count / 2]
    var pages: Set<Int> = []
    for (i, a) in aspects.enumerated() where a.isFinite && a > 1 && a >= 1.5 * median { pages.insert(i + 1) }
    return pages
}
