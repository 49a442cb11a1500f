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

/// What the narration player did, for the core (captions, what stops it), the log and the visit statistics.
public enum NarrationNote: Sendable, Equatable {
    /// Page `page`'s recording began: its first sample is heard at `heardAt` (ms, monotonic), `afterMS` after it
    /// was asked for; it lasts `durationMS`; `captions` are shown with it (nil: none).
    case started(page: Int, durationMS: Double, captions: Captions?, heardAt: Double, afterMS: Double)
    /// Page `page`'s recording ended after `heardMS` of its `durationMS`: played to its end, or stopped.
    case ended(page: Int, heardMS: Double, durationMS: Double, completed: Bool)
    /// Page `page`'s recording cannot be played (`reason`): the page reads without it. Said once per file.
    case failed(page: Int, reason: String)
    /// Page `page`'s captions cannot be shown, or were mended (`reason`): said once per file.
    case captionsFailed(page: Int, reason: String)
    /// No sound server takes the narration (`reason`): narration is silent until one does. Said once.
    case unavailable(reason: String)
    /// Page `page`'s recording paused `atMS` into it.
    case paused(page: Int, atMS: Double)
    /// It goes on: its first sample would have been heard at `heardAt` (the captions' clock, ms, monotonic).
    case resumed(page: Int, heardAt: Double)
}

/// The narration as the core knows it: what it asked for, what plays, and the captions' next change.
struct NarrationState: Sendable, Equatable {
    struct Playing: Sendable, Equatable {
        var page: Int
        var heardAt: Double
        var captions: Captions?
        /// Paused this far into the recording (ms); its captions stay as they were there.
        var pausedAt: Double?
    }

    /// The spread whose recordings were asked for (playing, played out, or stopped by speech); nil: none.
    var asked: [Int]?
    /// The language it was asked in: another chosen plays the spread again in that one.
    var language: String?
    var playing: Playing?
    /// Nobody has touched the reader since it started or since the idle reset: a recording waits for a visitor.
    var awaitsVisitor = true
    /// When the captions on screen change next (ms).
    var captionsChange: Double?
    /// The caption lines in the last frame committed (empty: none): a change is logged when it reaches the screen.
    var shownCaptions: [String] = []
}

/// What the player of the paper's sound reports.
public enum PageSoundNote: Sendable, Equatable {
    /// No sound server takes the sound (said once until one does again): the pages turn silently.
    case unavailable(reason: String)
}
