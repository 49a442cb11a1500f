import Foundation
import Testing

/// Package.swift's dependency lists say what each module uses: a target imports only modules it declares
/// (SwiftPM lets a module reach a dependency's dependencies unnamed, which hides the real graph) and declares
/// only modules it imports. Modules outside the package's targets and products (Foundation, Glibc, Testing)
/// are the toolchain's and not counted.
@Suite struct DependencyTests {
    struct Target {
        var name: String
        var kind: String
        var path: String?
        var dependencies: Set<String>
    }

    /// Package products, by the module a source imports for each.
    static let productModules = ["ArgumentParser": "ArgumentParser", "Logging": "Logging",
                                 "ZIPFoundation": "ZIPFoundation", "TOMLKit": "TOMLKit"]

    /// Every target in Package.swift with its kind, path and dependencies (products by their module).
    static func targets() throws -> [Target] {
        let manifest = try String(contentsOf: ModuleTableTests.root.appendingPathComponent("Package.swift"), encoding: .utf8)
        let calls = try NSRegularExpression(pattern: #"(\.target|\.executableTarget|\.testTarget|\.systemLibrary|\bsystem)\("#)
        let text = manifest as NSString
        var targets: [Target] = []
        for match in calls.matches(in: manifest, range: NSRange(location: 0, length: text.length)) {
            let kind = text.substring(with: match.range(at: 1)).trimmingCharacters(in: ["."])
            let body = balanced(text.substring(from: match.range.location + match.range.length - 1))
            guard let name = firstString(in: body) else { continue }
            var dependencies = Set<String>()
            if let list = body.range(of: "dependencies: [") {
                let inner = body[list.upperBound...].prefix { $0 != "]" }
                let products = inner.replacingOccurrences(of: #"package: "[^"]*""#, with: "", options: .regularExpression)
                dependencies = Set(strings(in: products).map { productModules[$0] ?? $0 })
            }
            let path = body.range(of: #"path: "[^"]*""#, options: .regularExpression).map {
                String(body[$0].dropFirst(7).dropLast())
            }
            targets.append(Target(name: name, kind: kind,
                                  path: path, dependencies: dependencies))
        }
        return targets
    }

    /// The text from the opening parenthesis at the start of `s` to its closing one.
    static func balanced(_ s: String) -> String {
        var depth = 0
        var inString = false
        for (i, c) in zip(s.indices, s) {
            if c == "\"" { inString.toggle() }
            if inString { continue }
            if c == "(" { depth += 1 }
            if c == ")" { depth -= 1; if depth == 0 { return String(s[...i]) } }
        }
        return s
    }

    static func strings(in s: some StringProtocol) -> [String] {
        s.split(separator: "\"", omittingEmptySubsequences: false).enumerated().filter { $0.offset % 2 == 1 }.map { String($0.element) }
    }

    static func firstString(in s: String) -> String? {
        guard let head = s.firstIndex(of: "\""), !s[..<head].contains("name: name") else { return nil }
        return strings(in: s).first
    }

    /// The modules `import`ed by the Swift files under `directory` (`@testable`, `@_exported` and
    /// `import struct M.T` forms too).
    static func imports(under directory: URL) throws -> Set<String> {
        let pattern = try NSRegularExpression(
            pattern: #"^\s*(?:@\w+\s+)*import\s+(?:(?:struct|class|enum|protocol|func|var|let|typealias)\s+)?(\w+)"#,
            options: .anchorsMatchLines)
        var modules = Set<String>()
        let files = FileManager.default.enumerator(at: directory, includingPropertiesForKeys: nil)
        while let file = files?.nextObject() as? URL {
            guard file.pathExtension == "swift" else { continue }
            let source = try String(contentsOf: file, encoding: .utf8)
            let ns = source as NSString
            for m in pattern.matches(in: source, range: NSRange(location: 0, length: ns.length)) {
                modules.insert(ns.substring(with: m.range(at: 1)))
            }
        }
        return modules
    }

    /// For each Swift target: the package modules it imports without declaring them, and those it declares
    /// without importing them.
    static func mismatches() throws -> [String] {
        let targets = try targets()
        let known = Set(targets.map(\.name)).union(productModules.values)
        var problems: [String] = []
        for t in targets where t.kind != "systemLibrary" && t.kind != "system" {
            let directory = ModuleTableTests.root.appendingPathComponent(
                t.path ?? (t.kind == "testTarget" ? "Tests/\(t.name)" : "Sources/\(t.name)"))
            let imported = try imports(under: directory).intersection(known).subtracting([t.name])
            let hasSwift = FileManager.default.enumerator(atPath: directory.path)?.contains {
                ($0 as? String)?.hasSuffix(".swift") == true } ?? false
            guard hasSwift else { continue }
            let undeclared = imported.subtracting(t.dependencies), unused = t.dependencies.subtracting(imported)
            if !undeclared.isEmpty { problems.append("\(t.name) imports \(undeclared.sorted()) without declaring them") }
            if !unused.isEmpty { problems.append("\(t.name) declares \(unused.sorted()) but imports none of them") }
        }
        return problems
    }

    @Test func theManifestIsReadWhole() throws {
        let targets = try Self.targets()
        let byName = Dictionary(targets.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })
        #expect(targets.count == Set(targets.map(\.name)).count, "each target once: \(targets.map(\.name))")
        // A sample of each form: the shorthand, a system library, a C target, products, a path, a test target.
        #expect(byName["CEGL"]?.kind == "system" && byName["CLinux"]?.kind == "systemLibrary")
        #expect(byName["CWaylandProtocols"]?.dependencies == ["CWaylandClient"])
        #expect(byName["ConfigFiles"]?.dependencies.isSuperset(of: ["TOMLKit", "Config", "Posix"]) == true)
        #expect(byName["recto-pdf"]?.path == "Helpers/recto-pdf/src")
        #expect(byName["RepositoryTests"]?.kind == "testTarget" && byName["RepositoryTests"]?.dependencies == [])
        #expect(targets.count >= 30, "\(targets.count) targets")
    }

    @Test func everyTargetDeclaresWhatItImportsAndImportsWhatItDeclares() throws {
        let problems = try Self.mismatches()
        #expect(problems.isEmpty, "\n\(problems.joined(separator: "\n"))")
    }

    /// The pure cores (docs/architecture.md) import one another and nothing else: no C module, no Glibc, no
    /// Foundation; they are tested without a compositor, a GPU or a file.
    static let pureCores: Set<String> = [
        "Geometry", "Curl", "Gestures", "Book", "IIIF", "XML", "Reader", "Control", "Localization", "Config", "Panels", "Occurrences", "AppCore",
    ]

    @Test func thePureCoresImportOnlyPureCores() throws {
        for core in Self.pureCores.sorted() {
            let directory = ModuleTableTests.root.appendingPathComponent("Sources/\(core)")
            let foreign = try Self.imports(under: directory).subtracting(Self.pureCores)
            #expect(foreign.isEmpty, "\(core) imports \(foreign.sorted())")
        }
    }
}
