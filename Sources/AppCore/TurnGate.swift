import Book
import Gestures
import Reader

/// A page turn (key, tap, flick) waits until the pages it shows are decoded: a flip never shows blank paper where
/// a page belongs. Turns asked for while one waits are dropped (a held key or a frantic visitor does not queue up
/// turns to play long after). A turn waits at most `limit` ms: a decode that hangs (a hostile file) must not
/// stop the reader, so it turns then and the page shows its placeholder when it comes.
struct TurnGate: Sendable {
    static let limit = 1500.0
    /// The turn waiting, since when, and from which page (if the reader is elsewhere by then, it is dropped).
    private(set) var held: (intent: TimedIntent, since: Double, page: Int)?

    var deadline: Double? { held.map { $0.since + Self.limit } }

    /// The pages `turn` shows: its leaf's faces, what it reveals and what it covers.
    static func pages(of turn: PageTurn) -> [Int] {
        [turn.front, turn.back, turn.under, turn.facing].compactMap { $0 }
    }

    /// Whether `timed` may go to the reader now (else it is held, or dropped when another is held).
    mutating func admit(_ timed: TimedIntent, turn: PageTurn?, from page: Int, has: (Int) -> Bool, now: Double) -> Bool {
        guard let turn else { return true }
        if held != nil { return false }
        if Self.pages(of: turn).allSatisfy(has) { return true }
        held = (timed, now, page)
        return false
    }

    /// The held turn, when its pages have arrived or it has waited long enough.
    mutating func release(turn: PageTurn?, from page: Int, has: (Int) -> Bool, now: Double) -> TimedIntent? {
        guard let h = held else { return nil }
        guard h.page == page else {
            held = nil
            return nil
        }
        let ready = turn.map { Self.pages(of: $0).allSatisfy(has) } ?? true
        guard ready || now >= h.since + Self.limit else { return nil }
        held = nil
        return h.intent
    }

}

extension Intent {
    /// A turn shown at once, not dragged (key, tap zone, wheel, flick): true forward, false backward.
    var turnsForward: Bool? {
        switch self {
        case .turn(let direction, _), .flick(let direction, _): direction == .forward
        default: nil
        }
    }
}
