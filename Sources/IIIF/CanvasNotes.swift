import Book
import Geometry

/// What a canvas says besides its picture: its annotations (Presentation 3 `annotations`, 2.1 `otherContent`)
/// read as the page's notes, and the annotation pages it only names by URL, to be fetched.
public struct CanvasNotes: Sendable, Equatable {
    public var notes: [PageNote]
    /// Annotation pages (3) or lists (2.1) named by URL without their items.
    public var references: [ResourceURL]
    /// What was left out and why, one line each, for the log.
    public var problems: [String]

    public init(notes: [PageNote] = [], references: [ResourceURL] = [], problems: [String] = []) {
        self.notes = notes
        self.references = references
        self.problems = problems
    }

    /// Most annotation pages named by URL that are fetched for one canvas.
    public static let maxReferences = 16

    /// An annotation page (3) or list (2.1) fetched from `url` for a canvas of `canvasSize`; a file that is not one
    /// says why in `problems`.
    public static func parsePage(_ bytes: [UInt8], from url: ResourceURL, canvasSize: PixelSize?) -> CanvasNotes {
        guard bytes.count <= Manifest.maxBytes else { return CanvasNotes(problems: ["\(url): larger than \(Manifest.maxBytes >> 20) MB"]) }
        let json: JSONValue
        do { json = try JSONValue.parse(bytes) } catch { return CanvasNotes(problems: ["\(url): \(error)"]) }
        var reader = AnnotationReader(base: url, canvasSize: canvasSize)
        let annotations: [JSONValue]
        switch json {
        case .array(let list): annotations = list
        case .object:
            if let items = json["items"] ?? json["resources"] { annotations = items.list }
            else if json["type"]?.string == "Annotation" || json["@type"]?.string == "oa:Annotation" { annotations = [json] }
            else { return CanvasNotes(problems: ["\(url): not an annotation page, list or annotation"]) }
        default: return CanvasNotes(problems: ["\(url): not an annotation page, list or annotation"])
        }
        reader.take(annotations)
        return reader.result
    }
}
