import Book
import Geometry

/// A IIIF Presentation manifest (3.0 or 2.1) read as a book: what the reader needs, nothing else.
public struct Manifest: Sendable, Equatable {
    public var version: ImageAPIVersion
    public var title: String
    /// `requiredStatement` (3) or `attribution` (2.1), as "Label: value" lines; IIIF requires it to be shown.
    public var attribution: [String]
    /// `rights` (3) or `license` (2.1).
    public var rights: String?
    public var rightToLeft: Bool
    /// `behavior`/`viewingHint` `paged`: the first canvas stands alone as a right-hand page.
    public var paged: Bool
    /// Every canvas, in order, `non-paged` ones included (`pages` leaves them out).
    public var canvases: [Canvas]
    /// The manifest's language where its labels say one (the first language of the title).
    public var language: String?
    /// Its table of contents: `structures` (ranges, nested), each with the first canvas it holds.
    public var sections: [Section] = []
    /// Ranges left out of `sections` and why (inside themselves, nested too deep), one line each.
    public var sectionProblems: [String] = []
    /// `requiredStatement` (3) or `attribution` (2.1) in every language given, for another language than the
    /// one `attribution` was read in.
    public var statements: [Statement] = []
    /// What the manifest says about the book, in every language given: its `metadata`, summary, required
    /// statement, rights and providers.
    public var about = BookAbout()

    /// A statement the manifest requires shown: its label ("Attribution" in 2.1) and its value.
    public struct Statement: Sendable, Equatable {
        public var label: LocalizedText?
        public var value: LocalizedText
    }

    /// The canvases' labels in the first of `languages` each gives (else its number).
    public func pageLabels(in languages: [String]) -> [String] {
        pages.enumerated().map { $0.element.labels?.best(languages)?.text ?? String($0.offset + 1) }
    }

    /// The required statement as "Label: value" lines in the first of `languages` each gives, and the rights.
    public func attribution(in languages: [String]) -> [String] {
        statements.compactMap { s in
            guard let value = s.value.best(languages)?.text else { return nil }
            return s.label?.best(languages).map { "\($0.text): \(value)" } ?? value
        } + (rights.map { ["Rights: \($0)"] } ?? [])
    }

    /// A range of `structures`: its label, the id of the first canvas in it, how deep it is nested.
    public struct Section: Sendable, Equatable {
        public var title: String
        public var canvas: String
        public var level: Int
    }

    /// The canvases a visitor turns through.
    public var pages: [Canvas] { canvases.filter { !$0.nonPaged } }

    public struct Canvas: Sendable, Equatable {
        public var label: String?
        public var size: PixelSize?
        /// `facing-pages`: one image of both pages, shown alone across the spread.
        public var facingPages: Bool
        public var nonPaged: Bool
        /// Where its picture comes from, or why it has none (the page shows a placeholder with the reason).
        public var image: Result<PageImage, PageImageFailure>
        /// `summary`/`description`, for speech.
        public var summary: String?
        /// `id` (3) or `@id` (2.1): what ranges name it by.
        public var id: String?
        /// Its label in every language given.
        public var labels: LocalizedText? = nil
        /// Its recorded narration and captions (3: its `accompanyingCanvas`); nil: none.
        public var narration: CanvasNarration? = nil
        /// Its annotations read as notes (3: `annotations`; 2.1: `otherContent`), and the pages of them to fetch.
        public var notes = CanvasNotes()
    }

    /// A canvas's painting: an image service (a pyramid) and, where the manifest names one, a whole image.
    public struct PageImage: Sendable, Equatable {
        public var service: ImageServiceReference?
        public var url: ResourceURL?
        public var size: PixelSize?
    }

    public struct PageImageFailure: Error, Sendable, Equatable, CustomStringConvertible {
        public var reason: String
        public var description: String { reason }
    }

    public enum Failure: Error, Equatable, Sendable, CustomStringConvertible {
        case notJSON(JSONError)
        case notIIIF(String)
        case tooManyCanvases(Int, limit: Int)
        case noCanvases

        public var description: String {
            switch self {
            case .notJSON(let e): "the manifest is \(e)"
            case .notIIIF(let why): "not a IIIF Presentation 2 or 3 manifest: \(why)"
            case .tooManyCanvases(let n, let limit): "the manifest has \(n) canvases; Recto reads books of at most \(limit)"
            case .noCanvases: "the manifest has no canvases"
            }
        }
    }

    public static let maxCanvases = 10_000
    /// The largest manifest read: the largest public book manifests are a few MB.
    public static let maxBytes = 64 << 20

    /// Reads a manifest fetched from `url` (relative ids resolve against it); `languages` ranks label languages.
    public static func parse(_ bytes: [UInt8], from url: ResourceURL,
                             languages: [String] = ["en"]) throws(Failure) -> Manifest {
        guard bytes.count <= maxBytes else { throw .notIIIF("larger than \(maxBytes >> 20) MB") }
        let json: JSONValue
        do { json = try JSONValue.parse(bytes) } catch { throw .notJSON(error) }
        guard case .object = json else { throw .notIIIF("not a JSON object") }
        let context = json["@context"].map(ImageInfo.contextStrings) ?? []
        if context.contains(where: { $0.contains("/presentation/3") }) || json["type"]?.string == "Manifest" {
            return try PresentationThree(url: url, languages: languages).manifest(json)
        }
        if context.contains(where: { $0.contains("/presentation/2") }) || json["@type"]?.string == "sc:Manifest" {
            return try PresentationTwo(url: url, languages: languages).manifest(json)
        }
        if json["type"]?.string == "Collection" || json["@type"]?.string == "sc:Collection" {
            throw .notIIIF("it is a collection of manifests, not one book")
        }
        throw .notIIIF("no Presentation 2 or 3 @context and no Manifest type")
    }
}

/// Labels, in either version's shape, in the best language.
struct LanguageChooser {
    let languages: [String]

    /// 3.0: `{"en": ["a", "b"], "none": ["c"]}`; 2.1: `"a"`, `{"@value": "a", "@language": "en"}` or a list of those.
    func text(_ value: JSONValue?) -> (text: String, language: String?)? {
        localized(value)?.best(languages)
    }

    /// Every language's text of a label.
    func localized(_ value: JSONValue?) -> LocalizedText? {
        guard let value else { return nil }
        var entries: [(key: String, text: String)] = []
        switch value {
        case .string(let s): entries = [("none", s)]
        case .number(let n): entries = [("none", n.rounded() == n && abs(n) < 1e15 ? String(Int(n)) : String(n))]
        case .array(let items):
            entries = items.compactMap { item -> (key: String, text: String)? in
                if let s = item.string { return ("none", s) }
                guard let s = item["@value"]?.string else { return nil }
                return (item["@language"]?.string ?? "none", s)
            }
        case .object(let members):
            if let s = members["@value"]?.string { entries = [(members["@language"]?.string ?? "none", s)] }
            else {
                entries = members.sorted { $0.key < $1.key }.compactMap { member in
                    let texts = member.value.list.compactMap(\.string)
                    return texts.isEmpty ? nil : (member.key, texts.joined(separator: "; "))
                }
            }
        default: return nil
        }
        return entries.isEmpty ? nil : LocalizedText(entries: entries)
    }
}

extension JSONValue {
    /// `behavior`/`viewingHint` values, lower-cased.
    var hints: [String] { list.compactMap { $0.string?.lowercased() } }

    /// `width` and `height`, when both are positive whole numbers.
    var pixelSize: PixelSize? {
        guard let w = self["width"]?.integer, let h = self["height"]?.integer, w > 0, h > 0 else { return nil }
        return PixelSize(width: w, height: h)
    }
}

extension Manifest.Canvas {
    /// A canvas from its JSON, in either version: `hints` are its `behavior` (3) or `viewingHint` (2.1).
    init(_ json: JSONValue, hints: [String], label: String?, summary: String?,
         image: Result<Manifest.PageImage, Manifest.PageImageFailure>) {
        self.init(label: label, size: json.pixelSize, facingPages: hints.contains("facing-pages"),
                  nonPaged: hints.contains("non-paged"), image: image, summary: summary,
                  id: json["id"]?.string ?? json["@id"]?.string)
    }
}

extension Manifest.PageImage {
    /// A painting's image from its resource (3's body, 2.1's resource): its `id`/`@id` resolved against
    /// `base`, its first usable service, its size; a failure naming why when it has neither URL nor service.
    static func from(_ resource: JSONValue, id: String?, service: ImageServiceReference?,
                     base: ResourceURL) -> Result<Manifest.PageImage, Manifest.PageImageFailure> {
        var imageURL: ResourceURL?
        var failure: String?
        if let id {
            do { imageURL = try ResourceURL(id, relativeTo: base) } catch { failure = error.description }
        }
        guard service != nil || imageURL != nil else {
            return .failure(.init(reason: failure ?? "the image has neither a URL nor an image service"))
        }
        return .success(Manifest.PageImage(service: service, url: imageURL, size: resource.pixelSize))
    }
}
