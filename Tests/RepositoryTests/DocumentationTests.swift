import Foundation
import Testing

/// The README is for the people who install and use Recto; what it leaves out is in docs/, one file per topic,
/// with docs/README.md as the index. The text says what is true of the code and why, not which work item changed
/// it: a work item's number means nothing to a reader and goes stale with the tracker.
@Suite struct DocumentationTests {
    static let root = ModuleTableTests.root

    /// "issue 29", "Session 1": a work item named by its number.
    static let workItemPattern = #"\b(issue|session) [0-9]"#

    /// The lines of `text` that name a work item by its number.
    static func workItemLines(in text: String) -> [String] {
        let workItem = try! NSRegularExpression(pattern: workItemPattern, options: .caseInsensitive)
        return text.split(separator: "\n", omittingEmptySubsequences: false).enumerated().compactMap { index, line in
            let s = String(line)
            let found = workItem.firstMatch(in: s, range: NSRange(s.startIndex..., in: s)) != nil
            return found ? "\(index + 1): \(s.prefix(120))" : nil
        }
    }

    /// Every file under `folder` (relative to the root), as paths relative to the root.
    static func files(under folder: String) -> [String] {
        let base = root.appendingPathComponent(folder)
        return (FileManager.default.enumerator(atPath: base.path)?.compactMap { $0 as? String } ?? [])
            .filter { path in
                var isDirectory: ObjCBool = false
                let exists = FileManager.default.fileExists(atPath: base.appendingPathComponent(path).path,
                                                            isDirectory: &isDirectory)
                return exists && !isDirectory.boolValue
            }
            .map { "\(folder)/\($0)" }.sorted()
    }

    static func text(_ path: String) throws -> String {
        String(decoding: try Data(contentsOf: root.appendingPathComponent(path)), as: UTF8.self)
    }

    @Test func theCheckFindsAWorkItemNumber() {
        #expect(Self.workItemLines(in: "a\n### Issue 29: a turn (2026-11-27)\nb") == ["2: ### Issue 29: a turn (2026-11-27)"])
        #expect(Self.workItemLines(in: "(session 1, before)").count == 1)
        #expect(Self.workItemLines(in: "a turn the moment it is asked for; the session's build; an issue").isEmpty)
    }

    @Test func noReadmeDocsSourceOrScriptNamesAWorkItemByNumber() throws {
        let docs = Self.files(under: "docs"), sources = Self.files(under: "Sources")
        #expect(docs.contains("docs/README.md"), "docs/ was not found: \(docs)")
        #expect(sources.count > 100, "Sources/ was not found")
        // The scripts, the fuzz targets, the helpers and the packaging are read by users and maintainers too.
        let others = ["scripts", "Fuzz", "Helpers", "packaging"].flatMap { Self.files(under: $0) }
            .filter { !$0.hasSuffix(".png") && !$0.contains("/Corpus/") }
        var found: [String] = []
        for path in ["README.md", "Package.swift"] + docs + sources + others {
            found += Self.workItemLines(in: try Self.text(path)).map { "\(path):\($0)" }
        }
        #expect(found.isEmpty, "say what is true, not which issue or session changed it:\n\(found.joined(separator: "\n"))")
    }

    @Test func theReadmeIsShortAndLinksTheIndex() throws {
        let readme = try Self.text("README.md")
        let lines = readme.split(separator: "\n", omittingEmptySubsequences: false).count - (readme.hasSuffix("\n") ? 1 : 0)
        #expect(lines <= 400, "README.md has \(lines) lines: move details into docs/ (at most 400)")
        #expect(readme.contains("](docs/README.md)"), "README.md does not link docs/README.md")
    }

    /// A relative link in README.md or docs/ names a file that exists (anchors and web addresses aside).
    @Test func everyRelativeLinkNamesAFile() throws {
        let link = try NSRegularExpression(pattern: #"\]\(([^)\s]+)\)"#)
        var broken: [String] = []
        for path in ["README.md"] + Self.files(under: "docs").filter({ $0.hasSuffix(".md") }) {
            let text = try Self.text(path)
            let folder = Self.root.appendingPathComponent(path).deletingLastPathComponent()
            for match in link.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
                guard let range = Range(match.range(at: 1), in: text) else { continue }
                let target = String(text[range])
                if target.hasPrefix("#") || target.contains("://") || target.hasPrefix("mailto:") { continue }
                let file = String(target.prefix { $0 != "#" })
                if !FileManager.default.fileExists(atPath: folder.appendingPathComponent(file).standardized.path) {
                    broken.append("\(path): \(target)")
                }
            }
        }
        #expect(broken.isEmpty, "links to no file: \(broken)")
    }
}
