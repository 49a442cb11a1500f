import AppCore
import Occurrences
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

        mutating func touch(_ t: Double) {
            present = max(present, t)
            dirty = true
        }

        mutating func arrive(book: String, page: Int, at t: Double) {
            pageSince = t
            if let i = visit.pages.firstIndex(where: { $0.book == book && $0.page == page }) {
                visit.pages[i].shows += 1
            } else {
                visit.pages.append(PageDwell(book: book, page: page, ms: 0, shows: 1))
            }
            touch(t)
        }

        /// The page shown since `pageSince` is left at `t` (a zoom on it ends too).
        mutating func leave(book: String, page: Int, at t: Double) {
            if let i = visit.pages.firstIndex(where: { $0.book == book && $0.page == page }) {
                visit.pages[i].ms += max(0, t - pageSince)
            }
            pageSince = t
            endZoom(at: t)
        }

        /// A zoom settled at `scale` around `point`: a zoom on the page goes on (its greatest scale kept), or
        /// begins; a settle back to fit ends it.
        mutating func zoomed(scale: Double, at point: PagePoint, book: String, time t: Double) {
            touch(t)
            guard scale > 1.01 else { return endZoom(at: t) }
            if let z = zoom {
                visit.zooms[z.index].scale = max(visit.zooms[z.index].scale, scale)
                return
            }
            visit.zooms.append(ZoomRecord(book: book, page: point.page, x: point.x, y: point.y, scale: scale, ms: 0))
            zoom = (visit.zooms.count - 1, t)
        }

        mutating func endZoom(at t: Double) {
            guard let z = zoom else { return }
            visit.zooms[z.index].ms += max(0, t - z.since)
            zoom = nil
        }
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
            withOpen { $0.lastInput = t; $0.touch(t) }
        case .book(let name):
            let (shown, page) = (book, self.page)
            book = name
            withOpen { o in
                o.leave(book: shown, page: page, at: t)
                if !o.visit.books.contains(name) { o.visit.books.append(name) }
                // Its page follows (a `.page`); until then the time counts for no page.
                o.pageSince = t
                o.touch(t)
            }
        case .page(let p):
            let (book, left) = (book, page)
            page = p
            withOpen { o in
                o.leave(book: book, page: left, at: t)
                o.arrive(book: book, page: p, at: t)
            }
        case .turn(let kind): withOpen { $0.visit.turns[kind, default: 0] += 1; $0.touch(t) }
        case let .zoom(scale, centre):
            let (book, page) = (book, page)
            withOpen { $0.zoomed(scale: scale, at: centre ?? PagePoint(page: page, x: 0.5, y: 0.5), book: book, time: t) }
        case .overlay: withOpen { $0.visit.overlayUses += 1; $0.touch(t) }
        case .scrubber: withOpen { $0.visit.scrubberUses += 1; $0.visit.turns[.jump, default: 0] += 1; $0.touch(t) }
        case .narration(let captioned):
            withOpen {
                $0.visit.narrations += 1
                if captioned { $0.visit.captionedNarrations += 1 }
            }
        case .narrationHeard(let ms): withOpen { $0.visit.narrationHeardMS += max(0, ms) }
        case .layers: withOpen { $0.visit.uses.layerSwitches += 1 }
        case .noteOpened: withOpen { $0.visit.uses.notesOpened += 1 }
        case .contentsOpened: withOpen { $0.visit.uses.contentsOpened += 1 }
        case .aboutOpened: withOpen { $0.visit.uses.aboutOpened += 1 }
        case .language(let code):
            withOpen { o in
                guard !o.visit.uses.languages.contains(code), o.visit.uses.languages.count < ReadingUses.maxLanguages else { return }
                o.visit.uses.languages.append(code)
            }
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

    /// Changes the open visit, if one is open (taken out while it changes, so its arrays are not copied).
    private mutating func withOpen(_ change: (inout Open) -> Void) {
        guard var o = open else { return }
        open = nil
        change(&o)
        open = o
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
        guard var o = open, o.dirty, o.lastSave.map({ t - $0 >= savePeriod }) ?? true else { return [] }
        o.dirty = false
        o.lastSave = t
        open = o
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
