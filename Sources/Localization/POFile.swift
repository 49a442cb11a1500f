/// Why a catalogue could not be read: the line (1-based) and what was wrong there.
public struct CatalogueError: Error, Sendable, Equatable, CustomStringConvertible {
    public let line: Int
    public let reason: String

    public var description: String { "line \(line): \(reason)" }
}

/// The entries of a gettext `.po` file: `msgid`/`msgstr` pairs with continuation lines and C escapes.
/// The header (empty msgid), fuzzy entries and untranslated (empty) ones are left out. `msgctxt` and plural
/// forms are refused: Recto's catalogues use neither.
enum POFile {
    static func entries(_ text: String) throws(CatalogueError) -> [(id: String, text: String)] {
        var entries: [(id: String, text: String)] = []
        var current: WritableKeyPath<Entry, String?>?
        var entry = Entry()

        func finish() {
            if let id = entry.id, let text = entry.text, !id.isEmpty, !text.isEmpty, !entry.fuzzy {
                entries.append((id, text))
            }
            entry = Entry()
            current = nil
        }

        for (index, raw) in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).enumerated() {
            let line = raw.trimmingWhitespace()
            let number = index + 1
            if line.isEmpty { finish(); continue }
            if line.hasPrefix("#") {
                if line.hasPrefix("#,") && line.contains("fuzzy") { entry.fuzzy = true }
                continue
            }
            if line.hasPrefix("\"") {
                guard let key = current, entry[keyPath: key] != nil else {
                    throw CatalogueError(line: number, reason: "a string continues nothing")
                }
                entry[keyPath: key]! += try unquote(line, line: number)
                continue
            }
            let (keyword, rest) = line.splitOnce(" ")
            switch keyword {
            case "msgid":
                if entry.text != nil { finish() }
                guard entry.id == nil else { throw CatalogueError(line: number, reason: "a second msgid without a msgstr") }
                entry.id = try unquote(rest, line: number)
                current = \.id
            case "msgstr":
                guard entry.id != nil, entry.text == nil else {
                    throw CatalogueError(line: number, reason: "msgstr without a msgid before it")
                }
                entry.text = try unquote(rest, line: number)
                current = \.text
            case "msgctxt", "msgid_plural":
                throw CatalogueError(line: number, reason: "\(keyword) is not supported")
            default:
                if keyword.hasPrefix("msgstr[") { throw CatalogueError(line: number, reason: "plural forms are not supported") }
                throw CatalogueError(line: number, reason: "unknown keyword \(keyword)")
            }
        }
        finish()
        return entries
    }

    private struct Entry {
        var id: String?
        var text: String?
        var fuzzy = false
    }

    /// The text of one `"..."` string with `\n`, `\t`, `\"` and `\\` resolved.
    private static func unquote(_ quoted: Substring, line: Int) throws(CatalogueError) -> String {
        guard quoted.count >= 2, quoted.first == "\"", quoted.last == "\"" else {
            throw CatalogueError(line: line, reason: "expected a string in double quotes")
        }
        var out = "", escaped = false
        for c in quoted.dropFirst().dropLast() {
            if escaped {
                switch c {
                case "n": out.append("\n")
                case "t": out.append("\t")
                case "\"", "\\": out.append(c)
                default: throw CatalogueError(line: line, reason: "unknown escape \\\(c)")
                }
                escaped = false
            } else if c == "\\" {
                escaped = true
            } else if c == "\"" {
                throw CatalogueError(line: line, reason: "an unescaped quote inside a string")
            } else {
                out.append(c)
            }
        }
        if escaped { throw CatalogueError(line: line, reason: "a string ends in a backslash") }
        return out
    }
}

extension Substring {
    func trimmingWhitespace() -> Substring {
        var s = self
        while let c = s.first, c.isWhitespace { s.removeFirst() }
        while let c = s.last, c.isWhitespace { s.removeLast() }
        return s
    }

    /// The part before the first `separator` and the rest after it (trimmed); the whole and "" without one.
    func splitOnce(_ separator: Character) -> (Substring, Substring) {
        guard let i = firstIndex(of: separator) else { return (self, "") }
        return (self[..<i], self[index(after: i)...].trimmingWhitespace())
    }
}
