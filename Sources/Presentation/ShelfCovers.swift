import AppCore
import BookFiles
import Caching
import Decoding
import Diagnostics
import Fetch
import FoundationEssentials
import Geometry
import Pages
import Platform
import Renderer
import Text
import Watching

/// The shell's side of a library: each book's cover decoded small off the main thread (a one-page `PageCache`
/// per book, its descriptor in the poll set until the cover is in), the covers' and titles' textures.
@MainActor public final class ShelfCovers {
    /// Covers are decoded to fit this box: sharp on a cover a little over half a 1440 px tall screen.
    static let coverBox = PixelSize(width: 640, height: 900)
    /// A broken book's cover, in the slot's proportions.
    static let placeholderSize = PixelSize(width: 420, height: 600)

    /// Covers decoded at once: each book opened (a PDF starts its helper) holds its source while its cover loads.
    static let concurrentCovers = 2

    /// The library's books: the one list, replaced as a whole when the library is read again (`update`). What
    /// belongs to a book (its cover loading, image, textures) is kept by its path, so it follows the book.
    public private(set) var books: [ShelfBook] = []
    private let loop: EventLoop
    /// The `spine-offset` setting: a cover is the first page after the book's spine offset (unless it names one).
    private let spineOffset: Int
    private let translate: (String) -> String
    private let onCover: @MainActor (Int) -> Void
    private var loading: [String: (cache: PageCache, token: Int)] = [:]
    /// Books whose cover waits for a free slot.
    private var waiting: [String] = []
    /// Covers not yet uploaded.
    private var images: [String: RGBAImage] = [:]
    private var covers: [String: Texture] = [:]
    /// Each title's texture, set for one size and width (px).
    private var titles: [String: (size: Double, width: Int, texture: Texture)] = [:]

    /// Opens every book of `paths` for its title; its cover loads now or when a slot is free. A book that does
    /// not open gets a placeholder cover with its name and the reason, in the visitor's language (`translate`).
    /// `remote`: what the library's IIIF books fetch through.
    private let remote: RemoteBooks
    /// What sets a broken book's placeholder words.
    private let text: TextRenderer
    public init(paths: [String], loop: EventLoop, remote: RemoteBooks, text: TextRenderer, spineOffset: Int = 0, translate: @escaping (String) -> String,
         onCover: @escaping @MainActor (Int) -> Void) {
        self.loop = loop
        self.remote = remote
        self.text = text
        self.spineOffset = spineOffset
        self.translate = translate
        self.onCover = onCover
        _ = update(paths.map { LibraryScan.Entry(path: $0, opened: LibraryScan.openBook($0, remote: remote)) })
    }

    /// The library holds `entries` now, in its order: books kept keep their covers, books read again (`opened`
    /// given) get theirs anew, books gone are forgotten (their covers' loading stops). Returns the covers
    /// ready at once (broken books' placeholders): (book, size).
    public func update(_ entries: [LibraryScan.Entry]) -> [(Int, PixelSize)] {
        let old = Dictionary(books.map { ($0.path, $0) }, uniquingKeysWith: { a, _ in a })
        var fresh: [ShelfBook] = []
        var ready: [String] = []
        for entry in entries {
            guard let (name, book) = entry.opened else {
                if let kept = old[entry.path] { fresh.append(kept) }
                continue
            }
            forget(entry.path)
            switch book {
            case .success(let book):
                fresh.append(ShelfBook(path: entry.path, title: book.title ?? name, attribution: book.source.metadata.attribution))
                // Opened books are held only while their covers load (a PDF's helper runs meanwhile).
                if loading.count < Self.concurrentCovers { load(entry.path, book) } else { waiting.append(entry.path) }
            case .failure(let problem):
                fresh.append(ShelfBook(path: entry.path, title: name, problem: problem.reason))
                images[entry.path] = placeholderImage(size: Self.placeholderSize, message: "\(name)\n\n\(translate(problem.reason))", text: text)
                ready.append(entry.path)
            }
        }
        let kept = Set(fresh.map(\.path))
        for path in old.keys where !kept.contains(path) { forget(path) }
        books = fresh
        ready += loadNext()
        return ready.compactMap { path in index(of: path).flatMap { i in images[path].map { (i, $0.size) } } }
    }

    private func index(of path: String) -> Int? { books.firstIndex { $0.path == path } }

    /// Drops what was kept for the book at `path` (gone, or read again).
    private func forget(_ path: String) {
        if let (_, token) = loading.removeValue(forKey: path) { loop.remove(token) }
        waiting.removeAll { $0 == path }
        images[path] = nil
        covers[path] = nil
        titles[path] = nil
    }

    private func load(_ path: String, _ book: BookLocation) {
        let cache = PageCache(source: book.source, configuration: PageCache.Configuration(
            budgetBytes: 32 << 20, threads: 1, fitting: Self.coverBox))
        let onCover = self.onCover
        let token = loop.add(fd: cache.fd) { [weak self] _ in
            if let i = self?.index(of: path) { onCover(i) }
        }
        cache.want([book.coverPage(spineOffsetSetting: spineOffset)], visibleCount: 1)
        loading[path] = (cache, token)
    }

    /// Broken books' placeholders, ready at once: (book, size).
    public var placeholders: [(Int, PixelSize)] {
        books.indices.compactMap { i in images[books[i].path].map { (i, $0.size) } }
    }

    /// The cover of `book` arrived (or failed: a placeholder says why). Returns the covers that are in now, with
    /// their sizes: this one, and any of the next books that can no longer be opened.
    public func drain(_ book: Int) -> [(Int, PixelSize)] {
        guard book < books.count, let (cache, token) = loading[books[book].path] else { return [] }
        let path = books[book].path
        for event in cache.drain() {
            switch event {
            case .ready(_, let image, _):
                images[path] = image
            case .failed(_, let message):
                images[path] = placeholderImage(size: Self.placeholderSize, message: "\(books[book].title)\n\n\(translate(message))", text: text)
            case .evict, .region, .regionFailed:
                continue
            }
            loop.remove(token)
            loading[path] = nil
            return ([path] + loadNext()).compactMap { p in index(of: p).flatMap { i in images[p].map { (i, $0.size) } } }
        }
        return []
    }

    /// Starts the next waiting covers; returns the books found broken on the way.
    private func loadNext() -> [String] {
        var broken: [String] = []
        while loading.count < Self.concurrentCovers, !waiting.isEmpty {
            let path = waiting.removeFirst()
            guard let i = index(of: path) else { continue }
            switch LibraryScan.openBook(path, remote: remote).1 {
            case .success(let book): load(path, book)
            case .failure(let problem):
                images[path] = placeholderImage(size: Self.placeholderSize, message: "\(books[i].title)\n\n\(translate(problem.reason))", text: text)
                broken.append(path)
            }
        }
        return broken
    }

    /// The cover's texture, uploaded on first use.
    public func cover(_ book: Int, renderer: SceneRenderer) -> Texture? {
        guard book < books.count else { return nil }
        let path = books[book].path
        if let t = covers[path] { return t }
        guard let image = images.removeValue(forKey: path) else { return nil }
        let t = image.pixels.withUnsafeBytes { renderer.makeTexture(width: image.width, height: image.height, pixels: $0) }
        covers[path] = t
        return t
    }

    /// The title set `size` px in at most two lines of `width` px (with the attribution the book requires under
    /// it: `ShelfTitle`), opaque on `background` (light text).
    public func title(_ book: Int, size: Double, width: Int, background: RGBA, renderer: SceneRenderer) -> Texture {
        let path = books[book].path
        if let t = titles[path], t.size == size, t.width == width { return t.texture }
        func byte(_ v: Double) -> UInt8 { UInt8(max(0, min(255, (v * 255).rounded()))) }
        let image = ShelfTitle.image(title: books[book].title, attribution: books[book].attribution, size: size, width: width,
                                     background: TextColour(byte(background.r), byte(background.g), byte(background.b)), text: text)
        let t = image.pixels.withUnsafeBytes { renderer.makeTexture(width: image.width, height: image.height, pixels: $0) }
        titles[path] = (size, width, t)
        return t
    }
}
