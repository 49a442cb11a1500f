import Book
import Config

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
