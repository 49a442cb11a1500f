import Book
import Decoding
import IIIF
import PDF
import Posix

/// A page's notes as read from its book, with what was left out and why (one line each, for the log).
public struct PageNotesRead: Sendable, Equatable {
    public var notes: [PageNote]
    public var problems: [String]

    public init(notes: [PageNote] = [], problems: [String] = []) {
        self.notes = notes
        self.problems = problems
    }
}

/// Where a page's transcriptions, translations and notes come from: a IIIF canvas's annotations (embedded, or
/// annotation pages fetched like tiles, through the disk cache), a W3C Web Annotation file beside an image page
/// (`page-003.annotations.json`, in the image's pixels or `percent:`), plain text beside it (`page-003.txt`,
/// `page-003.de.txt`) as its whole-page transcription, a PDF page's own text. May block: call it off the loop.
extension PageSource {
    /// Largest annotation file read beside a page, or fetched for a canvas.
    public static let maxAnnotationBytes = 16 << 20

    /// Whether pages of this book can have notes.
    public var hasNotes: Bool { provider is IIIFSource || provider is DirectorySource || provider is SingleImageSource || provider is PDFSource }

    public func notes(of page: Int) -> PageNotesRead {
        var read = unboundedNotes(of: page)
        let (kept, leftOut) = PageNote.bounded(read.notes)
        if leftOut > 0 {
            read.notes = kept
            read.problems.append("\(leftOut) notes past \(PageNote.maxPerPage) on the page or \(PageNote.maxPageCharacters / 1_000_000) M characters of text left out")
        }
        return read
    }

    private func unboundedNotes(of page: Int) -> PageNotesRead {
        guard page >= 1, page <= pageCount else { return PageNotesRead() }
        switch provider {
        case let iiif as IIIFSource: return iiif.notes(of: page)
        case let directory as DirectorySource: return Self.sidecarNotes(beside: directory.root + "/" + directory.name(of: page))
        case let single as SingleImageSource: return Self.sidecarNotes(beside: single.path)
        case let pdf as PDFSource:
            guard let text = pdf.text(of: page).map(HTMLText.paragraphs), !text.isEmpty else { return PageNotesRead() }
            return PageNotesRead(notes: [PageNote(kind: .text, bodies: [.init(text: text, language: nil)], target: .page)])
        default: return PageNotesRead()
        }
    }

    /// `dir/page-003.png` → `dir/page-003` (what its sidecars are named from).
    static func stem(of path: String) -> String {
        let slash = path.lastIndex(of: "/").map { path.index(after: $0) } ?? path.startIndex
        guard let dot = path[slash...].lastIndex(of: "."), dot > slash else { return path }
        return String(path[..<dot])
    }

    /// The files beside an image page: `stem.annotations.json`, then `stem.txt` (no language) and
    /// `stem.LANG.txt` (two or three letters, with a region: `de`, `pt-BR`) as one transcription. A link out of
    /// the book is not followed.
    public static func sidecarNotes(beside imagePath: String) -> PageNotesRead {
        var read = PageNotesRead()
        let stem = stem(of: imagePath)
        let name = stem.split(separator: "/").last.map(String.init) ?? stem
        if let bytes = try? PosixFiles.read(stem + ".annotations.json", name: "annotations", limit: maxAnnotationBytes, noFollow: true).bytes {
            let size = try? ImageDecoder.info(contentsOf: imagePath).size
            let url = ResourceURL(scheme: .file, authority: "", path: stem + ".annotations.json")
            let parsed = CanvasNotes.parsePage(bytes, from: url, canvasSize: size)
            read.notes += parsed.notes
            read.problems += parsed.problems.map { "\(name).annotations.json: \($0)" }
        }
        var bodies: [PageNote.Body] = []
        if let plain = sidecarText(beside: imagePath).map(HTMLText.paragraphs), !plain.isEmpty {
            bodies.append(.init(text: plain, language: nil))
        }
        let directory = imagePath.lastIndex(of: "/").map { String(imagePath[..<$0]) } ?? "."
        if case .success(let entries) = directoryEntries(directory, limit: 100_000) {
            let prefix = name + "."
            for entry in entries.map(\.name).sorted() where entry.hasPrefix(prefix) && entry.hasSuffix(".txt") {
                let tag = entry.dropFirst(prefix.count).dropLast(4)
                guard Self.isLanguageTag(tag), bodies.count < PageNote.maxBodies,
                      let bytes = try? PosixFiles.read(directory + "/" + entry, name: "text", limit: maxPageTextBytes, noFollow: true).bytes
                else { continue }
                let text = HTMLText.paragraphs(String(decoding: bytes, as: UTF8.self))
                if !text.isEmpty { bodies.append(.init(text: text, language: String(tag))) }
            }
        }
        if !bodies.isEmpty { read.notes.insert(PageNote(kind: .text, bodies: bodies, target: .page), at: 0) }
        return read
    }

    /// `de`, `fra`, `pt-BR`, `zh-Hant`: a language tag a file name can carry.
    static func isLanguageTag(_ s: Substring) -> Bool {
        let parts = s.split(separator: "-", omittingEmptySubsequences: false)
        guard let first = parts.first, (2...3).contains(first.count), first.allSatisfy({ $0.isASCII && $0.isLetter }) else { return false }
        return parts.dropFirst().allSatisfy { (2...8).contains($0.count) && $0.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) } }
    }
}

extension IIIFSource {
    /// The canvas's own annotations, then those of the annotation pages it names, each fetched once (through the
    /// disk cache); a page that cannot be fetched or read is left out with a line saying why.
    func notes(of page: Int) -> PageNotesRead {
        guard manifest.pages.indices.contains(page - 1) else { return PageNotesRead() }
        let canvas = manifest.pages[page - 1]
        var read = PageNotesRead(notes: canvas.notes.notes, problems: canvas.notes.problems)
        for url in canvas.notes.references {
            let bytes: [UInt8]
            do {
                bytes = try fetcher.fetch(url.description, limits: network.bounded(PageSource.maxAnnotationBytes), policy: .cacheFirst)
            } catch {
                read.problems.append("annotation page \(error)")
                continue
            }
            let parsed = CanvasNotes.parsePage(bytes, from: url, canvasSize: canvas.size ?? (try? canvas.image.get())?.size)
            guard read.notes.count + parsed.notes.count <= PageNote.maxPerPage else {
                read.problems.append("annotations \(url): more than \(PageNote.maxPerPage) notes on the canvas, left out")
                continue
            }
            // Bounded as each page comes, so sixteen large pages never lie in memory together.
            let (kept, leftOut) = PageNote.bounded(read.notes + parsed.notes)
            read.notes = kept
            read.problems += parsed.problems
            if leftOut > 0 { read.problems.append("annotation page \(url): \(leftOut) notes past the page's bounds left out") }
        }
        return read
    }
}
