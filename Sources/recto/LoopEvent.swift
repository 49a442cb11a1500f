import Gestures
import Input

/// Everything that wakes the reader's loop. Each Wayland callback, descriptor and hook of the loop becomes one
/// of these and goes to `ReaderApp.handle(_:)`, the one handler.
enum LoopEvent {
    /// Input from any seat, with the compositor's timestamp.
    case input(InputEvent)
    /// The window was configured (first map, resize, rotation, a new buffer scale).
    case configured
    /// Outputs appeared, disappeared or changed scale or mode.
    case outputsChanged
    /// The compositor took the last frame (`wl_callback.done`).
    case frameCallback
    /// A frame was presented at `time` (ms, CLOCK_MONOTONIC); `refresh`: the display's interval, ms (0: unknown).
    case presented(time: Double, refresh: Double)
    /// The app's one timer (taps, idle reset, reload, first-frame waits) fired.
    case timer
    /// The page cache has results.
    case pagesDecoded
    /// A shelf book's cover cache has its result.
    case coverDecoded(book: Int)
    /// The library's directory changed on disk; it was read again (LibraryWatch).
    case libraryChanged, libraryRead
    /// The book's directory changed on disk.
    case bookChanged
    /// The book was read again (on a thread of its own).
    case bookReread
    /// Speech mode's page texts were read (on a thread of their own).
    case pageTexts
    /// SIGTERM, SIGINT, or SIGUSR1 (tests release a held-back GL with it).
    case signal(Int32)
    /// The GL start-up thread finished.
    case glStarted
    /// The compositor asked the window to close.
    case closeRequested
    /// The loop is about to sleep: the moment to draw what changed.
    case idle
    /// A request line from control client `client` (`recto ctl`).
    case control(client: Int, line: String)
    /// Time to tell systemd's watchdog the loop turns (half its interval).
    case watchdog
    /// Time to write the metrics file.
    case metricsDue
}
