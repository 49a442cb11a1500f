import Geometry
import Gestures

/// What the shell draws for a library: the shelf, or the book read from it with its home control.
public enum ShelfView: Sendable, Equatable {
    /// The covers on screen, each with its title's box (window px), titles set at `titleSize` px; with more than
    /// one page of covers, a dot for each page below them (the page shown larger).
    case shelf(covers: [ShelfCover], titleSize: Double, dots: [Rect])
    /// A book from the shelf: the home control's square, and while the book grows from its cover the
    /// transform from the full view to where it is now (window px).
    case reading(home: Rect, growth: Affine2?)
}

public struct ShelfCover: Sendable, Equatable {
    public var book: Int
    public var cover: Rect
    public var title: Rect
}

extension AppCore {
    var shelfLayout: ShelfLayout? {
        guard let shelf, let w = window else { return nil }
        return ShelfLayout(width: w.width, height: w.height, pixelsPerMM: pixelsPerMM, count: shelf.books.count,
                           reach: settings.reach)
    }

    private var perMM: Double { pixelsPerMM.flatMap { $0 > 0 ? $0 : nil } ?? OverlayLayout.fallbackPixelsPerMM }

    private var animated: Bool { !reader.config.reducedMotion }

    /// The home control: the first of the controls' row (ControlBar), in its left corner, 1.5 mm in.
    var homeRect: Rect {
        if let home = controlBar?.buttons.first(where: { $0.action == .home }) { return home.rect }
        let side = OverlayLayout.targetMM * perMM, inset = 1.5 * perMM
        return Rect(x: inset, y: inset, width: side, height: side)
    }

    /// The shell found these books: the shelf is shown.
    mutating func shelfLoaded(_ books: [ShelfBook]) -> [AppEffect] {
        shelf = ShelfPolicy(books: books)
        return [shelfShown()]
    }

    private func shelfShown() -> AppEffect { .occurred(.shelf(books: shelf?.books.count ?? 0)) }

    mutating func coverReady(_ book: Int, size: PixelSize) {
        shelf?.coverSizes[book] = size
    }

    /// Keys and the wheel page the shown shelf; Escape returns home from a book read from it.
    mutating func shelfKeys(_ input: InputEvent, at time: Double) -> [AppEffect] {
        guard var s = shelf, let layout = shelfLayout else { return [] }
        guard s.visible else {
            guard case .key(Keysym.Escape, true, _, _) = input else { return [] }
            return goHome(now: time, page: s.current.map(layout.page(of:)) ?? 0)
        }
        let action = s.keyOrWheel(input, layout: layout, now: time, animated: animated)
        shelf = s
        return perform(action)
    }

    /// A stroke on the shelf, if it is still shown.
    mutating func shelfStroke(_ stroke: ControlStroke, at time: Double) -> [AppEffect] {
        guard var s = shelf, s.visible, let layout = shelfLayout else { return [] }
        let action = s.stroke(stroke, layout: layout, now: time, animated: animated)
        shelf = s
        return perform(action)
    }

    /// A stroke that went down on the home control: its release (wherever it lifts) returns home.
    mutating func homeStroke(_ stroke: ControlStroke, at time: Double) -> [AppEffect] {
        guard let s = shelf, !s.visible, let layout = shelfLayout, stroke.phase == .tap || stroke.phase == .lift
        else { return [] }
        return goHome(now: time, page: s.current.map(layout.page(of:)) ?? 0)
    }

    private mutating func perform(_ action: ShelfPolicy.Action) -> [AppEffect] {
        switch action {
        case .none: return []
        case .open(let book):
            guard let s = shelf, s.pending == nil else { return [] }
            shelf?.pending = book
            return [.start(.openShelfBook(book: book, path: s.books[book].path))]
        }
    }

    /// Back to the shelf, at shelf page `page`.
    private mutating func goHome(now: Double, page: Int) -> [AppEffect] {
        guard let layout = shelfLayout else { return [] }
        shelf?.visible = true
        shelf?.opening = nil
        shelf?.show(page: page, layout: layout, now: now, animated: false)
        // A visitor's first tap on a cover must open it, not end attract mode.
        let out = idle.attract.active ? endAttract() : []
        idle.attract.restart(now: now)
        return out + [shelfShown()]
    }

    /// The idle reset with a library: the shelf again, at its first page (nothing when it is shown there).
    mutating func shelfIdleReset(now: Double) -> [AppEffect] {
        guard let s = shelf, !s.visible || s.page != 0 else { return [] }
        var out: [AppEffect] = []
        if !s.visible { out.append(.occurred(.idleReset(page: reader.page))) }
        return out + goHome(now: now, page: 0)
    }

    /// The shell opened book `book` (`pageCount` pages, at `startPage`): it grows from its cover.
    mutating func shelfBookOpened(_ book: Int, pageCount: Int, startPage: Int, now: Double) -> [AppEffect] {
        guard let s = shelf, book < s.books.count else { return [] }
        shelf?.pending = nil
        shelf?.visible = false
        shelf?.current = book
        let grows = animated
        shelf?.opening = grows ? (book, now, nil) : nil
        var out = replaceBook(pageCount: pageCount, startPage: startPage)
        out.append(.occurred(.opened(path: s.books[book].path, title: s.books[book].title, pages: pageCount)))
        return out
    }

    /// `recto ctl open` showed a book of its own: the shelf hides (the home control returns to its first page).
    mutating func shelfLeft() {
        shelf?.visible = false
        shelf?.current = nil
        shelf?.opening = nil
    }

    /// A book chosen on the shelf cannot be opened: said in the log and on stderr (the library read again since the
    /// choice may hold other books now: a book it no longer holds is named by its place).
    mutating func shelfBookFailed(_ book: Int, message: String) -> [AppEffect] {
        shelf?.pending = nil
        let chosen = shelf.flatMap { $0.books.indices.contains(book) ? $0.books[book] : nil }
        let path = chosen?.path ?? "book \(book + 1) of the shelf"
        return [.warn("the book \(path) cannot be opened: \(message)"),
                .occurred(.shelfBookFailed(path: path, title: chosen?.title ?? "", reason: message))]
    }

    /// The opening book waited long enough for its pages: it grows now.
    mutating func shelfDue(now: Double) {
        guard let due = shelf?.openDeadline, due <= now else { return }
        shelf?.opening?.start = now
    }

    /// Before a frame at `now`: the opening book grows once its pages are here, and is open once grown.
    mutating func advanceShelf(now: Double) {
        guard let o = shelf?.opening else { return }
        if o.start == nil, reader.frame.pages.allSatisfy({ hasImage($0.page) }) { shelf?.opening?.start = now }
        if let start = shelf?.opening?.start, now - start >= ShelfPolicy.openDuration { shelf?.opening = nil }
    }

    /// What to draw at `now` for a library (nil without one).
    public func shelfView(now: Double) -> ShelfView? {
        guard let s = shelf, let layout = shelfLayout else { return nil }
        if s.visible || (s.opening != nil && s.opening?.start == nil) { return coversView(now: now, layout: layout) }
        guard let o = s.opening, let start = o.start else { return .reading(home: homeRect, growth: nil) }
        let t = min(1, max(0, (now - start) / ShelfPolicy.openDuration))
        let from = coverRect(o.book, layout: layout, scroll: s.scroll(at: now, layout: layout).x)
        return .reading(home: homeRect, growth: growth(from: from, progress: 1 - pow3(1 - t)))
    }

    private func coversView(now: Double, layout: ShelfLayout) -> ShelfView {
        guard let s = shelf else { return .shelf(covers: [], titleSize: layout.titleSize, dots: []) }
        let (scroll, _) = s.scroll(at: now, layout: layout)
        let covers = s.books.indices.compactMap { i -> ShelfCover? in
            let slot = layout.slotRect(i)
            guard slot.maxX + layout.margin > scroll, slot.minX - layout.margin < scroll + layout.width else { return nil }
            let shifted = Rect(x: slot.minX - scroll, y: slot.minY, width: slot.width, height: slot.height)
            return ShelfCover(book: i, cover: layout.coverRect(in: shifted, size: s.coverSizes[i]),
                              title: layout.titleRect(below: shifted))
        }
        return .shelf(covers: covers, titleSize: layout.titleSize, dots: layout.dots(current: s.page))
    }

    private func coverRect(_ book: Int, layout: ShelfLayout, scroll: Double) -> Rect {
        let slot = layout.slotRect(book)
        return layout.coverRect(in: Rect(x: slot.minX - scroll, y: slot.minY, width: slot.width, height: slot.height),
                                size: shelf?.coverSizes[book])
    }

    /// Maps the spread on screen onto the rectangle `progress` of the way from `cover` to the spread itself.
    private func growth(from cover: Rect, progress e: Double) -> Affine2 {
        let frame = reader.frame
        let corners = frame.pages.flatMap { p in
            [Vec2(p.rect.minX, p.rect.minY), Vec2(p.rect.maxX, p.rect.maxY)].map(frame.view.apply)
        }
        guard let x0 = corners.map(\.x).min(), let x1 = corners.map(\.x).max(), let y0 = corners.map(\.y).min(),
              let y1 = corners.map(\.y).max(), x1 > x0, y1 > y0 else { return .identity }
        func mix(_ a: Double, _ b: Double) -> Double { a + (b - a) * e }
        let r = Rect(x: mix(cover.minX, x0), y: mix(cover.minY, y0), width: mix(cover.width, x1 - x0),
                     height: mix(cover.height, y1 - y0))
        let sx = r.width / (x1 - x0), sy = r.height / (y1 - y0)
        return Affine2(a: sx, b: 0, c: 0, d: sy, tx: r.minX - x0 * sx, ty: r.minY - y0 * sy)
    }

    private func pow3(_ x: Double) -> Double { x * x * x }
}

extension AppCore {
    /// The shelf's books, their covers, a book opened from it or failing to, the library changing.
    mutating func shelfEvent(_ event: AppEvent, now: Double) -> [AppEffect] {
        switch event {
        case .shelf(let books): return shelfLoaded(books)
        case let .coverReady(book, size): coverReady(book, size: size)
        case let .shelfBookOpened(book, count, start): return shelfBookOpened(book, pageCount: count, startPage: start, now: now)
        case let .shelfBookFailed(book, message): return shelfBookFailed(book, message: message)
        case .libraryChanged: shelf?.libraryChanged(now: now)
        case .libraryRead(let books): return libraryRead(books, now: now)
        default: break
        }
        return []
    }
}
