import ArgumentParser
import Book
import Config
import Decoding
import Diagnostics
import Fetch
import FoundationEssentials
import Geometry
import Gestures
import Invocation
import Pages
import Reader
import Renderer

public struct Render: ParsableCommand {
    public init() {}

    public static let configuration = CommandConfiguration(
        abstract: "Render a page, a spread or a curl state offscreen to a PNG, through the window's renderer.",
        discussion: """
        Uses Mesa's surfaceless EGL: no display needed. Reads the configuration file like `recto open`; \
        book, spread, rtl, background, radius and margin apply here. With --drag, the page is held at that window pixel \
        (origin top-left, y down) by the point named by --grab: br/tr turn forward (left-to-right books), \
        bl/tl turn backward, edge holds the outer edge at the drag's height.

        SETTING FLAGS (also keys of the configuration file; flags win)
        \(SettingsDocs.flagHelp(scope: .everyCommand))

        \(ExitStatus.helpSection([.ok, .usage, .graphics]))
        """)

    @OptionGroup var bookOptions: BookOptions

    @Option(help: ArgumentHelp("Image size in pixels (each 1–16384).", valueName: "WxH"))
    var size: Size = Size(argument: "1920x1080")!

    @Option(help: ArgumentHelp("Page to show (from 1); the spread holding it in double mode.", valueName: "n"))
    var page: Int = 1

    @Option(help: ArgumentHelp("Hold the grabbed point of the page at window pixel X,Y.", valueName: "X,Y"))
    var drag: Point?

    @Option(help: "The point held by --drag: br, tr, bl, tl or edge.")
    var grab: GrabOption = .br

    @Option(help: ArgumentHelp("Output PNG file.", valueName: "file.png"))
    var out: String?

    @Flag(help: "Print the page's text instead (what speech mode reads: a PDF page's text layer, a sidecar .txt, a IIIF summary); nothing when it has none.")
    var text = false

    public func run() throws {
        let (settings, file) = try bookOptions.settings()
        let book = try bookOptions.location(settings, remote: RemoteBooks(cacheBytes: settings.webCacheMB << 20,
                                                                           environment: ProcessInfo.processInfo.environment))
        RectoLog.logger(settings.logLevel).info("configuration: \(file ?? "none"); book: \(book.path), \(book.pageCount) pages")
        guard page >= 1, page <= book.pageCount else {
            throw RectoExit(.usage, "--page \(page) is outside the book (pages 1…\(book.pageCount))")
        }
        if text {
            print(book.source.text(of: page) ?? "")
            return
        }
        guard let out else { throw RectoExit(.usage, "--out is needed (or --text)") }
        let gpu = try OffscreenGPU(width: size.width, height: size.height)
        var reader = Reader(pageCount: book.pageCount, config: book.readerConfig(settings))
        // Where the book says its pages sit (double-page images, an EPUB's sides), as the reader lays them out.
        let metadata = book.source.metadata
        _ = reader.setPagePlacement(solo: metadata.doublePages, placed: metadata.pageSides)
        reader.resize(width: Double(size.width), height: Double(size.height))
        _ = reader.apply(.jump(.first), at: 0)
        reader.go(toPage: page)
        let textures = gpu.loadPages(reader.neededPages, of: book, into: &reader)
        if let drag {
            try hold(&reader, at: Vec2(drag.x, drag.y), rightToLeft: settings.rightToLeft)
        }
        let scene = SceneComposer(background: settings.background.rgba).scene(reader.frame, textures: textures)
        try gpu.renderPNG(scene, to: out)
    }

    /// Starts a drag at the grabbed point's resting place and moves it to `finger`.
    private func hold(_ reader: inout Reader, at finger: Vec2, rightToLeft rtl: Bool) throws {
        let forward: Bool
        let gesture: Grab
        switch grab {
        case .br: (forward, gesture) = (!rtl, .corner(.bottomRight))
        case .tr: (forward, gesture) = (!rtl, .corner(.topRight))
        case .bl: (forward, gesture) = (rtl, .corner(.bottomLeft))
        case .tl: (forward, gesture) = (rtl, .corner(.topLeft))
        case .edge: (forward, gesture) = (true, .edge(rtl ? .left : .right))
        }
        guard let start = reader.grabStart(forward ? .forward : .backward, grab: gesture, y: grab == .edge ? finger.y : nil) else {
            throw RectoExit(.usage, "--grab \(grab.rawValue): no page can be picked up there on page \(page)")
        }
        let begin = CurlBegin(direction: forward ? .forward : .backward, grab: gesture, start: start,
                              position: finger, source: .touch)
        _ = reader.apply(.curlBegin(begin), at: 0)
        _ = reader.apply(.curlMove(finger), at: 0.016)
    }
}
