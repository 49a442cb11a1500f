import ArgumentParser
import Book
import Reader
import Renderer

/// Options shared by the reader and `recto render`.
struct BookOptions: ParsableArguments {
    @Argument(help: "A directory of page images (PNG, JPEG) in natural order, or one image file. Default: the bundled demo book.")
    var book: String?

    @Option(help: "Spread layout: auto (two pages when the window is wider than tall), single or double.")
    var spread: SpreadPreference = .auto

    @Flag(help: "Right-to-left book: spine on the right, forward flips from the left.")
    var rtl = false

    @Option(help: "Background colour around the pages, as #rrggbb.")
    var background: String = "#29292b"

    func location() throws -> BookLocation {
        let path: String
        if let book { path = book } else {
            guard let demo = BookLocation.demoBookPath() else {
                throw RectoExit(.usage, "no BOOK given and the demo book is not installed (expected PREFIX/share/recto/DemoBook)")
            }
            path = demo
        }
        return try BookLocation(path: path)
    }

    @Option(help: "Base radius of the page curl in pixels.")
    var radius: Double = 20

    /// The reader's configuration from these options.
    func readerConfig() -> ReaderConfig {
        var c = ReaderConfig()
        c.spread = spread
        c.rightToLeft = rtl
        c.curl.radius.base = radius
        return c
    }

    func backgroundColour() throws -> RGBA {
        guard let c = RGBA(hex: background) else {
            throw RectoExit(.usage, "--background takes a colour as #rrggbb, not \(background)")
        }
        return c
    }
}

extension SpreadPreference: ExpressibleByArgument {}
