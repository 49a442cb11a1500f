import Geometry
import Gestures
import Panels

/// When attract mode runs: after `after` ms without input the forward page's corner lifts every `period` ms
/// (the first lift at once), until input ends it. The input that ends it, and the rest of that touch or press,
/// only wakes the reader: the first touch never turns a page (AppCore has the recognizer ignore that gesture until
/// every finger and button is up).
struct AttractPolicy: Sendable {
    /// ms without input before attract mode starts; nil = never.
    let after: Double?
    let period: Double
    /// Time between lifts, ms.
    static let period = 6000.0
    /// When the next lift is due (or attract mode starts).
    private(set) var deadline: Double?
    private(set) var active = false
    /// Lifts since attract mode began, that one included.
    private(set) var loops = 0
    init(after: Double?, period: Double) {
        self.after = after.flatMap { $0 > 0 ? $0 : nil }
        self.period = max(1, period)
    }

    /// Starts the wait (at the first configure); later calls keep the running deadline.
    mutating func start(now: Double) {
        if deadline == nil, !active, let after { deadline = now + after }
    }

    /// Input at `time`. Returns whether attract mode ended now (the caller has the recognizer ignore the rest
    /// of that gesture).
    mutating func input(at time: Double) -> Bool {
        if let after { deadline = time + after }
        defer { active = false }
        return active
    }

    /// Attract mode stops (when running) and waits its full time again: the shelf is shown, with no page to lift.
    mutating func restart(now: Double) {
        active = false
        deadline = after.map { now + $0 }
    }

    /// Attract mode waits until `time` at least (an idle warning must show its full length first).
    mutating func postpone(until time: Double) {
        if let due = deadline, due < time { deadline = time }
    }

    /// At `now`: whether a lift is due (the caller lifts the corner), and whether attract mode begins with it.
    mutating func due(now: Double) -> (lift: Bool, begins: Bool) {
        guard let due = deadline, due <= now else { return (false, false) }
        deadline = now + period
        loops = active ? loops + 1 : 1
        defer { active = true }
        return (true, !active)
    }
}

extension AppCore {
    mutating func beginAttract() -> [AppEffect] {
        [.occurred(.attractBegan)]
    }

    /// A visitor is here: the lifted corner lies flat at once.
    mutating func endAttract() -> [AppEffect] {
        reader.stopAttractLift()
        return [.occurred(.attractEnded)]
    }
}

extension AppCore {
    var attractHint: AttractHint? {
        reader.attractCorner.map {
            AttractHint(text: translator("Drag the corner to turn the page"), corner: $0.point, spineOnLeft: $0.spineOnLeft)
        }
    }
}
