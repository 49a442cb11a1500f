/// Finds the line on which each top-level key of a TOML document is defined.
///
/// TOMLKit reports positions only for syntax errors, not for the keys and values of a parsed document, so an
/// error about a key ("max-zoom: expected a number…") finds the key's line here, from the text. Only runs
/// on text that TOMLKit has already parsed, so it can assume valid TOML; it still never traps on bad input.
/// It follows what decides where a statement starts: comments, basic and literal strings (single- and
/// multi-line, with escapes), arrays and inline tables spanning lines, and `[table]` / `[[array]]` headers,
/// after which `key = value` lines belong to that table. A dotted key (`a.b = 1`) or a header (`[a.b]`)
/// counts for its first segment, `a`.
public enum KeyLines {
    /// 1-based line of the first definition of each top-level key.
    public static func scan(_ text: String) -> [String: Int] {
        var lines: [String: Int] = [:]
        var scanner = ValueScanner()
        var atRoot = true
        for (index, raw) in text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" }).enumerated() {
            let line = Array(raw)
            if scanner.isInsideValue {
                scanner.scan(line[...])
                continue
            }
            var i = line.startIndex
            while i < line.endIndex, line[i] == " " || line[i] == "\t" { i += 1 }
            guard i < line.endIndex, line[i] != "#" else { continue }
            if line[i] == "[" {
                i += 1
                if i < line.endIndex, line[i] == "[" { i += 1 }
                if let key = firstKeySegment(line, from: &i), lines[key] == nil { lines[key] = index + 1 }
                atRoot = false
                continue
            }
            guard let key = firstKeySegment(line, from: &i) else { continue }
            if atRoot, lines[key] == nil { lines[key] = index + 1 }
            // Skip the rest of the key (dotted segments) up to `=`, then follow the value.
            while i < line.endIndex, line[i] != "=" {
                if line[i] == "\"" || line[i] == "'" { _ = quotedKey(line, from: &i) } else { i += 1 }
            }
            if i < line.endIndex { scanner.scan(line[(i + 1)...]) }
        }
        return lines
    }

    /// Reads a bare or quoted key segment starting at `i` (after leading blanks), leaving `i` after it.
    private static func firstKeySegment(_ line: [Character], from i: inout Int) -> String? {
        while i < line.count, line[i] == " " || line[i] == "\t" { i += 1 }
        guard i < line.count else { return nil }
        if line[i] == "\"" || line[i] == "'" { return quotedKey(line, from: &i) }
        let start = i
        while i < line.count, line[i].isASCII, line[i].isLetter || line[i].isNumber || line[i] == "_" || line[i] == "-" { i += 1 }
        return i > start ? String(line[start..<i]) : nil
    }

    private static func quotedKey(_ line: [Character], from i: inout Int) -> String? {
        let quote = line[i]
        i += 1
        var key = ""
        while i < line.count, line[i] != quote {
            if quote == "\"", line[i] == "\\", i + 1 < line.count { i += 1 }
            key.append(line[i])
            i += 1
        }
        if i < line.count { i += 1 }
        return key
    }
}

/// Follows a value across lines: open brackets and braces, and multi-line strings.
private struct ValueScanner {
    private var depth = 0
    private var multiline: Character?

    var isInsideValue: Bool { depth > 0 || multiline != nil }

    mutating func scan(_ text: ArraySlice<Character>) {
        let c = Array(text)
        var i = 0
        func starts(_ q: Character, at j: Int) -> Bool { j + 2 < c.count && c[j] == q && c[j + 1] == q && c[j + 2] == q }
        while i < c.count {
            if let q = multiline {
                if q == "\"", c[i] == "\\" { i += 2; continue }
                if starts(q, at: i) {
                    multiline = nil
                    i += 3
                    while i < c.count, c[i] == q { i += 1 }  // up to two quotes may end the content
                } else { i += 1 }
                continue
            }
            switch c[i] {
            case "#": return
            case "[", "{": depth += 1; i += 1
            case "]", "}": depth = Swift.max(0, depth - 1); i += 1
            case "\"", "'":
                let q = c[i]
                if starts(q, at: i) { multiline = q; i += 3; continue }
                i += 1
                while i < c.count, c[i] != q {
                    i += (q == "\"" && c[i] == "\\") ? 2 : 1
                }
                i += 1
            default: i += 1
            }
        }
    }
}
