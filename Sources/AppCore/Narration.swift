import Book
import Config

/// What the core asks of the narration player (the shell's, Sound/NarrationPlayer).
public enum NarrationRequest: Sendable, Equatable {
    /// Play the recordings of `pages` (a spread's, in reading order), one after another, in `language` where a
    /// page has one, as loud as `loudness` says; what plays now fades out first.
    case play(pages: [Int], language: String?, loudness: NarrationLoudness)
    /// Fade out what plays, and play nothing.
    case stop
    /// What plays now plays as loud as this (the settings changed).
    case loudness(NarrationLoudness)
    /// Hold what plays at the place heard (faded), until `resume` or another request.
    case pause
    case resume
}

/// How loud narration and the page sound are (percent of the recording's own level): `percent`, and
/// `quietPercent` within the local `quiet` hours.
public struct NarrationLoudness: Sendable, Equatable {
    public var percent: Int
    public var quiet: QuietHours?
    public var quietPercent: Int

    public init(percent: Int, quiet: QuietHours? = nil, quietPercent: Int = 30) {
        self.percent = percent; self.quiet = quiet; self.quietPercent = quietPercent
    }

    public init(_ settings: Settings) {
        self.init(percent: settings.narrationVolume, quiet: settings.quietHours.flatMap(QuietHours.init), quietPercent: settings.quietVolume)
    }

    /// The percent at minute `minute` of the local day.
    public func percent(atMinute minute: Int) -> Int {
        quiet?.contains(minute: minute) == true ? quietPercent : percent
    }
}
