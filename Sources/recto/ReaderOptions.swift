import AppCore
import Config
import Invocation
import Logging
import Renderer
import SpeechMode

/// Options of the interactive reader, resolved from defaults, the configuration file and the flags.
struct ReaderOptions {
    var book: BookLocation
    /// A library's books (paths), shown on a shelf first; `book` is the first that opens. Nil: one book.
    var library: [String]?
    /// The library's directory, watched for books added and removed; nil for a list of books or one book.
    var libraryDirectory: String?
    var logEvents = false
    var background = RGBA(0.16, 0.16, 0.17)
    /// What the core is told beside the settings (the visitor's language, whether CPU frames can be drawn).
    var host = Host()
    var outputName: String?
    /// `--stats`: record input-to-commit latency and frame costs, print a histogram at exit.
    var stats = false
    /// Budget for decoded pages and their textures, bytes (`cache-mb`); least recently shown pages go first.
    var cacheBytes = 256 << 20
    /// The budget in pages at what a page really costs, capped by `cacheBytes`; nil when `cache-mb` was given.
    var cachePages: Int?
    /// Where warnings (a page that fails to decode…) and diagnostics go: stderr, at `--log-level`.
    var logger = Logger(label: "recto")
    /// Decoded pages kept on disk between runs (bytes; 0 = off), in `$XDG_CACHE_HOME/recto/pages`.
    var diskCacheBytes = 512 << 20
    /// The control socket's path (`control-socket`); nil for the default in XDG_RUNTIME_DIR.
    var controlSocket: String?
    /// Prometheus metrics file (`metrics-file`); nil = off.
    var metricsFile: String?
    /// Seconds between metrics writes while something changes.
    var metricsInterval = 10.0
    /// Visit statistics: kept this many days; nil = not recorded.
    var visitRetentionDays: Int?

    /// Speech mode: at start, its key, rate and volume; the voice's language for books that state none.
    var speech = SpeechOutput.Config()
    var speechLanguage: String?

    /// The settings in force (`recto ctl get`); `recto ctl set` changes the live ones.
    var settings = Settings()

    var kiosk: Bool { settings.kiosk }
}
