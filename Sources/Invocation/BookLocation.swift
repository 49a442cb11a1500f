import Decoding
import FoundationEssentials
import Config
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
    public init(path: String) throws {
        self.path = path
        do { source = try PageSource.open(path: path) } catch {
            throw RectoExit(.usage, "cannot open the book \(path): \(error)")
        }
        guard source.pageCount > 0 else {
            throw RectoExit(.usage, "the book \(path) has no page images (.png, .jpg, .webp, .avif)")
        }
        var isDirectory = false
        own = BookSettingsFile.read(forBook: path, isDirectory: FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory)
        // A PDF that opened has its page table, a IIIF manifest its canvases; their pages are rendered (a IIIF
        // page from its tiles, over the network perhaps), not read as images.
        if source.kind == .pdf || source.kind == .iiif { return }
        // A book must have at least one page that can be read; the rest may be placeholders.
        var firstProblem: String?
        let readable = (1...min(source.pageCount, 64)).contains { page in
            // A page drawn by a helper (an EPUB's page of text) is drawn, or a placeholder that says why.
            if source.renderer(of: page) != nil { return true }
            do {
                let bytes = try source.data(of: page)
                if ImageFormat.sniff(bytes) != nil { return true }
                if firstProblem == nil { firstProblem = "\(source.name(of: page)) is not a PNG, JPEG, WebP or AVIF image" }
            } catch {
                if firstProblem == nil { firstProblem = "\(error)" }
            }
            return false
        }
        guard readable || source.pageCount > 64 else {
            throw RectoExit(.usage, "the book \(path) has no readable page (\(source.pageCount) files; \(firstProblem ?? "none can be read"))")
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
        // Development builds: Sources/Invocation/BookLocation.swift → repository root → Assets/DemoBook.
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
