import Book

extension BakeManifest {
    /// The page's notes as one embedded annotation page: transcriptions `supplementing`, notes `commenting`, each
    /// body a `TextualBody` in its language, aimed at the canvas in its own pixels (the baked canvas's size).
    func annotations(_ page: BakedPage) -> String {
        guard !page.notes.isEmpty else { return "" }
        let w = Double(page.size.width), h = Double(page.size.height)
        func number(_ v: Double) -> String { v == v.rounded() && abs(v) < 1e15 ? String(Int(v)) : String(v) }
        let items = page.notes.enumerated().map { i, note -> String in
            // Emphasis goes as HTML: Pango's <i>, <b>, <u> and its entities are HTML's too.
            let bodies = note.bodies.map { b in
                let value = b.markup.map { ("text/html", $0.split(separator: "\n", omittingEmptySubsequences: false).joined(separator: "<br>")) }
                    ?? ("text/plain", b.text)
                return "{\"type\": \"TextualBody\", \"format\": \"\(value.0)\", \"value\": \(quoted(value.1))"
                    + (b.language.map { ", \"language\": \(quoted($0))" } ?? "") + "}"
            }
            let canvas = "canvas/\(page.id)"
            let target: String
            switch note.target {
            case .page: target = quoted(canvas)
            case .region(let r):
                target = quoted(canvas + "#xywh=" + [r.minX * w, r.minY * h, r.width * w, r.height * h].map { number(($0 * 100).rounded() / 100) }.joined(separator: ","))
            case .point(let p):
                target = "{\"type\": \"SpecificResource\", \"source\": \(quoted(canvas)), \"selector\": {\"type\": \"PointSelector\", \"x\": \(number((p.x * w).rounded())), \"y\": \(number((p.y * h).rounded()))}}"
            case .outline(let points):
                let svg = "<svg xmlns='http://www.w3.org/2000/svg'><polygon points='"
                    + points.map { "\(number(($0.x * w).rounded())),\(number(($0.y * h).rounded()))" }.joined(separator: " ") + "'/></svg>"
                target = "{\"type\": \"SpecificResource\", \"source\": \(quoted(canvas)), \"selector\": {\"type\": \"SvgSelector\", \"value\": \(quoted(svg))}}"
            }
            return "{\"id\": \"\(canvas)/notes/\(i)\", \"type\": \"Annotation\", \"motivation\": \"\(note.kind == .text ? "supplementing" : "commenting")\", "
                + "\"body\": [\(bodies.joined(separator: ", "))], \"target\": \(target)}"
        }
        return ",\n \"annotations\": [{\"id\": \"canvas/\(page.id)/notes\", \"type\": \"AnnotationPage\", \"items\": [\n  "
            + items.joined(separator: ",\n  ") + "]}]"
    }
}
