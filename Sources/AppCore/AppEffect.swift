import Book
import Geometry
import Occurrences

/// What the shell must do for the core: the only way policy reaches the platform, the decoder and the GL.
/// Performed in order, at once. Work whose outcome the core waits for is one `start(Job)`.
public enum AppEffect: Sendable, Equatable {
    /// Something happened: the shell hands its meaning (`Occurrence.meaning`) to the event log, the metrics, systemd,
    /// the visit statistics and control clients; what speech says of it follows as a `say`.
    case occurred(Occurrence)
    /// Write a warning to stderr.
    case warn(String)
    /// Write a notice to stderr (what an operator changed).
    case notice(String)
    /// Keep these pages decoded, most wanted first (the first `visible` are on screen), fitted in `fitting`.
    case wantPages([Int], visible: Int, fitting: PixelSize)
    /// Make `page`'s texture from the image the shell holds for it (and stop holding it).
    case upload(page: Int)
    /// Drop `page`'s texture or held image (evicted, or past the end of a book that shrank).
    case release(page: Int)
    /// Hold a placeholder image of `size` saying `message` as `page`'s image.
    case placeholder(page: Int, size: PixelSize, message: String)
    /// Decode source pixels `rect` of `page` at `output` size for a zoomed view.
    case requestRegion(page: Int, rect: PixelRect, output: PixelSize)
    /// The region just delivered for `page` becomes its detail texture, drawn over `bookRect`.
    case showRegion(page: Int, bookRect: Rect)
    /// Drop every detail texture and pending region request (the view is back at fit, or a page turns).
    case endRegions
    /// Make the CPU frame's buffer now, while waiting for pages.
    case prepareSoftwareBuffer
    /// Remember that the book was left on `page` (its next opening starts there).
    case rememberPage(Int)
    /// End the program with this status, after printing `message` (if any) on stderr whatever the log level.
    case quit(Int32, message: String? = nil)
    /// Send this line (no newline) to control client `client`.
    case reply(client: Int, String)
    /// Send control client `client` the status: the core's fields in `status`, then the shell's own.
    case replyStatus(client: Int, status: LogEvent)
    /// Carry out `job`; what came of it comes back as an `AppEvent` (or, for a control client, a reply).
    case start(Job)
    /// Say `cue` (speech mode is on, or the cue is heard whatever the mode), with what only the shell can read
    /// filled in (a page's text, the shelf's titles); a page still waiting for its text is not said.
    case say(SpeechCue)
    /// Tell the speech output to stop what it says or to say the last utterance again.
    case speech(SpeechRequest)
}

/// What a touch or the speech key asks of what is being said.
public enum SpeechRequest: Sendable, Equatable {
    /// Stop at once, if anything is being said; `byTouch`: a touch or click did (a page tap that silenced speech
    /// does not say the page again, `SpeechCue.pageAgain`).
    case stop(byTouch: Bool)
    /// Say the last utterance again (a short press of keypad 5, in speech mode).
    case repeatLast
}

/// Work the shell carries out for the core, each with the event (or reply) that reports how it went. A new
/// capability of the shell is a case here, its executor (ReaderApp+Jobs.swift) and the policy that starts it.
public enum Job: Sendable, Equatable {
    /// Read the book from disk again, then report `bookReloaded` (or `bookReloadFailed`).
    case reloadBook
    /// Start EGL and GL (on a helper thread), then report `glReady` (or `glFailed`). `warmUp`: the layout whose
    /// turns are drawn once there first, so a software renderer compiles their shaders before the first drag.
    case startGL(warmUp: SpreadMode)
    /// Write the next frame drawn, read back from the GL, to the PNG file `path`; then reply to `client`.
    case screenshot(path: String, client: Int)
    /// Open the book at `path`, then report `bookOpened` (or reply an error to `client`).
    case openBook(path: String, client: Int)
    /// Open shelf book `book` at `path`, then report `shelfBookOpened` (or `shelfBookFailed`).
    case openShelfBook(book: Int, path: String)
    /// Read the library's directory again (off the loop), then report `libraryRead`.
    case readLibrary
    /// Read page `page`'s own text (off the loop: a sidecar file, a CBZ entry, the PDF helper), then report
    /// `pageTextRead` for `client`.
    case readPageText(page: Int, client: Int)
    /// Read the links and notes of page `page` of the book open now (off the loop: the PDF helper, files beside
    /// the page, annotation pages over HTTP), then report `pageLinks` and `pageNotes`; a book that can have neither
    /// reports nothing.
    case readPageFacts(page: Int)
    /// Ask the narration player to play a spread's recordings, stop, pause, resume or change its loudness; what it
    /// does comes back as `narration` events.
    case narrate(NarrationRequest)
    /// Play the paper's sound of a turn at `level` (0…1 of its loudest), as loud as `loudness` says at this time of
    /// day, replacing one still sounding; a sound server missing comes back as a `pageSound` event.
    case playPageSound(level: Double, loudness: NarrationLoudness)
    /// Give back, off the loop, memory that only a new shader variant would use (the GL driver's compiler code):
    /// what a visitor's zoom or first turn of a kind brought in lies unused until the next such first. Reports nothing.
    case releaseCompilerCode
}
