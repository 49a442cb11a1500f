/// Finds the malformed TOML that crashes TOMLKit's parser, so it is reported as the syntax error it is.
///
/// toml++ 3.4 (bundled in TOMLKit 0.6) checks some preconditions of its sub-parsers with assertions rather than
/// errors. SwiftPM does not define NDEBUG, so a failed assertion aborts recto (and where NDEBUG is defined it
/// becomes an optimiser assumption, which is worse). The ConfigParser fuzz target found these:
/// - a table header whose first key character is neither a bare-key character nor a quote (`[=`, `[` then a line
///   break, `[[[a]]]`); fixed upstream in marzer/tomlplusplus#301;
/// - a date-time whose time does not start with a digit (`1979-05-27Tj7:32:00`): `parse_time` asserts a digit;
/// - a `}` where an array expects its next value (`[1, }]`): `parse_value` asserts it is not a terminator.
/// Drop a check once TOMLKit ships the fix for it.
///
/// Works on Unicode scalars, as toml++ does (a `[` followed by a combining mark is one Swift `Character`), and
/// follows just enough of TOML to know where statements and values start: comments, the four kinds of strings,
/// arrays and inline tables. Where the text is invalid in some other way first, toml++ stops there, so what this
/// scanner makes of the rest does not matter; it only ever flags text that is not valid TOML.
enum ParserGuard {
    struct Finding: Equatable {
        /// 1-based line; column in scalars.
        var line: Int, column: Int
        var message: String
    }

    static func firstFinding(in text: String) -> Finding? {
        var scanner = Scanner(Array(text.unicodeScalars))
        return scanner.run()
    }

    private struct Scanner {
        let s: [Unicode.Scalar]
        var i = 0, line = 1, lineStart = 0

        init(_ scalars: [Unicode.Scalar]) {
            s = scalars
            if s.first == "\u{FEFF}" { i = 1; lineStart = 1 }  // toml++ skips a byte-order mark
        }

        func finding(at j: Int, _ message: String) -> Finding { Finding(line: line, column: j - lineStart + 1, message: message) }

        static func isBlank(_ c: Unicode.Scalar) -> Bool { c == " " || c == "\t" }
        static func isDigit(_ c: Unicode.Scalar) -> Bool { ("0"..."9").contains(c) }
        static func startsKey(_ c: Unicode.Scalar) -> Bool {
            ("a"..."z").contains(c) || ("A"..."Z").contains(c) || isDigit(c) || c == "_" || c == "-" || c == "\"" || c == "'"
        }
        static func describe(_ c: Unicode.Scalar) -> String {
            c == "\n" || c == "\r" ? "a line break"
                : (0x21..<0x7F).contains(c.value) ? "'\(c)'" : "U+" + String(c.value, radix: 16, uppercase: true)
        }

        mutating func run() -> Finding? {
            while i < s.count {
                while i < s.count, Self.isBlank(s[i]) { i += 1 }
                guard i < s.count else { return nil }
                let header = s[i] == "["
                if header {
                    var j = i + 1, blanks = false
                    while j < s.count, Self.isBlank(s[j]) { j += 1; blanks = true }
                    if j < s.count, s[j] == "[" {
                        if blanks { return nil }  // toml++ reports "[ [" itself
                        j += 1
                        while j < s.count, Self.isBlank(s[j]) { j += 1 }
                    }
                    guard j < s.count else { return nil }
                    if !Self.startsKey(s[j]) && s[j] != "]" {
                        return finding(at: j, "expected a key after '[' in a table header, saw \(Self.describe(s[j]))")
                    }
                }
                if let found = statement(header: header) { return found }
            }
            return nil
        }

        /// Scans one statement up to its line break (outside strings, arrays and inline tables), checking the
        /// values in it; a table header holds keys only.
        mutating func statement(header: Bool) -> Finding? {
            var open: [Unicode.Scalar] = []  // "[" or "{" of the arrays and inline tables around `i`
            var expectValue = false
            while i < s.count {
                let c = s[i]
                if c == "\n" {
                    line += 1; lineStart = i + 1; i += 1
                    if open.isEmpty { return nil }
                } else if Self.isBlank(c) || c == "\r" {
                    i += 1
                } else if c == "#" {
                    while i < s.count, s[i] != "\n" { i += 1 }
                } else if c == "\"" || c == "'" {
                    skipString(c)
                    expectValue = false
                } else if c == "[" || c == "{" {
                    open.append(c)
                    expectValue = c == "[" && !header
                    i += 1
                } else if c == "]" || c == "}" {
                    if c == "}" && expectValue && open.last == "[" {  // parse_value asserts a value starts here
                        return finding(at: i, "expected a value or ']' in an array, saw '}'")
                    }
                    _ = open.popLast()
                    expectValue = false
                    i += 1
                } else if c == "=" {
                    expectValue = !header
                    i += 1
                } else if c == "," {
                    expectValue = open.last == "[" && !header
                    i += 1
                } else if expectValue {
                    if let found = value() { return found }
                    expectValue = false
                } else {
                    i += 1
                }
            }
            return nil
        }

        /// A bare value (number, boolean, date or time) starting at `i`: a date followed by `T` must go on with
        /// the time's first digit.
        mutating func value() -> Finding? {
            let start = i
            while i < s.count, !Self.isBlank(s[i]), !",]}#\r\n".unicodeScalars.contains(s[i]) { i += 1 }
            let v = s[start..<i]
            guard v.count >= 11 else { return nil }
            let d = Array(v.prefix(12))
            let isDate = [0, 1, 2, 3, 5, 6, 8, 9].allSatisfy { Self.isDigit(d[$0]) } && d[4] == "-" && d[7] == "-"
            guard isDate, d[10] == "T" || d[10] == "t", v.count > 11, !Self.isDigit(d[11]) else { return nil }
            return Finding(line: line, column: start + 11 - lineStart + 1,
                           message: "expected the time's first digit after '\(d[10])' in a date-time, saw \(Self.describe(d[11]))")
        }

        /// Moves `i` past the string starting at `i` (delimiter `q`, tripled when multi-line).
        mutating func skipString(_ q: Unicode.Scalar) {
            func starts(at j: Int) -> Bool { j + 3 <= s.count && s[j] == q && s[j + 1] == q && s[j + 2] == q }
            let multiline = starts(at: i)
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
                if c == q && (!multiline || starts(at: i)) {
                    i += multiline ? 3 : 1
                    var extra = 0  // up to two quotes may end a multi-line string's content
                    while multiline, extra < 2, i < s.count, s[i] == q { i += 1; extra += 1 }
                    return
                }
                i += 1
            }
        }
    }
}
