import Book
import Geometry
import Gestures
import Reader

/// Turns shown at once (key, tap, wheel, flick) wait until the pages they show are decoded, so a flip never shows
/// blank paper where a page belongs; turns asked for meanwhile wait behind them and run in order, so no press is
/// lost to a slow decode.
///
/// - Once `carryFrom` turns wait (the one waiting for its pages and one behind it), a press in the last one's
///   direction is carried by it: it lands one spread further (its leaf skips the spreads between, which are never
///   decoded), so every press moves the reader as far as it asked, however fast pages decode, and after the hands
///   stop at most two leaves play: the one whose pages are coming and the one carrying the rest. A press the
///   other way takes a carried spread back; with none to take it waits as a turn of its own, up to `bound` turns
///   (a visitor going back and forth), and beyond that is refused: counted and logged by the caller, never
///   silently.
/// - The queue follows the reader: each waiting turn is judged from the page the one before it leads to, and
///   runs once its own pages are there, no sooner after the one before than it was pressed after it, up to
///   `spacing`: a quick burst keeps its rhythm, so each turn is seen to start, and a press that came long after
///   the one before (a pause, or no room in the queue until then) is not held back as long again. If the reader
///   ends up elsewhere than the queue expected (a jump, an idle reset, another book) the waiting turns mean
///   nothing any more and are cleared. A drag begun meanwhile waits behind them (`HeldDrag`).
/// - A turn waits at most `limit` ms for its pages: a decode that hangs (a hostile file) must not stop the
///   reader, so it turns then and the page shows its placeholder when it comes.
struct TurnGate: Sendable {
    static let limit = 1500.0
    static let carryFrom = 2
    static let bound = 4
    static let spacing = 100.0

    /// When a turn (or drag) asked for at `asked` may follow one asked for at `before` that went at `now`.
    static func following(asked: Double, before: Double, now: Double) -> Double {
        now + min(max(0, asked - before), spacing)
    }

    /// A waiting turn, with its own time (when it was asked for) and how the visitor asked for it when the intent
    /// does not say (a held drag let go as a flick is a drag).
    struct Waiting: Sendable, Equatable {
        let timed: TimedIntent
        let kind: TurnKind?
        /// Presses carried by this turn: it lands `1 + further` spreads away.
        var further = 0

        var spreads: Int { 1 + further }
    }

    /// The waiting turns, oldest first.
    private(set) var queue: [Waiting] = []
    /// When the first waiting turn may go: its press, or the previous turn's start plus the gap between the
    /// two presses.
    private var notBefore = 0.0
    /// When the first waiting turn began to wait for its pages (its `limit` counts from there).
    private var since = 0.0
    /// The page the reader rests on when the first waiting turn goes; another page means it went elsewhere.
    private var landing = 0
    /// When the gate last looked: a deadline already passed is not one.
    private var checkedAt = -Double.infinity

    var isEmpty: Bool { queue.isEmpty }

    var deadline: Double? {
        guard !queue.isEmpty else { return nil }
        return [notBefore, since + Self.limit].filter { $0 > checkedAt }.min()
    }

    /// The pages `turn` shows: its leaf's faces, what it reveals and what it covers.
    static func pages(of turn: PageTurn) -> [Int] {
        [turn.front, turn.back, turn.under, turn.facing].compactMap { $0 }
    }

    enum Admission: Equatable {
        /// To the reader now.
        case go
        /// Waits (`waiting` turns wait now, this one included).
        case queued(waiting: Int)
        /// `carryFrom` turns wait already: the last of them carries this press and now lands `spreads` away.
        case carried(spreads: Int)
        /// `bound` turns wait already and the last goes the other way without a carried spread to take back.
        case refused
    }

    /// What happens to `timed`, a turn that `turn` would make from the page the reader rests on, `resting`.
    mutating func admit(_ timed: TimedIntent, kind: TurnKind? = nil, turn: PageTurn?, resting: Int, has: (Int) -> Bool,
                        now: Double) -> Admission {
        if queue.isEmpty {
            guard let turn, !Self.pages(of: turn).allSatisfy(has) else { return .go }
            notBefore = timed.time
            since = timed.time
            landing = resting
            checkedAt = now
        } else {
            let last = queue.count - 1
            let same = timed.intent.turnDirection == queue[last].timed.intent.turnDirection
            if queue.count >= Self.carryFrom, same || queue[last].further > 0 {
                queue[last].further += same ? 1 : -1
                return .carried(spreads: queue[last].spreads)
            }
            if queue.count >= Self.bound { return .refused }
        }
        queue.append(Waiting(timed: timed, kind: kind))
        return .queued(waiting: queue.count)
    }

    enum Release: Equatable {
        case none
        /// The first waiting turn goes now.
        case go(Waiting)
        /// The reader is not where the queue expected: the turns waiting were cleared (their number).
        case cleared(Int)
    }

    /// Whether the first waiting turn goes now: the reader rests on `resting`, from where it would make `turn`
    /// (of the first waiting turn's `spreads`).
    /// After a `.go` the caller applies it and calls `ran(resting:at:)`.
    mutating func release(turn: PageTurn?, resting: Int, has: (Int) -> Bool, now: Double) -> Release {
        guard let first = queue.first else { return .none }
        checkedAt = max(checkedAt, now)
        guard resting == landing else { return .cleared(clear()) }
        guard now >= notBefore else { return .none }
        let ready = turn.map { Self.pages(of: $0).allSatisfy(has) } ?? true
        guard ready || now >= since + Self.limit else { return .none }
        queue.removeFirst()
        if let next = queue.first {
            notBefore = Self.following(asked: next.timed.time, before: first.timed.time, now: now)
            since = notBefore
        }
        return .go(first)
    }

    /// The turn released went to the reader at `now`, which now rests on `resting`: the next one starts from there.
    mutating func ran(resting: Int) { landing = resting }

    /// Empties the queue; returns how many turns waited.
    @discardableResult
    mutating func clear() -> Int {
        defer { queue.removeAll() }
        return queue.count
    }
}

extension Intent {
    /// A turn shown at once, not dragged (key, tap zone, wheel, flick), and its direction.
    var turnDirection: TurnDirection? {
        switch self {
        case .turn(let direction, _), .flick(let direction, _): direction
        default: nil
        }
    }
}
