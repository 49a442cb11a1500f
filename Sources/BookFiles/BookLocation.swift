import Config
import ConfigFiles
import Decoding
import Diagnostics
import Fetch
import FoundationEssentials
import Logging
import Pages
import Reader

/// A book on disk (a directory of images, one image, a CBZ or a PDF), opened as a page source.
public struct BookLocation: Sendable {
    public let path: String
    public let source: PageSource
    /// The book's own settings file (`BookSettingsFile`), read when it is opened.
    public let own: BookSettingsFile

    public var pageCount: Int { source.pageCount }

    /// Opens `path`. A missing path, an empty directory or one with no page image is a usage error (exit 2).
    /// `remote`: what a IIIF book fetches through.
    public init(path: String, remote: RemoteBooks = .uncached) throws {
        do {
            try self.init(opening: path, remote: remote)
        } catch let error as PageError {
            throw RectoExit(.usage, Self.message(path, error))
        }
    }

    /// Opens `path` as the reader shows it (`PageSource.openBook`), or says why not in a placeholder's words.
    public init(opening path: String, remote: RemoteBooks = .uncached) throws(PageError) {
        self.init(path: path, opened: try PageSource.openBook(path: path, remote: remote))
    }

    /// The book at `path`, opened as `source` (read again off the loop), with its own settings file.
    public init(path: String, opened source: PageSource) {
        self.path = path
        self.source = source
        var isDirectory = false
        own = BookSettingsFile.read(forBook: path, isDirectory: FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory)
    }

    /// A kiosk's one book while it cannot be shown (`refusal` says why): a page saying so, the path watched.
    public init(awaiting path: String, refusal: PageError, remote: RemoteBooks = .uncached) {
        self.path = path
        source = PageSource(AwaitedBook(path: path, refusal: refusal, remote: remote))
        own = BookSettingsFile()
    }

    /// What the command line says of a book refused.
    static func message(_ path: String, _ error: PageError) -> String {
        switch error {
        case .noPages(_, 0): "the book \(path) has no page images (.png, .jpg, .webp, .avif)"
        case .noReadablePage(_, let files, let reason): "the book \(path) has no readable page (\(files) files; \(reason))"
        default: "cannot open the book \(path): \(error)"
        }
    }

    /// The reader's settings for this book: a book that says it reads right to left (ComicInfo's
    /// `Manga=YesAndRightToLeft`) does, unless the configuration or a flag says otherwise.
    public func readerConfig(_ settings: Settings) -> ReaderConfig {
        var config = settings.readerConfig
        if !settings.isGiven(\.rightToLeft), let rtl = source.metadata.rightToLeft { config.rightToLeft = rtl }
        if !settings.isGiven(\.spread), let spread = source.metadata.spread { config.spread = spread }
        config.spineOffset = spineOffset(setting: settings.spineOffset)
        return config
    }

    /// The pages before the cover: the book's own `spine-offset` (it is about this book alone), else `setting`
    /// (the configuration's or the flag's).
    public func spineOffset(setting: Int) -> Int { min(pageCount, own.spineOffset ?? setting) }

    /// The book's front cover: ComicInfo's `FrontCover`, else the first page after the spine offset.
    public func coverPage(spineOffsetSetting setting: Int) -> Int {
        source.metadata.coverPage ?? min(pageCount, spineOffset(setting: setting) + 1)
    }

    /// The book's own title (ComicInfo, PDF metadata), if it has one.
    public var title: String? { source.metadata.title ?? source.title }

    /// The bundled demo book: beside the installed binary (`PREFIX/share/recto/DemoBook`), else, for a
    /// development build, in the source tree. The installed program never depends on the checkout.
    public static func demoBookPath() -> String? {
        var candidates: [String] = []
        if let env = ProcessInfo.processInfo.environment["RECTO_DEMO_BOOK"], !env.isEmpty { candidates.append(env) }
        if let real = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
            let dir = URL(fileURLWithPath: real).deletingLastPathComponent()
            candidates.append(dir.appendingPathComponent("../share/recto/DemoBook").standardized.path)
        }
        let exe = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        candidates.append(exe.deletingLastPathComponent().appendingPathComponent("../share/recto/DemoBook").standardized.path)
        // Development builds: Sources/BookFiles/BookLocation.swift → repository root → Assets/DemoBook.
        let source = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        candidates.append(source.appendingPathComponent("Assets/DemoBook").path)
        return candidates.first { FileManager.default.fileExists(atPath: $0) }
    }
}

extension BookLocation {
    /// Where this book was left, remembered (tablets); nil when it cannot be known.
    public func record(logger: Logger) -> BookRecord? {
        let record = BookRecord(source, environment: ProcessInfo.processInfo.environment)
        if let page = record?.page { logger.info("book \(path) was left on page \(page)") }
        return record
    }
}
