/// Finds the table headers that crash TOMLKit's parser, so they are reported as the syntax errors they are.
///
/// toml++ 3.x (bundled in TOMLKit 0.6) asserts that a table header's first key character is a bare-key character
/// or a quote; `[=`, `[` at the end of a line, `[[[a]]]` or `[ .a]` break that assertion. SwiftPM does not define
/// NDEBUG, so the assertion aborts recto (and where NDEBUG is defined it becomes an optimiser assumption, which is
/// worse). Fixed upstream in marzer/tomlplusplus#301; drop this check once TOMLKit ships that fix.
///
/// Works on Unicode scalars, as toml++ does (a `[` followed by a combining mark is one Swift `Character`), and
/// follows just enough of TOML to know where statements start: comments, the four kinds of strings, and arrays
/// and inline tables that span lines. Where the text is invalid in some other way first, toml++ stops there, so
/// what this scanner makes of the rest does not matter.
enum TableHeaderGuard {
    /// 1-based line and column (in scalars) of the character after `[` or `[[` that toml++ cannot take, if any.
    static func firstMalformedHeader(in text: String) -> (line: Int, column: Int, character: Unicode.Scalar)? {
        let s = Array(text.unicodeScalars)
        var i = s.first == "\u{FEFF}" ? 1 : 0  // toml++ skips a byte-order mark
        var line = 1, lineStart = i

        func isBlank(_ c: Unicode.Scalar) -> Bool { c == " " || c == "\t" }
        func startsKey(_ c: Unicode.Scalar) -> Bool {
            ("a"..."z").contains(c) || ("A"..."Z").contains(c) || ("0"..."9").contains(c)
                || c == "_" || c == "-" || c == "\"" || c == "'"
        }
        func starts(_ q: Unicode.Scalar, _ n: Int, at j: Int) -> Bool {
            j + n <= s.count && s[j..<j + n].allSatisfy { $0 == q }
        }
        /// Moves `i` past the string starting at `i` (delimiter `q`, tripled when multi-line).
        func skipString(_ q: Unicode.Scalar) {
            let multiline = starts(q, 3, at: i)
            i += multiline ? 3 : 1
            while i < s.count {
                let c = s[i]
                if c == "\\" && q == "\"" {
                    if i + 1 < s.count, s[i + 1] == "\n" { line += 1; lineStart = i + 2 }
                    i += 2
                    continue
                }
                if c == "\n" {
                    if !multiline { return }  // unterminated: toml++ stops here
                    line += 1; lineStart = i + 1
                }
                if c == q && (!multiline || starts(q, 3, at: i)) {
                    i += multiline ? 3 : 1
                    var extra = 0  // up to two quotes may end a multi-line string's content
                    while multiline, extra < 2, i < s.count, s[i] == q { i += 1; extra += 1 }
                    return
                }
                i += 1
            }
        }

        while i < s.count {
            // Start of a statement: blanks, then a header, a key-value pair, a comment or an empty line.
            while i < s.count, isBlank(s[i]) { i += 1 }
            guard i < s.count else { return nil }
            if s[i] == "[" {
                var j = i + 1, blanks = false
                while j < s.count, isBlank(s[j]) { j += 1; blanks = true }
                if j < s.count, s[j] == "[" {
                    if blanks { return nil }  // toml++ reports "[ [" itself
                    j += 1
                    while j < s.count, isBlank(s[j]) { j += 1 }
                }
                guard j < s.count else { return nil }
                if !startsKey(s[j]) && s[j] != "]" { return (line, j - lineStart + 1, s[j]) }
            }
            // The rest of the statement, up to a line break outside strings, arrays and inline tables.
            var depth = 0
            while i < s.count {
                let c = s[i]
                if c == "\n" {
                    line += 1; lineStart = i + 1; i += 1
                    if depth == 0 { break }
                } else if c == "\"" || c == "'" {
                    skipString(c)
                } else if c == "#" {
                    while i < s.count, s[i] != "\n" { i += 1 }
                } else {
                    if c == "[" || c == "{" { depth += 1 }
                    if c == "]" || c == "}" { depth = max(0, depth - 1) }
                    i += 1
                }
            }
        }
        return nil
    }
}
