import Book
import Curl
import Geometry
import Gestures

/// The reader's state: which spread is shown, the leaf being turned, the zoom view.
///
/// Pure: intents from the gesture recognizer and frame times in, events and a frame description out.
/// Times are ms on the input events' clock (the one unit of time of the pure modules); positions are window
/// pixels.
public struct Reader: Sendable, Equatable {
    public private(set) var config: ReaderConfig
    public internal(set) var position: ReadingPosition
    public private(set) var window = Rect.zero
    public internal(set) var zoom: ZoomView
    var turn: TurnState?
    /// The book's front cover (ComicInfo's `FrontCover`; page 1 by default): where the idle reset returns.
    public var coverPage = 1
    /// With reduced motion: the turn in progress, as a cross-fade.
    var fade: CrossFade?
    private var pageSizes: [Int: Size] = [:]
    /// A zoom event waits until the view stops animating.
    var pendingZoomEvent = false

    /// Equal when they would draw the same, as far as the reader decides it alone: the sizes it keeps for pages
    /// not on screen are left out (what a frame shows compares the pages it places).
    public static func == (a: Reader, b: Reader) -> Bool {
        a.config == b.config && a.position == b.position && a.window == b.window && a.zoom == b.zoom && a.turn == b.turn
            && a.coverPage == b.coverPage && a.fade == b.fade && a.pendingZoomEvent == b.pendingZoomEvent
    }

    public init(pageCount: Int, config: ReaderConfig = ReaderConfig()) {
        self.config = config
        position = ReadingPosition(pageCount: pageCount, mode: .single,
                                   direction: config.rightToLeft ? .rightToLeft : .leftToRight, spineOffset: config.spineOffset)
        zoom = ZoomView(config: config.zoom)
    }

    /// New tunables while reading (`recto ctl set`): turns, zoom and gestures use them from the next gesture,
    /// on the same page; a turn in flight lands on its own spring. The layout (direction, spread, margin) and
    /// the reduced-motion choice stay; a zoom beyond a lowered maximum returns to fit.
    public mutating func retune(_ new: ReaderConfig, at time: Double) {
        var c = new
        c.rightToLeft = config.rightToLeft
        c.spread = config.spread
        c.marginFraction = config.marginFraction
        c.reducedMotion = config.reducedMotion
        c.spineOffset = config.spineOffset
        c.fadeDuration = config.fadeDuration
        c.zoom.animationDuration = config.zoom.animationDuration
        config = c
        zoom.config = c.zoom
        if zoom.scale > c.zoom.maxScale { zoom.reset(time: time) }
    }

    // MARK: layout

    /// One page or two at a time as `preference` says from now on (a book that says which); the page stays.
    public mutating func setSpread(_ preference: SpreadPreference) -> [ReaderEvent] {
        guard preference != config.spread else { return [] }
        config.spread = preference
        return resize(width: window.width, height: window.height)
    }

    /// The window's logical size changed (including rotation): spreads follow `--spread auto`.
    /// Returns the events of a turn that had to settle at once for the new layout.
    @discardableResult
    public mutating func resize(width: Double, height: Double) -> [ReaderEvent] {
        window = Rect(x: 0, y: 0, width: max(0, width), height: max(0, height))
        let mode = config.spread.resolve(width: width, height: height)
        var events: [ReaderEvent] = []
        if mode != position.mode {
            // A leaf in motion belongs to the old layout: it settles first (a committed turn lands, a held
            // one falls back), then the layout switches keeping the page it left.
            events = finishTurnImmediately()
            let page = position.page
            position.setMode(mode)
            position.go(toPage: page)
        }
        updateZoomLayout()
        return events
    }

    /// A page's pixel size became known (decoded): the layout may change.
    public mutating func setPageSize(_ page: Int, width: Double, height: Double) {
        pageSizes[page] = Size(width: width, height: height)
        updateZoomLayout()
    }

    /// A page's proportions (width / height) became known before its pixels (a PDF's page table): it is laid out
    /// in them until it is decoded. Ignored unless finite and > 0.
    public mutating func setPageAspect(_ page: Int, _ aspect: Double) {
        guard aspect > 0, aspect.isFinite else { return }
        pageSizes[page] = Size(width: aspect, height: 1)
        updateZoomLayout()
    }

    /// The proportions (width / height) of the known page nearest to `page`, for a placeholder in the book's
    /// proportions: a page's size here may be only its proportions, never pixels to draw.
    public func pageAspect(near page: Int) -> Double? {
        for d in 0..<8 {
            for p in [page - d, page + d] { if let a = pageSizes[p]?.aspect { return a } }
        }
        return nil
    }

    /// The current page (from 1; in double mode the first page of the spread).
    public var page: Int { position.page }

    public var isTurning: Bool { turn != nil || fade != nil }
    /// A finger (or the pointer) holds the turning page.
    public var isDragging: Bool { turn?.isDragging ?? false }
    /// True while something moves without input: a settling leaf or an animating view.
    public var isAnimating: Bool {
        (turn.map { !$0.isDragging || $0.catchUp != nil } ?? false) || fade != nil || zoom.isAnimating
    }

    private var margins: SpreadMargins {
        SpreadMargins(all: (min(window.width, window.height) * config.marginFraction).rounded())
    }

    /// A page not decoded yet is laid out in its nearest known neighbour's proportions (a book's pages are mostly
    /// of one size), so the spread keeps its place when the page comes instead of moving from a guess.
    func layout(_ spreadIndex: Int) -> SpreadFrame {
        layoutSpread(position.layout.spread(at: spreadIndex),
                     in: Size(width: window.width, height: window.height), margins: margins) {
            pageSizes[$0] ?? pageAspect(near: $0).map { Size(width: $0, height: 1) } ?? Size(width: 0, height: 0)
        }
    }

    mutating func updateZoomLayout() {
        zoom.setLayout(viewport: window, content: layout(position.spreadIndex).bounds)
    }

    /// Pages to keep decoded: the spread shown and two spreads either side.
    public var neededPages: [Int] {
        let s = position.spreadIndex
        var pages = position.layout.spread(at: s).pages
        for d in [1, -1, 2, -2] {
            let i = s + d
            if i >= 0 && i < position.layout.spreadCount { pages += position.layout.spread(at: i).pages }
        }
        return pages
    }

    // MARK: frame

    /// What to draw at the current state.
    public var frame: ReaderFrame {
        if let fade { return fadeFrame(fade) }
        let here = layout(position.spreadIndex)
        var f = ReaderFrame(view: zoom.affine, pages: here.placed, leaf: nil,
                            spineX: position.mode == .double ? here.spineX : nil)
        // With reduced motion a held page does not move: the release decides, and a cross-fade turns.
        guard let turn, !holdsStill(turn) else { return f }
        let leaf = turn.leaf
        let solution = turn.solution
        if let t = leaf.turn {
            // Flat pages during a turn: the facing page on the other half and the page under the leaf.
            let before = layout(t.from), after = layout(t.to)
            var flat: [PlacedPage] = []
            if let facing = t.facing, let r = before.rect(of: facing) ?? after.rect(of: facing) {
                flat.append(PlacedPage(page: facing, rect: r))
            }
            f.pages = flat
            f.leaf = LeafFrame(rect: leaf.rect, cylinder: solution.cylinder, front: t.front, back: t.back,
                               backIsMirrored: t.backIsMirrored, under: t.under, progress: solution.progress,
                               opacity: Leaf.opacity(progress: solution.progress, single: t.backIsMirrored))
        } else {
            // A pull at the end of the book: the page lifts a little over the background.
            let pulled = here.placed.first { $0.rect == leaf.rect }?.page
            f.pages = here.placed.filter { $0.rect != leaf.rect }
            f.leaf = LeafFrame(rect: leaf.rect, cylinder: solution.cylinder, front: pulled,
                               back: position.mode == .single ? pulled : nil,
                               backIsMirrored: position.mode == .single, under: nil, progress: solution.progress)
        }
        return f
    }

    /// The view on screen as the gesture recognizer needs it: where pages can be picked up, tap zones, zoom.
    /// Built fresh for each input event (after advancing to the event's time), never kept.
    public var gestureContext: GestureContext {
        var c = GestureContext(tapArea: window, isZoomed: zoom.isZoomed, rightToLeft: config.rightToLeft)
        let here = layout(position.spreadIndex)
        let forwardSide: PageSide = config.rightToLeft ? .left : .right
        func onScreen(_ r: Rect) -> Rect { screenBounds(of: r) }
        func page(on side: PageSide) -> PlacedPage? {
            if position.mode == .single { return here.left ?? here.right }
            return side == .left ? here.left : here.right
        }
        let fwd = page(on: forwardSide).map { TurnablePage(rect: onScreen($0.rect), outerEdge: forwardSide == .right ? .right : .left) }
        let bwd = page(on: forwardSide == .right ? .left : .right)
            .map { TurnablePage(rect: onScreen($0.rect), outerEdge: forwardSide == .right ? .left : .right) }
        c.setTurnablePages(forward: fwd, backward: bwd, config: config.gestures)
        return c
    }

    private func screenBounds(of r: Rect) -> Rect {
        let corners = [Vec2(r.minX, r.minY), Vec2(r.maxX, r.minY), Vec2(r.minX, r.maxY), Vec2(r.maxX, r.maxY)]
            .map { zoom.toScreen($0) }
        let xs = corners.map(\.x), ys = corners.map(\.y)
        return Rect(x: xs.min()!, y: ys.min()!, width: xs.max()! - xs.min()!, height: ys.max()! - ys.min()!)
    }
}

extension Reader {
    /// Shows the spread holding `page` at once (no animation), zoom reset.
    public mutating func go(toPage page: Int) {
        _ = finishTurnImmediately()
        position.go(toPage: page)
        zoom.reset(time: 0, animated: false)
        updateZoomLayout()
    }
}

extension Reader {
    /// The book's double-page images (shown alone in double mode) are `solo`, and `placed` sit on the halves the
    /// book fixes. A turn in progress settles first; the page stays in view.
    public mutating func setSoloPages(_ pages: Set<Int>) -> [ReaderEvent] {
        setPagePlacement(solo: pages, placed: position.layout.placedPages)
    }

    public mutating func setPagePlacement(solo: Set<Int>, placed: [Int: PageSide]) -> [ReaderEvent] {
        guard solo != position.layout.soloPages || placed != position.layout.placedPages else { return [] }
        let events = finishTurnImmediately()
        let page = position.page
        position.setSoloPages(solo)
        position.setPlacedPages(placed)
        position.go(toPage: page)
        updateZoomLayout()
        return events
    }
}

extension Reader {
    /// The book has `offset` pages before its cover (`SpreadLayout.spineOffset`), each shown alone in double
    /// spreads. A turn in progress settles first; the page stays in view.
    public mutating func setSpineOffset(_ offset: Int) -> [ReaderEvent] {
        guard offset != config.spineOffset else { return [] }
        let events = finishTurnImmediately()
        let page = position.page
        config.spineOffset = offset
        position.setSpineOffset(offset)
        position.go(toPage: page)
        updateZoomLayout()
        return events
    }
}

extension Reader {
    /// The book changed on disk: `count` pages now. The current page is kept, or clamped to the new end;
    /// a turn in progress settles first. Returns a page event when the shown page number changed.
    public mutating func setPageCount(_ count: Int) -> [ReaderEvent] {
        guard count != position.pageCount else { return [] }
        _ = finishTurnImmediately()
        let before = position.page
        let (solo, placed) = (position.layout.soloPages, position.layout.placedPages)
        position = ReadingPosition(pageCount: count, mode: position.mode, direction: position.direction, page: before,
                                   spineOffset: config.spineOffset)
        position.setSoloPages(solo)
        position.setPlacedPages(placed)
        position.go(toPage: before)
        // The page of a spread is its first page, as after a turn.
        position.go(toSpread: position.spreadIndex)
        pageSizes = pageSizes.filter { $0.key <= count }
        updateZoomLayout()
        return position.page != before ? [.page(position.page)] : []
    }
}
