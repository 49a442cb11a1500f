/// The idle warning's shortest countdown, ms: long enough to read its question and reach the screen. A
/// countdown starts with at least this much left, so an `.idleWarning` with as much left is its appearance.
public enum IdleWarningLength {
    public static let minimum = 20_000.0

    /// Whether an `.idleWarning` is a countdown's appearance rather than one of its steps.
    public static func isAppearance(secondsLeft: Int) -> Bool { Double(secondsLeft) * 1000 >= minimum }
}
