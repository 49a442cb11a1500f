import Geometry

/// Something a book says about one of its pages besides its picture: a transcription or translation of its text
/// (IIIF `supplementing`, a `page-003.txt` beside the page, a PDF page's own text) or a curator's note
/// (`commenting`, `tagging`), pinned to the whole page, a region, a point or an outline of it. Where it sits is
/// in fractions of the page as displayed (0,0 top left; 1,1 bottom right), so it holds at any zoom and image size.
public struct PageNote: Sendable, Hashable {
    public enum Kind: Sendable, Hashable {
        /// The page's words: its text in its own language or a translation of it, by the text's language.
        case text
        /// A note about the page or a place on it.
        case note
    }

    public enum Target: Sendable, Hashable {
        case page
        case region(Rect)
        case point(Vec2)
        /// A polygon (an `SvgSelector`), drawn as its outline.
        case outline([Vec2])

        /// Where a marker of its own sits (nil: the whole page, whose notes share one marker at the page's top
        /// outer corner, placed where the page lies: `PageNotes.wholePage`).
        public var anchor: Vec2? {
            switch self {
            case .page: nil
            case .region(let r): Vec2(r.minX + r.width / 2, r.minY + r.height / 2)
            case .point(let p): p
            case .outline(let points):
                points.isEmpty ? nil : points.reduce(Vec2(0, 0), +) * (1 / Double(points.count))
            }
        }

        /// The outline its card highlights, as a closed polygon of page fractions (none for a point or the page).
        public var outlinePolygon: [Vec2] {
            switch self {
            case .page, .point: []
            case .region(let r): [Vec2(r.minX, r.minY), Vec2(r.maxX, r.minY), Vec2(r.maxX, r.maxY), Vec2(r.minX, r.maxY)]
            case .outline(let points): points
            }
        }
    }

    /// One body in one language (nil: none stated).
    public struct Body: Sendable, Hashable {
        /// What it says, plain: spoken, logged, searched.
        public var text: String
        public var language: String?
        /// The same as Pango markup where the book gave emphasis (HTML's `<em>`, `<b>`): each line opens and closes
        /// its own tags. Nil: plain.
        public var markup: String?
        public init(text: String, language: String?, markup: String? = nil) {
            self.text = text; self.language = language; self.markup = markup
        }

        /// As markup: its own, else its text escaped.
        public var asMarkup: String { markup ?? PageNote.escaped(text) }
    }

    /// Plain text made safe to set as Pango markup.
    public static func escaped(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for c in text.unicodeScalars {
            switch c {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            default: out.unicodeScalars.append(c)
            }
        }
        return out
    }

    public var kind: Kind
    /// The same words in each language given (a `Choice`), in the book's order.
    public var bodies: [Body]
    public var target: Target

    public init(kind: Kind, bodies: [Body], target: Target) {
        self.kind = kind
        self.bodies = bodies
        self.target = target
    }

    /// The body in `language` (or its primary tag), else one in no language, else the first.
    public func body(in language: String?) -> Body? {
        Self.pick(bodies, language) ?? bodies.first
    }

    /// The body in `language` or its primary tag, else one in no language; nil when neither.
    public static func pick(_ bodies: [Body], _ language: String?) -> Body? {
        let wanted = language?.lowercased()
        let primary = wanted.map(Self.primary)
        return bodies.first { wanted != nil && $0.language?.lowercased() == wanted }
            ?? bodies.first { primary != nil && $0.language.map(Self.primary) == primary }
            ?? bodies.first { $0.language == nil }
    }

    /// "de" of "de-CH", lower-cased.
    public static func primary(_ tag: String) -> String {
        String(tag.lowercased().split(separator: "-").first ?? "")
    }

    /// Most notes kept for one page: a canvas with more is read up to here and said once. Ten thousand line
    /// transcriptions is more than any page has; the markers of that many are still drawn at the frame rate.
    public static let maxPerPage = 10_000
    /// Most characters kept of one body: a page's whole transcription is rarely a tenth of it.
    public static let maxCharacters = 100_000
    /// Most bodies (languages) kept of one note.
    public static let maxBodies = 32
    /// Most characters kept of one page's notes, all bodies together (a thousand pages of text): notes past it are
    /// left out, so a page with ten thousand long annotations stays within a few MB.
    public static let maxPageCharacters = 2_000_000

    /// `notes` cut to `maxPageCharacters` and `maxPerPage`, and how many were left out.
    public static func bounded(_ notes: [PageNote]) -> (notes: [PageNote], leftOut: Int) {
        var kept: [PageNote] = [], total = 0
        for note in notes.prefix(maxPerPage) {
            let size = note.bodies.reduce(0) { $0 + $1.text.utf8.count + ($1.markup?.utf8.count ?? 0) }
            guard total + size <= maxPageCharacters else { continue }
            total += size
            kept.append(note)
        }
        return (kept, notes.count - kept.count)
    }
}

/// What a page's notes hold for the visitor: its whole-page text in the book's language and in the visitor's,
/// and the notes with a marker.
public struct PageNotes: Sendable, Hashable {
    public var notes: [PageNote]

    public init(_ notes: [PageNote]) { self.notes = notes }

    /// The page's words as the book gives them (in `bookLanguage`, or stating none, else each text's first),
    /// whole-page texts and those of regions line by line, in the book's order; nil when it has none.
    public func transcription(bookLanguage: String?) -> String? {
        transcriptionBodies(bookLanguage).map { $0.map(\.text).joined(separator: "\n") }
    }

    /// The transcription as Pango markup (its emphasis kept).
    public func transcriptionMarkup(bookLanguage: String?) -> String? {
        transcriptionBodies(bookLanguage).map { $0.map(\.asMarkup).joined(separator: "\n") }
    }

    private func transcriptionBodies(_ bookLanguage: String?) -> [PageNote.Body]? {
        let bodies = notes.filter { $0.kind == .text }.compactMap { PageNote.pick($0.bodies, bookLanguage) ?? $0.bodies.first }
        return bodies.isEmpty ? nil : bodies
    }

    /// The page's words in `language` where that is not the transcription's: nil when no text is given in it.
    public func translation(into language: String?, bookLanguage: String?) -> String? {
        translationBodies(language, bookLanguage).map { $0.map(\.text).joined(separator: "\n") }
    }

    /// The translation as Pango markup (its emphasis kept).
    public func translationMarkup(into language: String?, bookLanguage: String?) -> String? {
        translationBodies(language, bookLanguage).map { $0.map(\.asMarkup).joined(separator: "\n") }
    }

    private func translationBodies(_ language: String?, _ bookLanguage: String?) -> [PageNote.Body]? {
        guard let language else { return nil }
        var bodies: [PageNote.Body] = []
        for note in notes where note.kind == .text {
            guard let body = PageNote.pick(note.bodies.filter { $0.language != nil }, language),
                  body != (PageNote.pick(note.bodies, bookLanguage) ?? note.bodies.first) else { continue }
            bodies.append(body)
        }
        return bodies.isEmpty ? nil : bodies
    }

    /// The languages the page's words are given in, in the book's order (nil: a text stating none).
    public var textLanguages: [String?] {
        var out: [String?] = []
        for note in notes where note.kind == .text {
            for body in note.bodies where !out.contains(body.language) { out.append(body.language) }
        }
        return out
    }

    /// The notes a marker shows: notes with a place on the page.
    public var marked: [(index: Int, note: PageNote, at: Vec2)] {
        notes.enumerated().compactMap { i, n in n.kind == .note ? n.target.anchor.map { (i, n, $0) } : nil }
    }

    /// The notes about the whole page (a target without a fragment or selector), in the book's order: they share
    /// one marker, which shows their count where there is more than one, and one card lists them.
    public var wholePage: [Int] {
        notes.indices.filter { notes[$0].kind == .note && notes[$0].target == .page }
    }
}

/// Where the marker of a page's whole-page notes sits: at the page's top outer corner (the fore-edge: the right
/// of a right-hand page or of a single page read left to right), inside the page, below the controls where the
/// corner lies under them. In fractions of the page, as every marker, so it zooms, turns and curls with it.
public enum WholePageMarker {
    /// `page`: the page's rect in book space (window px at fit); `outerIsRight`: which side is its fore-edge;
    /// `inset`: from the edges to the marker's centre, px at fit; `clear`: rects at fit (the controls) the marker
    /// and `inset` around it must not touch.
    public static func place(on page: Rect, outerIsRight: Bool, inset: Double, clear: [Rect]) -> Vec2 {
        guard page.width > 0, page.height > 0 else { return Vec2(outerIsRight ? 1 : 0, 0) }
        let x = outerIsRight ? page.maxX - inset : page.minX + inset
        var y = page.minY + inset
        for r in clear where r.width > 0 && r.height > 0 {
            let near = Rect(x: r.minX - inset, y: r.minY - inset, width: r.width + 2 * inset, height: r.height + 2 * inset)
            if near.contains(Vec2(x, y)) { y = max(y, r.maxY + inset) }
        }
        // Inside the page whatever it is told: a page shorter than the controls keeps its marker at its foot.
        let fx = min(max((x - page.minX) / page.width, 0), 1), fy = min(max((y - page.minY) / page.height, 0), 1)
        return Vec2(fx, fy)
    }
}
