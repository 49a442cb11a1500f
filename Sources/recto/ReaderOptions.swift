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
}
