import Foundation
import Testing

/// `AppCore` routes events to policies that own their state: its own stored fields stay few, so a new
/// feature gets a policy of its own instead of another field every extension may change.
@Suite struct AppCoreShapeTests {
    static let limit = 12
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The names of the stored properties declared at the top level of `struct name`'s body in `source`: `var` and
    /// `let` declarations without an accessor block (`static` ones excluded), each name of a list counted.
    static func storedProperties(of name: String, in source: String) -> [String]? {
        let lines = source.split(separator: "\n", omittingEmptySubsequences: false).map { line -> String in
            // Strings first (a translator's "{page}" is no brace), then comments.
            var text = line.replacingOccurrences(of: #""(?:[^"\\]|\\.)*""#, with: "\"\"", options: .regularExpression)
            if let comment = text.range(of: "//") { text = String(text[..<comment.lowerBound]) }
            return text
        }
        guard let start = lines.firstIndex(where: {
            $0.range(of: #"^\s*(@\w+\s+)*(public |internal |private |fileprivate |package )?(final )?(struct|class) \#(name)\b"#,
                     options: .regularExpression) != nil
        }) else { return nil }
        var names: [String] = []
        var depth = 0
        for line in lines[start...] {
            let before = depth
            depth += line.filter { $0 == "{" }.count - line.filter { $0 == "}" }.count
            if before == 1, let names_ = declaredStored(line) { names += names_ }
            if before > 0, depth <= 0 { break }
        }
        return names
    }

    /// The stored names `line` declares, or nil when it declares none (no `var`/`let`, a static or computed one).
    static func declaredStored(_ line: String) -> [String]? {
        let pattern = #"^\s*(?:@\w+(?:\([^)]*\))?\s+)*(?:(?:public|internal|private|fileprivate|package)(?:\(set\))?\s+|nonisolated\s+|lazy\s+|weak\s+|unowned\s+)*(var|let)\s+(.*)$"#
        guard let match = line.range(of: pattern, options: .regularExpression) else { return nil }
        let declaration = String(line[match])
        guard !declaration.contains("static "), !declaration.contains("class var") else { return nil }
        guard let keyword = declaration.range(of: #"\b(var|let)\s+"#, options: .regularExpression) else { return nil }
        let rest = declaration[keyword.upperBound...]
        // An accessor block before any initial value: computed.
        if let brace = rest.firstIndex(of: "{"), rest.firstIndex(of: "=").map({ brace < $0 }) ?? true { return nil }
        // `a = 0, b = 0` or `a, b: Int`: split on the commas outside brackets and parentheses.
        var names: [String] = [], level = 0, piece = ""
        for c in rest {
            if "([<".contains(c) { level += 1 } else if ")]>".contains(c) { level -= 1 }
            if c == ",", level == 0 { names.append(piece); piece = "" } else { piece.append(c) }
        }
        names.append(piece)
        return names.compactMap { piece in
            let name = piece.prefix { $0.isLetter || $0.isNumber || $0 == "_" || $0 == " " }
                .trimmingCharacters(in: .whitespaces)
            return name.isEmpty ? nil : name
        }
    }

    @Test func appCoreKeepsFewStoredFields() throws {
        let path = Self.root.appendingPathComponent("Sources/AppCore/AppCore.swift")
        let source = try String(contentsOf: path, encoding: .utf8)
        let fields = try #require(Self.storedProperties(of: "AppCore", in: source), "no `struct AppCore` in AppCore.swift")
        #expect(fields.count >= 2, "the parser found no fields at all: \(fields)")
        #expect(fields.count <= Self.limit, "AppCore holds \(fields.count) stored fields (at most \(Self.limit)): \(fields)")
    }

    /// The executable wires modules together: what it keeps is grouped by what it serves (the book's file, the GL's
    /// start, the shelf, the sound players), so wiring a new module is not another field for every file to see.
    @Test func theReaderAppKeepsFewStoredFields() throws {
        let path = Self.root.appendingPathComponent("Sources/recto/ReaderApp.swift")
        let source = try String(contentsOf: path, encoding: .utf8)
        let fields = try #require(Self.storedProperties(of: "ReaderApp", in: source), "no `class ReaderApp` in ReaderApp.swift")
        #expect(fields.count >= 10, "the parser found too few fields: \(fields)")
        #expect(fields.count <= 20, "ReaderApp holds \(fields.count) stored fields (at most 20): \(fields)")
    }

    /// The parser itself: stored, computed, static and listed declarations, braces in strings and nested types.
    @Test func parserCountsOnlyStoredTopLevelFields() {
        let source = #"""
        public struct AppCore: Sendable {
            public internal(set) var settings: AppSettings
            var a = 0, b = 0
            @usableFromInline private(set) var c: [Int: String] = [:]
            let d = Thing(label: "{page}")
            static let e = 1
            var f: Int { a + b }
            public internal(set) var g: Bool {
                get { true }
                set {}
            }
            var h: (x: Int, y: Int)? // a comment with { a brace
            struct Inner { var notMine = 0 }
            func run() {
                var local = 0
            }
        }
        """#
        #expect(Self.storedProperties(of: "AppCore", in: source) == ["settings", "a", "b", "c", "d", "h"])
    }
}
