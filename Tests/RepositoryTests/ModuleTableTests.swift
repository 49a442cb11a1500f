import Foundation
import Testing

/// docs/architecture.md's module table is where a reader learns what each module holds and what it may import: it
/// must name every target Package.swift declares (test targets aside), so a new module cannot arrive without its
/// line, and each module's "may import" list must be what its sources import and what Package.swift declares for
/// it, so the picture cannot drift from the code.
@Suite struct ModuleTableTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let page = "docs/architecture.md"

    /// Modules of the toolchain a source may import; the table lists them too.
    static let toolchainModules: Set<String> = ["Glibc", "Foundation", "FoundationEssentials", "Synchronization",
                                                "Dispatch", "PackagePlugin"]

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

    /// The back-quoted names in a piece of a row.
    static func quoted(_ text: some StringProtocol) -> [String] {
        let pieces = text.split(separator: "`", omittingEmptySubsequences: false)
        return pieces.indices.filter { $0 % 2 == 1 }.map { String(pieces[$0]) }
    }

    /// One row of the table: the names in its first column, the back-quoted names in its first two columns
    /// (module, what it holds), and those in its third (may import).
    struct Row {
        var modules: [String]
        var named: Set<String>
        var imports: Set<String>
    }

    /// The rows of the first table under "## The modules" in docs/architecture.md.
    static func rows() throws -> [Row] {
        let text = try String(contentsOf: root.appendingPathComponent(page), encoding: .utf8)
        let section = try #require(text.range(of: "## The modules"), "\(page) lacks its \"## The modules\" section")
        let lines = text[section.upperBound...].split(separator: "\n", omittingEmptySubsequences: false)
            .drop { !$0.hasPrefix("| ") }.prefix { $0.hasPrefix("| ") }
        return lines.dropFirst(2).map { line in
            let columns = line.split(separator: "|", omittingEmptySubsequences: true).map(String.init)
            return Row(modules: quoted(columns.first ?? ""),
                       named: Set(quoted(columns.prefix(2).joined(separator: " "))),
                       imports: Set(columns.count > 2 ? quoted(columns[2]) : []))
        }
    }

    /// Where a target's Swift sources are: its `path:`, else Sources/NAME (Plugins/NAME for a plugin).
    static func directory(of name: String, in targets: [String: DependencyTests.Target]) -> URL {
        if let path = targets[name]?.path { return root.appendingPathComponent(path) }
        return root.appendingPathComponent(targets[name] == nil ? "Plugins/\(name)" : "Sources/\(name)")
    }

    static func hasSwift(_ directory: URL) -> Bool {
        FileManager.default.enumerator(atPath: directory.path)?.contains { ($0 as? String)?.hasSuffix(".swift") == true }
            ?? false
    }

    @Test func theTableNamesEveryTarget() throws {
        let targets = try Self.targets()
        #expect(targets.count > 30, "the manifest's targets were not found: \(targets.sorted())")
        let named = try Self.rows().reduce(into: Set<String>()) { $0.formUnion($1.named) }
        let missing = targets.subtracting(named)
        #expect(missing.isEmpty, "\(Self.page)'s module table lacks \(missing.sorted())")
    }

    /// Each row of one module lists exactly what that module's sources import (package modules and the
    /// toolchain's) and, of those, exactly what Package.swift declares for it; a C target lists its declared
    /// dependencies. Every target but the system libraries (grouped as `C*`) has a row of its own.
    @Test func eachModuleListsWhatItImportsAndWhatPackageSwiftDeclares() throws {
        let declared = Dictionary(try DependencyTests.targets().map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })
        let allTargets = try Self.targets()
        let packageModules = Set(declared.keys).union(allTargets).union(DependencyTests.productModules.values)
        var problems: [String] = []
        var checked = Set<String>()
        for row in try Self.rows() where row.modules.count == 1 && packageModules.contains(row.modules[0]) {
            let name = row.modules[0]
            checked.insert(name)
            for unknown in row.imports.subtracting(packageModules).subtracting(Self.toolchainModules).sorted() {
                problems.append("\(name) lists `\(unknown)`, which is no module of the package or the toolchain")
            }
            let directory = Self.directory(of: name, in: declared)
            if Self.hasSwift(directory) {
                let imported = try DependencyTests.imports(under: directory)
                    .intersection(packageModules.union(Self.toolchainModules)).subtracting([name])
                if imported != row.imports {
                    problems.append("\(name): the table lists \(row.imports.sorted()), "
                                    + "its sources import \(imported.sorted())")
                }
            }
            if let target = declared[name], row.imports.intersection(packageModules) != target.dependencies {
                problems.append("\(name): the table lists \(row.imports.intersection(packageModules).sorted()), "
                                + "Package.swift declares \(target.dependencies.sorted())")
            }
        }
        // Plugins are not in `declared`; system libraries may share the `C*` row; test targets are not modules.
        let ownRow = allTargets.filter { !["system", "systemLibrary", "testTarget"].contains(declared[$0]?.kind ?? "") }
        let withoutRow = ownRow.subtracting(checked)
        #expect(withoutRow.isEmpty, "these targets need a row of their own in \(Self.page): \(withoutRow.sorted())")
        #expect(checked.count > 25, "only \(checked.count) rows were checked")
        #expect(problems.isEmpty, "\n\(problems.joined(separator: "\n"))")
    }
}
