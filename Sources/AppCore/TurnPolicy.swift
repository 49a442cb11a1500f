import Book
import Geometry
import Gestures
import Reader

/// Turns and drags that wait for their pages (`TurnGate`, `HeldDrag`), and what became of them, counted for
/// `--stats`: turns that waited, presses carried by the last waiting turn (`TurnGate.carryFrom`), presses refused,
/// waiting turns cleared by a jump, an idle reset or another book, and drags held for them or their pages.
struct TurnPolicy: Sendable {
    var gate = TurnGate()
    var held: HeldDrag?
    private(set) var queued = 0, carried = 0, refused = 0, cleared = 0, dragsHeld = 0

    /// The gate's deadline, or the held drag's once no turn waits before it.
    var deadline: Double? { gate.deadline ?? (gate.isEmpty ? held?.deadline : nil) }

    /// Whether the turn `timed` (`turn` from `resting`) goes now; else it waits or is refused, and says so.
    /// `kind`: how the visitor asked for it, when not what the intent says (kept while it waits).
    mutating func admit(_ timed: TimedIntent, kind: TurnKind? = nil, direction: TurnDirection, turn: PageTurn?,
                        resting: Int, has: (Int) -> Bool) -> (go: Bool, effects: [AppEffect]) {
        switch gate.admit(timed, kind: kind, turn: turn, resting: resting, has: has, now: timed.time) {
        case .go:
            return (true, [])
        case .queued(let waiting):
            queued += 1
            return (false, [.occurred(.turnWaits(direction, waiting: waiting))])
        case .carried(let spreads):
            carried += 1
            return (false, [.occurred(.turnCarried(direction, spreads: spreads))])
        case .refused:
            refused += 1
            return (false, [.occurred(.turnRefused(direction, waiting: TurnGate.bound))])
        }
    }

    /// A drag picked the page up while turns wait or its pages are missing: it waits.
    mutating func hold(_ begin: CurlBegin, at time: Double) -> [AppEffect] {
        held = HeldDrag(begin: begin, at: time)
        dragsHeld += 1
        return [.occurred(.dragHeld(begin.direction, afterTurns: gate.queue.count))]
    }

    /// The reader is not where the waiting turns expected: `count` of them were cleared.
    mutating func clearedByMove(_ count: Int, now: Double) -> [AppEffect] {
        cleared += count
        held?.since = now
        return [.occurred(.turnsCleared(count: count, reason: "moved"))]
    }

    /// The held drag means nothing any more: returned to be logged as fallen back.
    mutating func dropHeld() -> HeldDrag? {
        defer { held = nil }
        return held
    }

    /// The waiting turns mean nothing any more (`reason`: a jump, an idle reset, another book).
    mutating func clearQueue(reason: String) -> [AppEffect] {
        let count = gate.clear()
        guard count > 0 else { return [] }
        cleared += count
        return [.occurred(.turnsCleared(count: count, reason: reason))]
    }
}
