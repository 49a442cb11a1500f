import Reader
import Renderer

/// Options of the interactive reader.
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
}
