import Foundation
import Testing

/// recto links no ICU: `scripts/check-no-icu.sh` proves it on the release binary, but only when the
/// package is built. This finds the usual causes in the sources at `swift test` time: the full Foundation
/// (visible through a dependency even where a file imports only FoundationEssentials) and the calls of it that
/// need ICU.
@Suite struct NoICUSourceTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    static let forbidden = ["import Foundation\n", "String(format:", "NSString", "localizedDescription", "NSLock",
                            "NSCondition", "localizedStandardCompare", "DateFormatter", "NumberFormatter",
                            "replacingOccurrences(", "components(separatedBy:", "trimmingCharacters("]

    @Test func recto_sSourcesUseNothingThatLinksICU() throws {
        let sources = Self.root.appendingPathComponent("Sources")
        let files = FileManager.default.enumerator(atPath: sources.path)?.compactMap { $0 as? String }
            .filter { $0.hasSuffix(".swift") } ?? []
        #expect(files.count > 100, "found the sources")
        var found: [String] = []
        for file in files {
            // Comments may name what they avoid.
            let text = try String(contentsOf: sources.appendingPathComponent(file), encoding: .utf8)
                .split(separator: "\n", omittingEmptySubsequences: false)
                .filter { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("//") }.joined(separator: "\n") + "\n"
            for word in Self.forbidden where text.contains(word) {
                found.append("Sources/\(file): \(word.trimmingCharacters(in: .newlines))")
            }
        }
        #expect(found.isEmpty, "these link ICU into recto (use FoundationEssentials, Posix, or our own): \(found)")
    }
}
