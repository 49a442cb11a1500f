/// HTML (an annotation's body, a book's description) reduced to text a visitor reads: paragraphs and line breaks
/// kept, every tag dropped, and what scripts, styles, frames, objects, SVG and templates hold dropped with them
/// (nothing is fetched or run); entities decoded.
public enum HTMLText {
    /// Elements whose content is not text for a reader.
    private static let dropped: Set<String> = ["script", "style", "iframe", "object", "embed", "svg", "math", "template",
                                               "noscript", "head", "title", "video", "audio", "canvas", "select", "textarea"]
    /// Elements that end a paragraph or a line.
    private static let paragraphs: Set<String> = ["p", "div", "li", "ul", "ol", "h1", "h2", "h3", "h4", "h5", "h6",
                                                  "blockquote", "tr", "table", "section", "article", "dd", "dt", "pre"]

    /// Elements whose text is emphasised, and the Pango markup tag each becomes.
    private static let emphasis: [String: String] = ["em": "i", "i": "i", "cite": "i", "var": "i", "dfn": "i",
                                                     "strong": "b", "b": "b", "u": "u", "ins": "u"]

    public static func plain(_ html: String) -> String { reduced(html).plain }

    /// Whether `text` holds a tag ("<p", "</", "<!--"): metadata may be plain text or HTML, and a plain "a < b"
    /// must stay as written.
    public static func looksLikeMarkup(_ text: String) -> Bool {
        var scalars = text.unicodeScalars[...]
        while let open = scalars.firstIndex(of: "<") {
            scalars = scalars[scalars.index(after: open)...]
            guard let next = scalars.first else { return false }
            if next.properties.isAlphabetic || next == "/" || next == "!" { return scalars.contains(">") }
        }
        return false
    }

    /// The text, and the same as Pango markup with its emphasis (nil when it has none). In the markup each line
    /// closes the tags it opened and the next opens them again, so a line can be set alone.
    public static func reduced(_ html: String) -> (plain: String, markup: String?) {
        var out = "", markup = ""
        var chars = Array(html.unicodeScalars)[...]
        var skipping: String? = nil
        // Emphasis open in the HTML; those of it written into this line of the markup.
        var open: [String] = [], written: [String] = []
        var emphasised = false
        func closeWritten() {
            for tag in written.reversed() { markup += "</\(tag)>" }
            written = []
        }
        func put(_ c: Unicode.Scalar) {
            if c == "\n" {
                closeWritten()
                markup += "\n"
            } else {
                if written.count < open.count {
                    for tag in open[written.count...] { markup += "<\(tag)>" }
                    written = open
                    emphasised = true
                }
                switch c {
                case "&": markup += "&amp;"
                case "<": markup += "&lt;"
                case ">": markup += "&gt;"
                default: markup.unicodeScalars.append(c)
                }
            }
            out.unicodeScalars.append(c)
        }
        func paragraph() {
            guard !out.isEmpty, !out.hasSuffix("\n\n") else { return }
            if !out.hasSuffix("\n") { put("\n") }
            put("\n")
        }
        while let c = chars.first {
            if c == "<" {
                guard let close = chars.firstIndex(of: ">") else { break }
                let tag = String(String.UnicodeScalarView(chars[chars.index(after: chars.startIndex)..<close]))
                chars = chars[chars.index(after: close)...]
                let ending = tag.hasPrefix("/")
                let name = String(tag.drop { $0 == "/" }.prefix { $0.isLetter || $0.isNumber }).lowercased()
                if let skipped = skipping {
                    if ending, name == skipped { skipping = nil }
                    continue
                }
                if dropped.contains(name), !ending, !tag.hasSuffix("/") { skipping = name; continue }
                if name == "br" { put("\n") }
                else if paragraphs.contains(name) { paragraph() }
                else if let mark = emphasis[name], open.count < 8 || ending {
                    if !ending { open.append(mark) }
                    else if let i = open.lastIndex(of: mark) {
                        // Closing an inner tag closes what was written after it, and reopens the rest lazily.
                        if i < written.count {
                            for t in written[i...].reversed() { markup += "</\(t)>" }
                            written.removeSubrange(i...)
                        }
                        open.remove(at: i)
                        if written.count > open.count { written = Array(written.prefix(open.count)) }
                    }
                }
                continue
            }
            chars = chars.dropFirst()
            if skipping != nil { continue }
            if c == "&", let semi = chars.prefix(10).firstIndex(of: ";") {
                let name = String(String.UnicodeScalarView(chars[chars.startIndex..<semi]))
                if let decoded = entity(name) {
                    put(decoded)
                    chars = chars[chars.index(after: semi)...]
                    continue
                }
            }
            put(c)
        }
        closeWritten()
        return (out, emphasised ? markup : nil)
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
    public static func collapsed(_ text: String) -> String {
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

    /// A page's plain text (a PDF's text layer, a text file beside a picture) as paragraphs: lines kept, runs of
    /// spaces as one, at most one empty line in a row, at most `PageNote.maxCharacters`.
    public static func paragraphs(_ text: String) -> String {
        var lines: [String] = []
        for raw in text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" }) {
            let line = raw.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" || $0 == "\u{A0}" || $0 == "\u{C}" }).joined(separator: " ")
            if line.isEmpty, lines.last?.isEmpty ?? true { continue }
            lines.append(line)
        }
        while lines.last?.isEmpty == true { lines.removeLast() }
        return String(lines.joined(separator: "\n").prefix(PageNote.maxCharacters))
    }
}
