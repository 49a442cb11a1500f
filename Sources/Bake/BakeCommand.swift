import ArgumentParser
import Book
import Decoding
import Diagnostics
import Geometry
import Glibc
import IIIF
import Pages
import Posix

/// `recto bake SOURCE DIR`: a self-contained IIIF book a kiosk reads with no network — a level 0 tile pyramid per
/// page (libvips' `vips dzsave`, run as a helper program) and a manifest naming them relative to itself.
public struct Bake: ParsableCommand {
    public init() {}

    public static let configuration = CommandConfiguration(
        commandName: "bake",
        abstract: "Make an offline IIIF book (level 0 tile pyramids and a manifest) from images or a manifest.",
        discussion: """
        SOURCE is a folder of scans (JPEG, PNG, TIFF, WebP; in natural order), one image, or a IIIF manifest (a \
        file, a folder holding manifest.json, or an http(s) URL), whose pages are downloaded at up to --max-size \
        pixels on the long side (their tiles stitched where the server has no whole image that large). DIR gets \
        one folder of tiles per page and manifest.json; open DIR with recto. Run again after an interruption, it \
        resumes: pages already baked are kept. Needs the `vips` program (Debian: libvips-tools).

        \(ExitStatus.helpSection([.ok, .usage]))
        """)

    @Argument(help: "Scans folder, image, manifest file or URL.") var source: String
    @Argument(help: "The book folder to write.") var dir: String
    @Option(name: .customLong("tile-size"), help: "Tile side in pixels.") var tileSize = 512
    @Option(name: .customLong("max-size"), help: "A manifest's pages: the long side to download, in pixels.")
    var maxSize = 30_000
    @Option(help: "JPEG quality of the tiles.") var quality = 90
    @Option(help: "The book's title (default: the folder's or the manifest's).") var title: String?

    public func validate() throws {
        guard (64...4096).contains(tileSize) else { throw ValidationError("--tile-size must be 64…4096") }
        guard (256...1_000_000).contains(maxSize) else { throw ValidationError("--max-size must be 256…1000000") }
        guard (10...100).contains(quality) else { throw ValidationError("--quality must be 10…100") }
    }

    public func run() throws {
        let pages = try BakeInput(source: source, maxSize: maxSize)
        if case .failure(let e) = systemCall({ mkdir(dir, 0o755) }), e.code != EEXIST {
            throw ValidationError("cannot make \(dir): \(e)")
        }
        var progress = BakeProgress(total: pages.count)
        var baked: [BakedPage] = []
        for index in 0..<pages.count {
            let name = String(format4: index + 1)
            let folder = dir + "/" + name
            if case .failure = fileStatus(path: folder + "/info.json") {
                let input = try pages.file(of: index, scratch: dir + "/.\(name).source.jpg")
                try BakeTiler(tileSize: tileSize, quality: quality).pyramid(of: input.path, into: folder, id: name)
                if input.temporary { _ = systemCall { unlink(input.path) } }
                progress.bytesIn += input.bytes
            } else {
                progress.resumed += 1
            }
            let info = try BakeTiler.size(of: folder)
            progress.tiles += BakeTiler.countTiles(in: folder)
            var page = BakedPage(id: name, label: pages.label(of: index), size: info, whole: BakeTiler.wholeImage(in: folder))
            page.narration = try pages.copyNarration(of: index, into: folder)
            page.notes = pages.notes(of: index)
            baked.append(page)
            progress.pageDone()
        }
        progress.finish()
        let manifest = BakeManifest(title: title ?? pages.title, attribution: pages.attribution,
                                    rightToLeft: pages.rightToLeft, pages: baked)
        try manifest.write(to: dir + "/" + "manifest.json")
        print("baked \(baked.count) pages (\(progress.tiles) tiles) into \(dir)")
    }
}

extension String {
    /// "0007": page folders sort in order in a file manager too.
    init(format4 value: Int) {
        let digits = String(value)
        self = String(repeating: "0", count: Swift.max(0, 4 - digits.count)) + digits
    }
}

/// The pages to bake: image files, or a manifest's pages drawn by the reader's own IIIF source.
struct BakeInput {
    enum Kind { case files([String]), manifest(PageSource) }
    let kind: Kind
    let maxSize: Int
    let title: String
    var attribution: [String] = []
    var rightToLeft = false

    static let extensions = [".jpg", ".jpeg", ".png", ".tif", ".tiff", ".webp"]

    init(source: String, maxSize: Int) throws {
        self.maxSize = maxSize
        let isDirectory = (try? fileStatus(path: source).get()).map { $0.st_mode & S_IFMT == S_IFDIR } ?? false
        let trimmed = source.hasSuffix("/") ? String(source.dropLast()) : source
        let base = trimmed.split(separator: "/").last.map(String.init) ?? "Book"
        if isDirectory, case .failure = fileStatus(path: source + "/manifest.json") {
            let names = try Self.images(in: source)
            guard !names.isEmpty else { throw ValidationError("\(source) holds no JPEG, PNG, TIFF or WebP scans") }
            kind = .files(names.map { trimmed + "/" + $0 })
            title = base
        } else if !source.lowercased().hasPrefix("http"), !isDirectory, Self.extensions.contains(where: source.lowercased().hasSuffix) {
            if case .failure(let e) = systemCall({ access(source, R_OK) }) { throw ValidationError("cannot read \(source): \(e)") }
            kind = .files([source])
            title = base.split(separator: ".").first.map(String.init) ?? base
        } else {
            let book: PageSource
            do { book = try PageSource.open(path: source) } catch { throw ValidationError(error.description) }
            guard book.kind == .iiif else { throw ValidationError("\(source) is neither scans nor a IIIF manifest") }
            kind = .manifest(book)
            title = book.metadata.title ?? base
            attribution = book.metadata.attribution
            rightToLeft = book.metadata.rightToLeft ?? false
        }
    }

    static func images(in folder: String) throws -> [String] {
        let entries: [DirectoryEntry]
        switch directoryEntries(folder) {
        case .success(let found): entries = found
        case .failure(let e): throw ValidationError("cannot read \(folder): \(e)")
        }
        let names = entries.map(\.name).filter { !$0.hasPrefix(".") && extensions.contains(where: $0.lowercased().hasSuffix) }
        return naturallySorted(names)
    }

    var count: Int {
        switch kind {
        case .files(let paths): paths.count
        case .manifest(let book): book.pageCount
        }
    }

    func label(of index: Int) -> String {
        switch kind {
        case .files: String(index + 1)
        case .manifest(let book): book.pageLabels?[index] ?? String(index + 1)
        }
    }

    /// The page as a file vips can read: the scan itself, or the manifest's page downloaded (tiles stitched) and
    /// written as a JPEG at `scratch`.
    func file(of index: Int, scratch: String) throws -> (path: String, temporary: Bool, bytes: Int) {
        switch kind {
        case .files(let paths):
            let bytes = (try? fileStatus(path: paths[index]).get()).map { Int($0.st_size) } ?? 0
            return (paths[index], false, bytes)
        case .manifest(let book):
            guard let drawn = book.provider as? any RenderedPageProvider else { throw ValidationError("not a IIIF book") }
            let page = index + 1
            do {
                let box = PixelSize(width: maxSize, height: maxSize)
                let size = try drawn.sourceSize(of: page, fitting: box).fitting(within: box)
                let image = try drawn.render(page: page, size: size)
                let jpeg = try JPEGEncoder.encode(image, quality: 95)
                try writeFile(scratch, jpeg)
                return (scratch, true, jpeg.count)
            } catch {
                throw ValidationError("\(book.name(of: page)): \(error)")
            }
        }
    }
}

extension BakeInput {
    /// A page's notes: a manifest canvas's (its annotation pages fetched), or the files beside a scan.
    func notes(of index: Int) -> [PageNote] {
        let read: PageNotesRead
        switch kind {
        case .manifest(let book): read = book.notes(of: index + 1)
        case .files(let paths): read = PageSource.sidecarNotes(beside: paths[index])
        }
        for problem in read.problems { print("page \(index + 1): notes left out: \(problem)") }
        return read.notes
    }

    /// A manifest page's recordings and captions, every language, copied into `folder/narration/` (named by
    /// language: `de.ogg`, `de.vtt`; `none.…` without one); their paths relative to the book.
    func copyNarration(of index: Int, into folder: String) throws -> [BakedTrack] {
        guard case .manifest(let book) = kind else { return [] }
        let tracks = book.narrationTracks(of: index + 1)
        guard !tracks.isEmpty else { return [] }
        let directory = folder + "/narration"
        if case .failure(let e) = systemCall({ mkdir(directory, 0o755) }), e.code != EEXIST {
            throw ValidationError("cannot make \(directory): \(e)")
        }
        var out: [BakedTrack] = []
        for (i, track) in tracks.enumerated() {
            let language = track.language.flatMap { $0.allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" } ? $0 : nil }
            let source = track.path.split(separator: "/").last ?? ""
            let ext = track.captions ? "vtt" : (source.split(separator: ".").count > 1 ? String(source.split(separator: ".").last!) : "audio")
            let name = "\(language ?? "none")-\(i).\(ext)"
            guard case .success(let bytes) = readWholeFile(track.path, limit: 128 << 20) else { continue }
            try writeFile(directory + "/" + name, bytes)
            out.append(BakedTrack(captions: track.captions, language: language, file: folder.split(separator: "/").last.map(String.init)! + "/narration/" + name))
        }
        return out
    }
}

func writeFile(_ path: String, _ bytes: [UInt8]) throws {
    if case .failure(let e) = writeWholeFile(path, bytes) { throw ValidationError("cannot write \(path): \(e)") }
}
