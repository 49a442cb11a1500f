import Gestures
import Logging
import Reader
import Renderer

/// Options of the interactive reader, resolved from defaults, the configuration file and the flags.
struct ReaderOptions {
    var book: BookLocation
    var kiosk = false
    var logEvents = false
    var background = RGBA(0.16, 0.16, 0.17)
    var reader = ReaderConfig()
    var outputName: String?
    /// Seconds without input before the book returns to the cover; nil = never.
    var idleReset: Double?
    /// `--stats`: record input-to-commit latency and frame costs, print a histogram at exit.
    var stats = false
    /// The recognizer's tunables (grab-zone size, tap zones, double-tap interval, swipe speed). The grab zones
    /// are laid out with `grabSize` when the context is built, so this must reach `GestureContext.config`
    /// before `setTurnablePages` runs (i.e. inside `Reader.gestureContext`).
    var gestures = GestureConfig()
    /// Budget for page textures kept on the GPU, bytes (`cache-mb`); least recently shown pages go first.
    var cacheBytes = 256 << 20
    /// Where warnings (a page that fails to decode…) and diagnostics go: stderr, at `--log-level`.
    var logger = Logger(label: "recto")
    /// Resolution of moving frames: nil = automatic (reduced only when a frame costs more than the
    /// display's frame interval), 1 = always full, < 1 = that factor whenever the page moves.
    var motionScale: Double?
    /// Decoded pages kept on disk between runs (bytes; 0 = off), in `$XDG_CACHE_HOME/recto/pages`.
    var diskCacheBytes = 512 << 20
    /// Extrapolate the finger by one frame interval while dragging.
    var predict = false
}
