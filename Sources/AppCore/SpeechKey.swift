/// What keypad 5 (or the configured speech key) does: a short press repeats the last utterance, a hold of
/// `holdMS` toggles speech mode. Keypad 5 is the key with the tactile dot on every numeric keypad, so a visitor
/// who cannot see finds it by touch. The toggle happens while the key is still held (at the first key repeat
/// past `holdMS`, or at the release), so the visitor hears the answer without guessing when to let go.
///
/// Times are the input events' (ms); key repeats arrive as further presses.
public struct SpeechKey: Sendable {
    public enum Action: Sendable, Equatable { case repeatLast, toggle }

    public let holdMS: Double
    private var downAt: Double?
    private var toggled = false

    public init(holdMS: Double) { self.holdMS = holdMS }

    /// A press (or a repeat) of the key at `time`.
    public mutating func pressed(at time: Double) -> Action? {
        guard let down = downAt else {
            downAt = time
            toggled = false
            return nil
        }
        guard !toggled, time - down >= holdMS else { return nil }
        toggled = true
        return .toggle
    }

    /// The release at `time`; nil when the hold already toggled.
    public mutating func released(at time: Double) -> Action? {
        defer { downAt = nil; toggled = false }
        guard let down = downAt, !toggled else { return nil }
        return time - down >= holdMS ? .toggle : .repeatLast
    }

    /// While held, when the hold becomes a toggle (for a timer, where the platform sends no key repeats).
    public var toggleDue: Double? {
        guard let down = downAt, !toggled else { return nil }
        return down + holdMS
    }

    /// The hold reached its time with no repeat to say so (the shell's timer).
    public mutating func timerFired(at time: Double) -> Action? {
        guard let due = toggleDue, time >= due else { return nil }
        toggled = true
        return .toggle
    }
}
