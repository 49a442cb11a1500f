import Foundation
import Testing

/// A change has one room: what an occurrence means is said beside its case, the shell carries out what the core
/// decided without deciding again from the core's state, and nothing is kept in a global.
@Suite struct OneRoomTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// Every Swift file under `folder`, with its path from the root and its text without comments.
    static func sources(_ folder: String) throws -> [(path: String, text: String)] {
        let base = root.appendingPathComponent(folder)
        let files = FileManager.default.enumerator(atPath: base.path)?.compactMap { $0 as? String } ?? []
        return try files.filter { $0.hasSuffix(".swift") }.sorted().map { name in
            let text = try String(contentsOf: base.appendingPathComponent(name), encoding: .utf8)
            let code = text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
                line.range(of: "//").map { String(line[..<$0.lowerBound]) } ?? String(line)
            }.joined(separator: "\n")
            return ("\(folder)/\(name)", code)
        }
    }

    /// The case names of `Occurrence`, read from its declaration.
    static func occurrenceCases() throws -> Set<String> {
        let text = try String(contentsOf: root.appendingPathComponent("Sources/Occurrences/Occurrence.swift"), encoding: .utf8)
        let start = try #require(text.range(of: "public enum Occurrence"))
        let body = text[start.upperBound...]
        var cases: Set<String> = []
        for line in body.split(separator: "\n") {
            if line.hasPrefix("}") { break }
            guard let m = line.range(of: #"^\s+case (\w+)"#, options: .regularExpression) else { continue }
            cases.insert(String(line[m].split(separator: " ").last ?? ""))
        }
        return cases
    }

    /// The occurrence cases `text` names as `.name` (a pattern, a value).
    static func named(_ cases: Set<String>, in text: String) -> Set<String> {
        let regex = try! NSRegularExpression(pattern: #"\.([a-z]\w*)\b"#)
        let range = NSRange(text.startIndex..., in: text)
        let names = regex.matches(in: text, range: range).compactMap { Range($0.range(at: 1), in: text).map { String(text[$0]) } }
        return cases.intersection(names)
    }

    @Test func theOccurrenceDeclarationIsRead() throws {
        let cases = try Self.occurrenceCases()
        #expect(cases.count >= 40 && cases.isSuperset(of: ["ready", "page", "flip", "retuned"]), "\(cases.sorted())")
    }

    /// A consumer of occurrences reads their meaning: one that switches over them again is a second room for each.
    @Test func onlyTheOccurrenceFilesNameManyOccurrences() throws {
        let cases = try Self.occurrenceCases()
        for file in try Self.sources("Sources") where !file.path.hasPrefix("Sources/Occurrences/Occurrence") {
            // Importing the module is not reading occurrences: the cues' and visits' own cases share their names.
            let text = file.text.replacingOccurrences(of: "import Occurrences", with: "")
            guard text.range(of: "occurrence", options: .caseInsensitive) != nil else { continue }
            let named = Self.named(cases, in: text)
            #expect(named.count < 10, "\(file.path) names \(named.count) occurrences: \(named.sorted())")
        }
    }

    /// The core decides (what is said, whether a frame is due); the executable carries it out. A condition on the
    /// core's state in the executable is a decision made twice.
    @Test func theExecutableDecidesNothingFromTheCoresState() throws {
        let condition = #"^\s*(\}\s*else\s+)?(guard|if|while)\b[^{]*\bcore\.(?!settings\b)"#
        for file in try Self.sources("Sources/recto") {
            for (i, line) in file.text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
            where line.range(of: condition, options: .regularExpression) != nil {
                Issue.record("\(file.path):\(i + 1): \(line.trimmingCharacters(in: .whitespaces))")
            }
            #expect(!file.text.contains("core.speechMode ||") && !file.text.contains("core.speechMode else"), "\(file.path)")
        }
    }

    /// State lives in values that are passed along: a mutable static is a global that some code path forgets, and
    /// a static lock or atomic is one behind a lock (a singleton).
    @Test func noMutableStatics() throws {
        let mutable = #"\bstatic\s+var\s+\w+\s*(:[^={]*)?(=|$)|\bstatic\s+let\s+\w+\s*(:[^=]*)?=\s*(Mutex|Atomic|Lock)\b"#
        for file in try Self.sources("Sources") {
            for (i, line) in file.text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
            where line.range(of: mutable, options: .regularExpression) != nil {
                Issue.record("\(file.path):\(i + 1): \(line.trimmingCharacters(in: .whitespaces))")
            }
        }
    }

    /// The visit recorder keeps an open visit that may be absent: it is changed where it is known to be there.
    @Test func theVisitRecorderForcesNoUnwrap() throws {
        let file = try #require(Self.sources("Sources/Visits").first { $0.path.hasSuffix("/VisitRecorder.swift") })
        let unwrap = #"[\w\)\]]!(?!=)"#
        for (i, line) in file.text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
        where line.range(of: unwrap, options: .regularExpression) != nil {
            Issue.record("\(file.path):\(i + 1): \(line.trimmingCharacters(in: .whitespaces))")
        }
    }
}
