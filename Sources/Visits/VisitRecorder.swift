import Reader

/// What the recorder hands on: the open visit as it stands (to be saved, so that a killed reader loses at most
/// the last `savePeriod`), or a visit that ended.
public enum VisitUpdate: Sendable, Equatable {
    case progress(Visit)
    case finished(Visit)
    /// Attract mode began (ms since 1970): the report's attract-to-visit conversion counts these.
    case attractBegan(at: Int64)
}

/// Turns what happened on screen into visits. Pure and clock-injected: times are ms on one monotonic clock,
/// `wallOffsetMS` places them in calendar time.
///
/// A visit begins with the first input while none is open (after the idle reset, attract mode or start-up) and
/// ends at the idle reset, when attract mode begins, or — when the reset had nothing to reset and so said
/// nothing — `idleTimeout` after the last input. Dwell counts only while the visitor is known to be there: up to
/// the last input or the last page change it caused, not the idle timeout's wait (`lengthMS - activeMS`).
public struct VisitRecorder: Sendable {
    public var idleTimeout: Double?
    public var savePeriod: Double
    public var wallOffsetMS: Double
    public var utcOffsetMinutes: Int
    public private(set) var book: String
    public private(set) var page = 1
    private var attracting = false
    private var open: Open?

    private struct Open: Sendable {
        var visit: Visit
        var start: Double
        var lastInput: Double
        /// The last moment the visitor was surely there: an input or what it caused.
        var present: Double
        var pageSince: Double
        var zoom: (index: Int, since: Double)?
        var dirty = true
        var lastSave: Double?
    }

    /// A reset late by more than this after `idleTimeout` is taken to be missing (nothing to reset).
    static let resetGrace = 1000.0

    public init(book: String, idleTimeout: Double?, wallOffsetMS: Double, utcOffsetMinutes: Int = 0,
                savePeriod: Double = 1000) {
        self.book = book
        self.idleTimeout = idleTimeout.flatMap { $0 > 0 ? $0 : nil }
        self.wallOffsetMS = wallOffsetMS
        self.utcOffsetMinutes = utcOffsetMinutes
        self.savePeriod = savePeriod
    }

    public var isOpen: Bool { open != nil }

    /// When `tick` has something to do: a progress save held back by `savePeriod`, or a visit's missing reset.
    public var nextDeadline: Double? {
        guard let o = open else { return nil }
        let save = o.dirty ? (o.lastSave.map { $0 + savePeriod } ?? o.present) : nil
        let expiry = idleTimeout.map { o.lastInput + $0 + Self.resetGrace }
        return [save, expiry].compactMap { $0 }.min()
    }

    public mutating func record(_ input: VisitInput, at t: Double) -> [VisitUpdate] {
        var out = expire(at: t)
        switch input {
        case .input:
            if open == nil { begin(at: t) }
            open!.lastInput = t
            touch(t)
        case .book(let name):
            if open != nil {
                leavePage(at: t)
                book = name
                if !open!.visit.books.contains(name) { open!.visit.books.append(name) }
                // Its page follows (a `.page`); until then the time counts for no page.
                open!.pageSince = t
                touch(t)
            } else {
                book = name
            }
        case .page(let p):
            if open != nil {
                leavePage(at: t)
                page = p
                arrive(at: t)
            } else {
                page = p
            }
        case .turn(let kind):
            guard open != nil else { break }
            open!.visit.turns[kind, default: 0] += 1
            touch(t)
        case let .zoom(scale, centre):
            guard open != nil else { break }
            zoomed(scale: scale, centre: centre, at: t)
        case .overlay:
            guard open != nil else { break }
            open!.visit.overlayUses += 1
            touch(t)
        case .scrubber:
            guard open != nil else { break }
            open!.visit.scrubberUses += 1
            open!.visit.turns[.jump, default: 0] += 1
            touch(t)
        case .narration(let captioned):
            guard open != nil else { break }
            open!.visit.narrations += 1
            if captioned { open!.visit.captionedNarrations += 1 }
        case .narrationHeard(let ms):
            guard open != nil else { break }
            open!.visit.narrationHeardMS += max(0, ms)
        case .layers:
            guard open != nil else { break }
            open!.visit.uses.layerSwitches += 1
        case .noteOpened:
            guard open != nil else { break }
            open!.visit.uses.notesOpened += 1
        case .contentsOpened:
            guard open != nil else { break }
            open!.visit.uses.contentsOpened += 1
        case .language(let code):
            guard open != nil, !open!.visit.uses.languages.contains(code),
                  open!.visit.uses.languages.count < ReadingUses.maxLanguages else { break }
            open!.visit.uses.languages.append(code)
        case .idleReset:
            out += end(at: t)
        case .attractBegan:
            attracting = true
            out += end(at: t)
            out.append(.attractBegan(at: Int64((t + wallOffsetMS).rounded())))
        case .attractEnded:
            attracting = false
        case .idleTimeout(let ms):
            idleTimeout = ms.flatMap { $0 > 0 ? $0 : nil }
        }
        return out + progress(at: t)
    }

    /// At `nextDeadline`: a held-back save, or the end of a visit whose reset never came.
    public mutating func tick(at t: Double) -> [VisitUpdate] {
        let ended = expire(at: t)
        return ended.isEmpty ? progress(at: t) : ended
    }

    /// The reader stops: the open visit ends where the visitor was last seen.
    public mutating func finish(at t: Double) -> [VisitUpdate] {
        guard let o = open else { return [] }
        return end(at: min(t, o.present))
    }

    /// The open visit as it would be saved now (tests, `recto ctl stats`).
    public var current: Visit? { open.map { snapshot($0, end: nil) } }

    // MARK: -

    private mutating func begin(at t: Double) {
        var v = Visit(startedAt: Int64((t + wallOffsetMS).rounded()), utcOffsetMinutes: utcOffsetMinutes,
                      attract: attracting, books: [book], open: true)
        v.pages = [PageDwell(book: book, page: page, ms: 0, shows: 1)]
        open = Open(visit: v, start: t, lastInput: t, present: t, pageSince: t)
    }

    private mutating func touch(_ t: Double) {
        open!.present = max(open!.present, t)
        open!.dirty = true
    }

    private mutating func arrive(at t: Double) {
        open!.pageSince = t
        if let i = open!.visit.pages.firstIndex(where: { $0.book == book && $0.page == page }) {
            open!.visit.pages[i].shows += 1
        } else {
            open!.visit.pages.append(PageDwell(book: book, page: page, ms: 0, shows: 1))
        }
        touch(t)
    }

    /// The page shown since `pageSince` is left at `t` (a zoom on it ends too).
    private mutating func leavePage(at t: Double) {
        if let i = open!.visit.pages.firstIndex(where: { $0.book == book && $0.page == page }) {
            open!.visit.pages[i].ms += max(0, t - open!.pageSince)
        }
        open!.pageSince = t
        endZoom(at: t)
    }

    private mutating func zoomed(scale: Double, centre: PagePoint?, at t: Double) {
        touch(t)
        guard scale > 1.01 else { return endZoom(at: t) }
        if let z = open!.zoom {
            open!.visit.zooms[z.index].scale = max(open!.visit.zooms[z.index].scale, scale)
            return
        }
        let point = centre ?? PagePoint(page: page, x: 0.5, y: 0.5)
        open!.visit.zooms.append(ZoomRecord(book: book, page: point.page, x: point.x, y: point.y, scale: scale, ms: 0))
        open!.zoom = (open!.visit.zooms.count - 1, t)
    }

    private mutating func endZoom(at t: Double) {
        guard let z = open!.zoom else { return }
        open!.visit.zooms[z.index].ms += max(0, t - z.since)
        open!.zoom = nil
    }

    private mutating func end(at t: Double) -> [VisitUpdate] {
        guard let o = open else { return [] }
        open = nil
        return [.finished(snapshot(o, end: max(t, o.present)))]
    }

    private mutating func expire(at t: Double) -> [VisitUpdate] {
        guard let o = open, let idle = idleTimeout, t > o.lastInput + idle + Self.resetGrace else { return [] }
        return end(at: o.lastInput + idle)
    }

    private mutating func progress(at t: Double) -> [VisitUpdate] {
        guard let o = open, o.dirty, o.lastSave.map({ t - $0 >= savePeriod }) ?? true else { return [] }
        open!.dirty = false
        open!.lastSave = t
        return [.progress(snapshot(o, end: nil))]
    }

    /// The visit with the page and zoom still in progress counted up to the visitor's last sign of presence.
    /// `end`: where it ended (nil: still open).
    private func snapshot(_ o: Open, end: Double?) -> Visit {
        var v = o.visit
        if let i = v.pages.firstIndex(where: { $0.book == book && $0.page == page }) {
            v.pages[i].ms += max(0, o.present - o.pageSince)
        }
        if let z = o.zoom { v.zooms[z.index].ms += max(0, o.present - z.since) }
        v.activeMS = o.present - o.start
        v.lengthMS = (end ?? o.present) - o.start
        v.open = end == nil
        return v
    }
}
