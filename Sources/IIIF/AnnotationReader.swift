import Book
import Geometry

/// Reads Web Annotations in either Presentation version's shape into page notes: motivation from `motivation`,
/// bodies from `body` (3) or `resource` (2.1), where from `target` (3) or `on` (2.1), in the canvas's pixels.
struct AnnotationReader {
    let base: ResourceURL
    let canvasSize: PixelSize?
    private var notes: [PageNote] = []
    private var references: [ResourceURL] = []
    private var problems: [String] = []
    private var seen = 0, outside = 0, unplaced = 0, empty = 0, tooMany = 0, cut = 0

    init(base: ResourceURL, canvasSize: PixelSize?) {
        self.base = base
        self.canvasSize = canvasSize
    }

    var result: CanvasNotes {
        var said = problems
        if tooMany > 0 {
            said.append("\(tooMany) annotations on one canvas, more than the \(PageNote.maxPerPage) read: its notes are left out")
            return CanvasNotes(notes: [], references: [], problems: said)
        }
        if outside > 0 { said.append("\(outside) annotations aimed outside the canvas (or at no size) left out") }
        if unplaced > 0 { said.append("\(unplaced) annotations on a canvas of unknown size left out") }
        if empty > 0 { said.append("\(empty) annotations without text left out") }
        if cut > 0 { said.append("\(cut) annotation texts cut at \(PageNote.maxCharacters) characters") }
        return CanvasNotes(notes: notes, references: references, problems: said)
    }

    /// The annotation pages of a canvas (3's `annotations`, 2.1's `otherContent`): those holding their items
    /// read, the others named for fetching.
    mutating func readPages(_ pages: [JSONValue]) {
        for page in pages {
            if let items = page["items"] ?? page["resources"] {
                take(items.list)
            } else if let id = page["id"]?.string ?? page["@id"]?.string ?? page.string,
                      let url = try? ResourceURL(id, relativeTo: base), url.scheme != .file || base.scheme == .file {
                if references.count < CanvasNotes.maxReferences, !references.contains(url) { references.append(url) }
            }
        }
    }

    /// More than `PageNote.maxPerPage` annotations on one canvas leave its notes out, said once.
    mutating func take(_ annotations: [JSONValue]) {
        guard tooMany == 0 else { return }
        guard seen + annotations.count <= PageNote.maxPerPage else {
            tooMany = seen + annotations.count
            notes = []
            return
        }
        seen += annotations.count
        for annotation in annotations {
            if let note = note(annotation) { notes.append(note) }
        }
    }

    private mutating func note(_ json: JSONValue) -> PageNote? {
        let motivations = (json["motivation"]?.hints ?? []).map { $0.split(separator: ":").last.map(String.init) ?? $0 }
        let kind: PageNote.Kind
        if motivations.contains("supplementing") || motivations.contains("transcribing") { kind = .text }
        else if motivations.contains("commenting") || motivations.contains("tagging") || motivations.contains("describing") { kind = .note }
        // 2.1 puts a page's transcription in `otherContent` as text painted on the canvas.
        else if motivations.contains("painting"), json["resource"] != nil { kind = .text }
        else { return nil }
        let bodies = self.bodies(json["body"] ?? json["resource"])
        guard !bodies.isEmpty else {
            // A painting of an image (2.1's `otherContent` may hold details) or of sound is not a note.
            if kind == .note || motivations.contains("supplementing") { empty += 1 }
            return nil
        }
        guard let target = target(json["target"] ?? json["on"]) else { return nil }
        return PageNote(kind: kind, bodies: bodies, target: target)
    }

    /// Text bodies: a `TextualBody` (3), `cnt:ContentAsText`/`dctypes:Text` with `chars` (2.1), a list of them
    /// (each a language), or a `Choice` between them.
    private mutating func bodies(_ json: JSONValue?, depth: Int = 0) -> [PageNote.Body] {
        guard let json, depth < 4 else { return [] }
        switch json {
        case .array(let list):
            return Array(list.prefix(PageNote.maxBodies).flatMap { bodies($0, depth: depth + 1) }.prefix(PageNote.maxBodies))
        case .object:
            let type = json["type"]?.string ?? json["@type"]?.list.first?.string ?? json["@type"]?.string ?? ""
            if type == "Choice" || type == "oa:Choice" {
                let items = (json["items"]?.list ?? []) + [json["default"]].compactMap { $0 } + (json["item"]?.list ?? [])
                return bodies(.array(items), depth: depth + 1)
            }
            guard let value = json["value"]?.string ?? json["chars"]?.string ?? json["@value"]?.string else { return [] }
            let format = (json["format"]?.string ?? "text/plain").lowercased()
            var (text, markup) = format.contains("html") ? HTMLText.reduced(value) : (value, nil)
            if text.count > PageNote.maxCharacters {
                cut += 1
                text = String(text.prefix(PageNote.maxCharacters))
                markup = nil
            }
            text = HTMLText.collapsed(text)
            guard !text.isEmpty else { return [] }
            let language = json["language"]?.string ?? json["language"]?.list.first?.string ?? json["@language"]?.string
            return [PageNote.Body(text: text, language: language, markup: markup.map(HTMLText.collapsed))]
        case .string(let s):
            let text = HTMLText.collapsed(String(s.prefix(PageNote.maxCharacters)))
            return text.isEmpty ? [] : [PageNote.Body(text: text, language: nil)]
        default:
            return []
        }
    }

    /// Where on the canvas: the whole of it, `#xywh=` (pixels or `percent:`), a `PointSelector`, an
    /// `SvgSelector`'s polygon, path or rect; nil (counted) when it is outside the canvas or cannot be placed.
    private mutating func target(_ json: JSONValue?) -> PageNote.Target? {
        guard let json else { return .page }
        switch json {
        case .array(let list): return list.first.flatMap { target($0) } ?? .page
        case .string(let s):
            guard let hash = s.firstIndex(of: "#") else { return .page }
            return fragment(String(s[s.index(after: hash)...]))
        case .object:
            guard let selectorJSON = json["selector"] else {
                if let source = json["source"]?.string ?? json["full"]?.string ?? json["id"]?.string ?? json["@id"]?.string {
                    return target(.string(source))
                }
                return .page
            }
            var selector = selectorJSON
            if case .array(let list) = selector, let first = list.first { selector = first }
            let type = (selector["type"]?.string ?? selector["@type"]?.string ?? "").split(separator: ":").last.map(String.init) ?? ""
            switch type {
            case "FragmentSelector": return fragment(selector["value"]?.string ?? "")
            case "PointSelector":
                guard let x = selector["x"]?.number, let y = selector["y"]?.number else { return .page }
                return point(x, y)
            case "SvgSelector": return svg(selector["value"]?.string ?? "")
            case "Choice": return target(.object(["selector": selector["default"] ?? .null]))
            default: return .page
            }
        default: return .page
        }
    }

    /// `xywh=x,y,w,h`, `xywh=pixel:…` or `xywh=percent:…` (other fragments: the whole canvas).
    private mutating func fragment(_ text: String) -> PageNote.Target? {
        guard text.hasPrefix("xywh=") else { return .page }
        var spec = Substring(text.dropFirst(5))
        var percent = false
        if spec.hasPrefix("percent:") { percent = true; spec = spec.dropFirst(8) }
        else if spec.hasPrefix("pixel:") { spec = spec.dropFirst(6) }
        let numbers = spec.split(separator: ",").compactMap { Double($0) }
        guard numbers.count == 4 else { return .page }
        if percent { return region(Rect(x: numbers[0] / 100, y: numbers[1] / 100, width: numbers[2] / 100, height: numbers[3] / 100)) }
        guard let size = placeable() else { return nil }
        return region(Rect(x: numbers[0] / size.w, y: numbers[1] / size.h, width: numbers[2] / size.w, height: numbers[3] / size.h))
    }

    private mutating func placeable() -> (w: Double, h: Double)? {
        guard let size = canvasSize else {
            unplaced += 1
            return nil
        }
        return (Double(size.width), Double(size.height))
    }

    /// A region in fractions, cut to the page; nil (counted) when not finite, of no size, or outside it.
    private mutating func region(_ r: Rect) -> PageNote.Target? {
        guard [r.x, r.y, r.width, r.height].allSatisfy(\.isFinite), r.width > 0, r.height > 0 else {
            outside += 1
            return nil
        }
        let x0 = max(0, r.minX), y0 = max(0, r.minY), x1 = min(1, r.maxX), y1 = min(1, r.maxY)
        guard x1 > x0, y1 > y0 else {
            outside += 1
            return nil
        }
        if x0 == r.minX, y0 == r.minY, x1 == r.maxX, y1 == r.maxY { return .region(r) }
        return .region(Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0))
    }

    private mutating func point(_ x: Double, _ y: Double) -> PageNote.Target? {
        guard let size = placeable() else { return nil }
        let p = Vec2(x / size.w, y / size.h)
        guard p.x.isFinite, p.y.isFinite, (0...1).contains(p.x), (0...1).contains(p.y) else {
            outside += 1
            return nil
        }
        return .point(p)
    }

    /// The first `polygon`/`polyline` points, `path` (its M/L/H/V/Z commands, absolute or relative; curves
    /// by their end points) or `rect` of an SVG selector's document.
    private mutating func svg(_ document: String) -> PageNote.Target? {
        guard let size = placeable() else { return nil }
        let points = SVGOutline.points(document).prefix(4096)
        guard points.count >= 2 else { return .page }
        let scaled = points.map { Vec2($0.x / size.w, $0.y / size.h) }
        guard scaled.allSatisfy({ $0.x.isFinite && $0.y.isFinite }) else {
            outside += 1
            return nil
        }
        let inside = scaled.map { Vec2(min(1, max(0, $0.x)), min(1, max(0, $0.y))) }
        let xs = inside.map(\.x), ys = inside.map(\.y)
        guard xs.max()! > xs.min()! || ys.max()! > ys.min()! else {
            outside += 1
            return nil
        }
        return .outline(Array(inside))
    }
}
