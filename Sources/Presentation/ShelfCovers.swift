import AppCore
import Decoding
import FoundationEssentials
import Geometry
import Pages
import Platform
import Renderer
import Invocation
import Text

/// The shell's side of a library: each book's cover decoded small off the main thread (a one-page `PageCache`
/// per book, its descriptor in the poll set until the cover is in), the covers' and titles' textures.
@MainActor public final class ShelfCovers {
    /// Covers are decoded to fit this box: sharp on a cover a little over half a 1440 px tall screen.
    static let coverBox = PixelSize(width: 640, height: 900)
    /// A broken book's cover, in the slot's proportions.
    static let placeholderSize = PixelSize(width: 420, height: 600)

    /// Covers decoded at once: each book opened (a PDF starts its helper) holds its source while its cover loads.
    static let concurrentCovers = 2

    public let books: [ShelfBook]
    private let loop: EventLoop
    private let translate: (String) -> String
    private let onCover: @MainActor (Int) -> Void
    private var loading: [Int: (cache: PageCache, token: Int)] = [:]
    /// Books whose cover waits for a free slot.
    private var waiting: [Int] = []
    /// Covers not yet uploaded.
    private var images: [Int: RGBAImage] = [:]
    private var covers: [Int: Texture] = [:]
    /// Each title's texture, set for one size and width (px).
    private var titles: [Int: (size: Double, width: Int, texture: Texture)] = [:]

    /// Opens every book of `paths` for its title; its cover loads now or when a slot is free. A book that does
    /// not open gets a placeholder cover with its name and the reason, in the visitor's language (`translate`).
    public init(paths: [String], loop: EventLoop, translate: @escaping (String) -> String,
         onCover: @escaping @MainActor (Int) -> Void) {
        self.loop = loop
        self.translate = translate
        self.onCover = onCover
        var books: [ShelfBook] = []
        var opened: [Int: BookLocation] = [:]
        for (i, path) in paths.enumerated() {
            let (name, book) = Self.open(path)
            switch book {
            case .success(let book):
                books.append(ShelfBook(path: path, title: book.title ?? name, attribution: book.source.metadata.attribution))
                if opened.count < Self.concurrentCovers { opened[i] = book } else { waiting.append(i) }
            case .failure(let problem):
                books.append(ShelfBook(path: path, title: name, problem: problem.reason))
                images[i] = placeholderImage(size: Self.placeholderSize, message: "\(name)\n\n\(translate(problem.reason))")
            }
        }
        self.books = books
        for (i, book) in opened { load(i, book) }
    }

    /// The book at `path` opened, or why it cannot be, with its name (the file's without the extension).
    private static func open(_ path: String) -> (name: String, Result<BookLocation, Problem>) {
        var folder = false
        let file = path.split(separator: "/").last.map(String.init) ?? path
        let isFolder = FileManager.default.fileExists(atPath: path, isDirectory: &folder) && folder
        // The name without its extension; a leading dot (".hidden") is no extension.
        let name = isFolder ? file : file.lastIndex(of: ".").flatMap { $0 > file.startIndex ? String(file[..<$0]) : nil } ?? file
        do { return (name, .success(try BookLocation(path: path))) } catch {
            // The cover has room for the reason, not for the path twice.
            let message = (error as? RectoExit)?.message ?? "\(error)"
            return (name, .failure(Problem(message.replacing("cannot open the book \(path): ", with: "")
                .replacing(path, with: file))))
        }
    }

    private struct Problem: Error { let reason: String; init(_ r: String) { reason = r } }

    private func load(_ i: Int, _ book: BookLocation) {
        let cache = PageCache(source: book.source, configuration: PageCache.Configuration(
            budgetBytes: 32 << 20, threads: 1, fitting: Self.coverBox))
        let onCover = self.onCover
        let token = loop.add(fd: cache.fd) { _ in onCover(i) }
        cache.want([book.source.metadata.coverPage ?? 1], visibleCount: 1)
        loading[i] = (cache, token)
    }

    /// Broken books' placeholders, ready at once: (book, size).
    public var placeholders: [(Int, PixelSize)] { images.map { ($0.key, $0.value.size) } }

    /// The cover of `book` arrived (or failed: a placeholder says why). Returns the covers that are in now, with
    /// their sizes: this one, and any of the next books that can no longer be opened.
    public func drain(_ book: Int) -> [(Int, PixelSize)] {
        guard let (cache, token) = loading[book] else { return [] }
        for event in cache.drain() {
            switch event {
            case .ready(_, let image, _):
                images[book] = image
            case .failed(_, let message):
                images[book] = placeholderImage(size: Self.placeholderSize, message: "\(books[book].title)\n\n\(translate(message))")
            case .evict, .region, .regionFailed:
                continue
            }
            loop.remove(token)
            loading[book] = nil
            return ([book] + loadNext()).compactMap { i in images[i].map { (i, $0.size) } }
        }
        return []
    }

    /// Starts the next waiting covers; returns the books found broken on the way.
    private func loadNext() -> [Int] {
        var broken: [Int] = []
        while loading.count < Self.concurrentCovers, !waiting.isEmpty {
            let i = waiting.removeFirst()
            switch Self.open(books[i].path).1 {
            case .success(let book): load(i, book)
            case .failure(let problem):
                images[i] = placeholderImage(size: Self.placeholderSize, message: "\(books[i].title)\n\n\(translate(problem.reason))")
                broken.append(i)
            }
        }
        return broken
    }

    /// The cover's texture, uploaded on first use.
    public func cover(_ book: Int, renderer: SceneRenderer) -> Texture? {
        if let t = covers[book] { return t }
        guard let image = images.removeValue(forKey: book) else { return nil }
        let t = image.pixels.withUnsafeBytes { renderer.makeTexture(width: image.width, height: image.height, pixels: $0) }
        covers[book] = t
        return t
    }

    /// The title set `size` px in at most two lines of `width` px (with the attribution the book requires under
    /// it: `ShelfTitle`), opaque on `background` (light text).
    public func title(_ book: Int, size: Double, width: Int, background: RGBA, renderer: SceneRenderer) -> Texture {
        if let t = titles[book], t.size == size, t.width == width { return t.texture }
        func byte(_ v: Double) -> UInt8 { UInt8(max(0, min(255, (v * 255).rounded()))) }
        let image = ShelfTitle.image(title: books[book].title, attribution: books[book].attribution, size: size, width: width,
                                     background: TextColour(byte(background.r), byte(background.g), byte(background.b)))
        let t = image.pixels.withUnsafeBytes { renderer.makeTexture(width: image.width, height: image.height, pixels: $0) }
        titles[book] = (size, width, t)
        return t
    }
}
