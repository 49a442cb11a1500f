import Book
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

/// What the player of the paper's sound reports.
public enum PageSoundNote: Sendable, Equatable {
    /// No sound server takes the sound (said once until one does again): the pages turn silently.
    case unavailable(reason: String)
}
