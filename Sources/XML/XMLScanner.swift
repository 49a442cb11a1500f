/// A forgiving, single-pass XML tokenizer: just enough for ComicInfo.xml, written so that any input (malformed,
/// truncated, hostile) ends in linear time without trapping. Every step consumes at least one byte; an
/// unterminated comment, tag or section ends the scan. No DTDs, namespaces or external entities: declarations
/// and processing instructions are skipped, the five predefined entities and character references decoded.
public enum XMLScanner {
    public enum Event {
        /// A start tag; `selfClosing` for `<a/>`. Attributes in document order, names as written (an ordered
        /// list, so that a reader picking the first of two spellings picks the same one every time).
        case open(name: String, attributes: [(name: String, value: String)], selfClosing: Bool)
        case close(name: String)
        /// Character data between tags (entities decoded, CDATA sections verbatim).
        case text(String)
    }

    /// Calls `handle` for each event of the document in `bytes` (UTF-8, or UTF-16 with a byte-order mark).
    public static func scan(_ bytes: [UInt8], _ handle: (Event) -> Void) {
        let b = utf8(bytes)
        var i = 0
        while i < b.count {
            guard b[i] == lt else {
                let end = find(b, [lt], from: i) ?? b.count
                handle(.text(decodeEntities(b[i..<end])))
                i = end
                continue
            }
            if starts(b, "<!--", at: i) {
                guard let end = find(b, Array("-->".utf8), from: i + 4) else { return }
                i = end + 3
            } else if starts(b, "<![CDATA[", at: i) {
                guard let end = find(b, Array("]]>".utf8), from: i + 9) else { return }
                handle(.text(String(decoding: b[(i + 9)..<end], as: UTF8.self)))
                i = end + 3
            } else if starts(b, "<?", at: i) {
                guard let end = find(b, Array("?>".utf8), from: i + 2) else { return }
                i = end + 2
            } else if starts(b, "<!", at: i) {
                guard let end = declarationEnd(b, from: i + 2) else { return }
                i = end + 1
            } else if starts(b, "</", at: i) {
                guard let end = find(b, [gt], from: i + 2) else { return }
                handle(.close(name: trimmed(b[(i + 2)..<end])))
                i = end + 1
            } else {
                guard let next = startTag(b, from: i + 1, handle) else { return }
                i = next
            }
        }
    }

    private static let lt = UInt8(ascii: "<"), gt = UInt8(ascii: ">"), slash = UInt8(ascii: "/")

    /// Parses a start tag after its "<"; returns the index after its ">", or nil at the end of the input.
    private static func startTag(_ b: [UInt8], from start: Int, _ handle: (Event) -> Void) -> Int? {
        var i = start
        while i < b.count && !isSpace(b[i]) && b[i] != gt && b[i] != slash { i += 1 }
        let name = String(decoding: b[start..<i], as: UTF8.self)
        var attributes: [(name: String, value: String)] = []
        while i < b.count {
            if isSpace(b[i]) {
                i += 1
            } else if b[i] == gt {
                if !name.isEmpty { handle(.open(name: name, attributes: attributes, selfClosing: false)) }
                return i + 1
            } else if b[i] == slash {
                if i + 1 < b.count && b[i + 1] == gt {
                    if !name.isEmpty { handle(.open(name: name, attributes: attributes, selfClosing: true)) }
                    return i + 2
                }
                i += 1
            } else {
                let nameStart = i
                while i < b.count && !isSpace(b[i]) && b[i] != UInt8(ascii: "=") && b[i] != gt && b[i] != slash {
                    i += 1
                }
                let key = String(decoding: b[nameStart..<i], as: UTF8.self)
                while i < b.count && isSpace(b[i]) { i += 1 }
                guard i < b.count, b[i] == UInt8(ascii: "=") else {
                    if !key.isEmpty { attributes.append((key, "")) }
                    continue
                }
                i += 1
                while i < b.count && isSpace(b[i]) { i += 1 }
                guard i < b.count else { return nil }
                let value: ArraySlice<UInt8>
                if b[i] == UInt8(ascii: "\"") || b[i] == UInt8(ascii: "'") {
                    guard let end = find(b, [b[i]], from: i + 1) else { return nil }
                    value = b[(i + 1)..<end]
                    i = end + 1
                } else {
                    let valueStart = i
                    while i < b.count && !isSpace(b[i]) && b[i] != gt { i += 1 }
                    value = b[valueStart..<i]
                }
                if !key.isEmpty { attributes.append((key, decodeEntities(value))) }
            }
        }
        return nil
    }

    /// The ">" closing a `<!...>` declaration, skipping a bracketed internal subset (`<!DOCTYPE x [ ... ]>`).
    private static func declarationEnd(_ b: [UInt8], from start: Int) -> Int? {
        var depth = 0
        for i in start..<max(start, b.count) {
            switch b[i] {
            case UInt8(ascii: "["): depth += 1
            case UInt8(ascii: "]"): depth = max(0, depth - 1)
            case gt where depth == 0: return i
            default: break
            }
        }
        return nil
    }

    /// Text with `&lt;` `&gt;` `&amp;` `&quot;` `&apos;` and `&#N;` / `&#xH;` decoded; anything else kept as is.
    public static func decodeEntities(_ s: ArraySlice<UInt8>) -> String {
        guard s.contains(UInt8(ascii: "&")) else { return String(decoding: s, as: UTF8.self) }
        var out: [UInt8] = []
        out.reserveCapacity(s.count)
        var i = s.startIndex
        while i < s.endIndex {
            // An entity is short: look for its ";" within 12 bytes, so a stray "&" costs nothing.
            if s[i] == UInt8(ascii: "&"), let semi = s[i..<min(i + 12, s.endIndex)].firstIndex(of: UInt8(ascii: ";")),
               let scalar = entity(s[(i + 1)..<semi]) {
                out.append(contentsOf: Array(String(Character(scalar)).utf8))
                i = semi + 1
            } else {
                out.append(s[i])
                i += 1
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    private static func entity(_ name: ArraySlice<UInt8>) -> Unicode.Scalar? {
        switch String(decoding: name, as: UTF8.self) {
        case "lt": return "<"
        case "gt": return ">"
        case "amp": return "&"
        case "quot": return "\""
        case "apos": return "'"
        case let text where text.hasPrefix("#x") || text.hasPrefix("#X"):
            return UInt32(text.dropFirst(2), radix: 16).flatMap(Unicode.Scalar.init)
        case let text where text.hasPrefix("#"):
            return UInt32(text.dropFirst(), radix: 10).flatMap(Unicode.Scalar.init)
        default: return nil
        }
    }

    /// UTF-8 bytes without a byte-order mark; UTF-16 (with its mark) is transcoded.
    private static func utf8(_ bytes: [UInt8]) -> [UInt8] {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { return Array(bytes.dropFirst(3)) }
        let little = bytes.starts(with: [0xFF, 0xFE]), big = bytes.starts(with: [0xFE, 0xFF])
        guard little || big else { return bytes }
        let units = stride(from: 2, to: bytes.count - 1, by: 2).map { i in
            little ? UInt16(bytes[i]) | UInt16(bytes[i + 1]) << 8 : UInt16(bytes[i]) << 8 | UInt16(bytes[i + 1])
        }
        return Array(String(decoding: units, as: UTF16.self).utf8)
    }

    private static func starts(_ b: [UInt8], _ prefix: String, at i: Int) -> Bool {
        let p = prefix.utf8
        return b.count - i >= p.count && zip(b[i...], p).allSatisfy { $0 == $1 }
    }

    /// First index of `needle` in `b` at or after `start`.
    private static func find(_ b: [UInt8], _ needle: [UInt8], from start: Int) -> Int? {
        guard !needle.isEmpty, start <= b.count - needle.count else { return nil }
        var i = start
        while i <= b.count - needle.count {
            if b[i] == needle[0] && (needle.count == 1 || b[(i + 1)..<(i + needle.count)].elementsEqual(needle[1...])) {
                return i
            }
            i += 1
        }
        return nil
    }

    private static func isSpace(_ c: UInt8) -> Bool { c == 0x20 || c == 0x09 || c == 0x0A || c == 0x0D }

    private static func trimmed(_ s: ArraySlice<UInt8>) -> String {
        String(decoding: s, as: UTF8.self).trimmingWhitespace
    }
}

extension String {
    /// Without leading and trailing spaces, tabs and line breaks (no Foundation).
    public var trimmingWhitespace: String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" || $0 == "\r\n" }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else {
            return ""
        }
        return String(self[first...last])
    }
}
