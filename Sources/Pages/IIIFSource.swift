import Book
import Fetch
import Geometry
import Glibc
import IIIF
import Posix
import Synchronization

/// A IIIF book: a manifest (a file, a directory holding `manifest.json` — what `recto bake` writes — or an
/// http(s) URL) whose canvases are the pages. A page is its canvas's whole image at the smallest size the
/// image service offers that still fills `restSize` (a pyramid's 20,000 px scan is never read whole), or the
/// painting's plain image URL. A canvas whose image cannot be had is a placeholder page with the reason; the
/// rest of the book reads. Everything here runs on the page cache's worker threads: fetches block.
final class IIIFSource: PageProvider {
    static let manifestName = "manifest.json"

    let path: String
    let limits: PageLimits
    let manifestURL: ResourceURL
    let manifest: Manifest
    let restSize: PixelSize
    let fetcher: Fetcher
    /// Time-outs and redirects for every fetch (each use sets its own size bound).
    let network: FetchLimits
    /// Each page's info.json, fetched once (a failure too: one log line, not one per turn).
    private let infos = Mutex<[Int: Result<ImageInfo, PageError>]>([:])

    var kind: PageSource.Kind { .iiif }
    var pageCount: Int { manifest.pages.count }
    var pageLabels: [String]? {
        let labels = manifest.pages.enumerated().map { $0.element.label ?? String($0.offset + 1) }
        return labels.isEmpty ? nil : labels
    }

    /// The canvases' labels and the required statement in `language` (else as the manifest's order of languages
    /// gives them).
    func bookTexts(in language: String) -> (pageLabels: [String], attribution: [String]) {
        (manifest.pageLabels(in: [language]), manifest.attribution(in: [language]))
    }

    /// What of the manifest's `structures` was left out and why: ranges inside themselves or nested too deep, ranges
    /// whose canvas is not a page of the book.
    var contentsProblems: [String] {
        let pages = Set(manifest.pages.compactMap(\.id))
        return manifest.sectionProblems + manifest.sections.filter { !pages.contains($0.canvas) }.map {
            "range \"\($0.title)\" names \($0.canvas), not a page of the book: left out"
        }
    }

    /// The manifest's `structures`, each on the page of the first canvas its range holds.
    var tableOfContents: [ContentsEntry] {
        var pageOf: [String: Int] = [:]
        for (i, canvas) in manifest.pages.enumerated() { if let id = canvas.id, pageOf[id] == nil { pageOf[id] = i + 1 } }
        let entries = manifest.sections.compactMap { s in pageOf[s.canvas].map { ContentsEntry(title: s.title, page: $0, level: s.level) } }
        return BookContents.cleaned(entries, pageCount: pageCount)
    }

    var metadata: BookMetadata {
        var metadata = BookMetadata(title: manifest.title, rightToLeft: manifest.rightToLeft,
                                    doublePages: Set(manifest.pages.indices.filter { manifest.pages[$0].facingPages }.map { $0 + 1 }))
        metadata.attribution = manifest.attribution + (manifest.rights.map { ["Rights: \($0)"] } ?? [])
        metadata.language = manifest.language
        metadata.about = manifest.about
        return metadata
    }

    /// Large enough to fill a 2560×1600 screen's page at rest; deeper zoom asks the pyramid for tiles.
    static let defaultRestSize = PixelSize(width: 2560, height: 2560)

    init(location: String, limits: PageLimits, restSize: PixelSize = IIIFSource.defaultRestSize,
         fetcher: Fetcher, network: FetchLimits = FetchLimits()) throws(PageError) {
        self.path = location
        self.network = network
        self.limits = limits
        self.restSize = restSize
        self.fetcher = fetcher
        let url: ResourceURL
        do {
            if Self.isURL(location) {
                url = try ResourceURL(location)
            } else {
                var file = location.hasPrefix("/") ? location : Self.currentDirectory() + "/" + location
                if let info = PosixFiles.status(file), PosixFiles.isDirectory(info) { file += "/" + Self.manifestName }
                url = ResourceURL(scheme: .file, authority: "", path: Self.percentEncoded(file))
            }
        } catch {
            throw .unreadableManifest(path: location, reason: error.description)
        }
        manifestURL = url
        let bytes: [UInt8]
        do {
            bytes = try fetcher.fetch(url.description, limits: network.bounded(Manifest.maxBytes), policy: .networkFirst)
        } catch {
            throw .unreadableManifest(path: location, reason: error.description)
        }
        do { manifest = try Manifest.parse(bytes, from: url) } catch {
            throw .unreadableManifest(path: location, reason: error.description)
        }
        guard manifest.pages.count <= limits.maxPages else { throw .tooManyPages(path: location, limit: limits.maxPages) }
        guard !manifest.pages.isEmpty else { throw .noPages(path: location, entries: manifest.canvases.count) }
    }

    static func isURL(_ path: String) -> Bool {
        let lower = path.lowercased()
        return lower.hasPrefix("http://") || lower.hasPrefix("https://")
    }

    /// A `.json` file, or any file that starts like a JSON object naming a IIIF context or Manifest type.
    static func looksLikeManifest(path: String, head: [UInt8]) -> Bool {
        let text = String(decoding: head, as: UTF8.self)
        guard text.drop(while: { $0.isWhitespace || $0 == "\u{FEFF}" }).first == "{" else { return false }
        return path.lowercased().hasSuffix(".json") || text.contains("iiif.io/api/presentation")
    }

    func name(of page: Int) -> String {
        guard (1...max(1, pageCount)).contains(page), page <= pageCount else { return "page \(page)" }
        return manifest.pages[page - 1].label.map { "canvas \"\($0)\"" } ?? "canvas \(page)"
    }

    func contents(of page: Int) throws(PageError) -> PageContents {
        let url = try imageURL(of: page)
        do {
            let bytes = try fetcher.fetch(url, limits: network.bounded(limits.decode.maxFileBytes), policy: .cacheFirst)
            return PageContents(bytes: bytes, identity: .resource(url: url))
        } catch {
            throw .remote(name: name(of: page), reason: error.description)
        }
    }

    func identity(of page: Int) throws(PageError) -> PageIdentity { .resource(url: try imageURL(of: page)) }

    func reloaded() throws(PageError) -> any PageProvider {
        try IIIFSource(location: path, limits: limits, restSize: restSize, fetcher: fetcher, network: network)
    }

    /// The URL of the page's picture at rest: from its image service when it has one, else the plain image.
    func imageURL(of page: Int) throws(PageError) -> String {
        guard (1...max(1, pageCount)).contains(page), page <= pageCount else {
            throw .pageOutOfRange(page: page, pageCount: pageCount)
        }
        let image: Manifest.PageImage
        do { image = try manifest.pages[page - 1].image.get() } catch {
            throw .remote(name: name(of: page), reason: error.reason)
        }
        if let service = image.service {
            let info = try info(of: page, service: service)
            if let whole = info.wholeImage(covering: restSize) { return whole.url.description }
        }
        guard let url = image.url else { throw .remote(name: name(of: page), reason: "the image service offers no whole image") }
        return url.description
    }

    func info(of page: Int, service: ImageServiceReference) throws(PageError) -> ImageInfo {
        if let known = infos.withLock({ $0[page] }) { return try known.get() }
        let result: Result<ImageInfo, PageError>
        var transient = false
        do {
            let bytes = try fetcher.fetch(service.infoURL.description, limits: network.bounded(4 << 20),
                                          policy: .cacheFirst)
            do { result = .success(try ImageInfo.parse(bytes, from: service.infoURL)) } catch {
                result = .failure(.remote(name: name(of: page), reason: error.description))
            }
        } catch {
            transient = error.isTransient
            result = .failure(.remote(name: name(of: page), reason: error.description))
        }
        // A network that failed may come back: only answers (an info.json, a 404, nonsense) are remembered.
        if !transient { infos.withLock { $0[page] = result } }
        return try result.get()
    }

    static func currentDirectory() -> String {
        (try? Posix.currentDirectory().get()) ?? "/"
    }

    static func percentEncoded(_ path: String) -> String {
        var out = ""
        for byte in path.utf8 {
            let c = Character(Unicode.Scalar(byte))
            if byte < 0x80, c.isLetter || c.isNumber || "/-._~".contains(c) {
                out.append(c)
            } else {
                out += "%" + (byte < 16 ? "0" : "") + String(byte, radix: 16, uppercase: true)
            }
        }
        return out
    }
}

extension PageSource {
    /// What of the book's table of contents was left out and why, one line each (a IIIF manifest's ranges).
    public var contentsProblems: [String] { (provider as? IIIFSource)?.contentsProblems ?? [] }

    /// The book's page labels and attribution in `language`, where it gives them in several languages (a IIIF
    /// manifest); nil for a book whose labels are its own.
    public func bookTexts(in language: String) -> (pageLabels: [String], attribution: [String])? {
        (provider as? IIIFSource)?.bookTexts(in: language)
    }
}
