/// An annotation's HTML body reduced to text a visitor reads: paragraphs and line breaks kept, every tag
/// dropped, and what scripts, styles, frames, objects, SVG and templates hold dropped with them (nothing is
/// fetched or run); entities decoded.
enum HTMLText {
    /// Elements whose content is not text for a reader.
    private static let dropped: Set<String> = ["script", "style", "iframe", "object", "embed", "svg", "math", "template",
                                               "noscript", "head", "title", "video", "audio", "canvas", "select", "textarea"]
    /// Elements that end a paragraph or a line.
    private static let paragraphs: Set<String> = ["p", "div", "li", "ul", "ol", "h1", "h2", "h3", "h4", "h5", "h6",
                                                  "blockquote", "tr", "table", "section", "article", "dd", "dt", "pre"]

    static func plain(_ html: String) -> String {
        var out = ""
        var chars = Array(html.unicodeScalars)[...]
        var skipping: String? = nil
        while let c = chars.first {
            if c == "<" {
                guard let close = chars.firstIndex(of: ">") else { break }
                let tag = String(String.UnicodeScalarView(chars[chars.index(after: chars.startIndex)..<close]))
                chars = chars[chars.index(after: close)...]
                let ending = tag.hasPrefix("/")
                let name = String(tag.drop { $0 == "/" }.prefix { $0.isLetter || $0.isNumber }).lowercased()
                if let open = skipping {
                    if ending, name == open { skipping = nil }
                    continue
                }
                if dropped.contains(name), !ending, !tag.hasSuffix("/") { skipping = name; continue }
                if name == "br" { out += "\n" }
                else if paragraphs.contains(name), !out.isEmpty, !out.hasSuffix("\n\n") { out += out.hasSuffix("\n") ? "\n" : "\n\n" }
                continue
            }
            chars = chars.dropFirst()
            if skipping != nil { continue }
            if c == "&", let semi = chars.prefix(10).firstIndex(of: ";") {
                let name = String(String.UnicodeScalarView(chars[chars.startIndex..<semi]))
                if let decoded = entity(name) {
                    out.unicodeScalars.append(decoded)
                    chars = chars[chars.index(after: semi)...]
                    continue
                }
            }
            out.unicodeScalars.append(c)
        }
        return out
    }

    private static func entity(_ name: String) -> Unicode.Scalar? {
        switch name {
        case "amp": return "&"
        case "lt": return "<"
        case "gt": return ">"
        case "quot": return "\""
        case "apos": return "'"
        case "nbsp": return "\u{A0}"
        default:
            guard name.hasPrefix("#") else { return nil }
            let digits = name.dropFirst()
            let value = digits.hasPrefix("x") || digits.hasPrefix("X") ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits)
            return value.flatMap(Unicode.Scalar.init)
        }
    }

    /// Runs of spaces and tabs as one space, at most one empty line in a row, no blank edges.
    static func collapsed(_ text: String) -> String {
        var lines: [String] = []
        for raw in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let words = raw.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" || $0 == "\u{A0}" })
            let line = words.joined(separator: " ")
            if line.isEmpty, lines.last?.isEmpty ?? true { continue }
            lines.append(line)
        }
        while lines.last?.isEmpty == true { lines.removeLast() }
        return lines.joined(separator: "\n")
    }
}
