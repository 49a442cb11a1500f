import Foundation
import Testing

/// docs/architecture.md's module table is where a reader learns what each module holds: it must name every target
/// Package.swift declares (test targets aside), so a new module cannot arrive without its line.
@Suite struct ModuleTableTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// Every non-test target's name: `.target(name:`, `.executableTarget(name:`, `.systemLibrary(name:`,
    /// `.plugin(name:` and the manifest's `system("Name", …)` shorthand.
    static func targets() throws -> Set<String> {
        let manifest = try String(contentsOf: root.appendingPathComponent("Package.swift"), encoding: .utf8)
        var names = Set<String>()
        for prefix in [".target(name: \"", ".executableTarget(name: \"", ".systemLibrary(name: \"", ".plugin(name: \"",
                       "system(\""] {
            var rest = Substring(manifest)
            while let start = rest.range(of: prefix) {
                rest = rest[start.upperBound...]
                guard let end = rest.firstIndex(of: "\"") else { break }
                names.insert(String(rest[..<end]))
            }
        }
        return names
    }

    /// Every back-quoted name in the first two columns (module, what it holds) of the module table in
    /// docs/architecture.md: a row names its module, or the targets it holds together (`C*`, the plugins).
    static func tableNames() throws -> Set<String> {
        let readme = try String(contentsOf: root.appendingPathComponent("docs/architecture.md"), encoding: .utf8)
        let section = try #require(readme.range(of: "# Architecture")).upperBound
        let rows = readme[section...].split(separator: "\n", omittingEmptySubsequences: false)
            .drop { !$0.hasPrefix("| ") }.prefix { $0.hasPrefix("| ") }
        var names = Set<String>()
        for row in rows {
            let columns = row.split(separator: "|", omittingEmptySubsequences: true).prefix(2).joined(separator: " ")
            let pieces = columns.split(separator: "`", omittingEmptySubsequences: false)
            names.formUnion(pieces.indices.filter { $0 % 2 == 1 }.map { String(pieces[$0]) })
        }
        return names
    }

    @Test func readmeNamesEveryTarget() throws {
        let targets = try Self.targets()
        #expect(targets.count > 30, "the manifest's targets were not found: \(targets.sorted())")
        let named = try Self.tableNames()
        let missing = targets.subtracting(named)
        #expect(missing.isEmpty, "docs/architecture.md's module table lacks \(missing.sorted())")
    }
}
