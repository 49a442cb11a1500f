import ArgumentParser
import Book
import Decoding
import Diagnostics
import Geometry
import Glibc
import IIIF
import Pages
import Posix

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
