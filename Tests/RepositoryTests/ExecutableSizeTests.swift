import Foundation
import Testing

/// The executable wires modules together and nothing else (docs/architecture.md): main, argument dispatch, the
/// reader's one `LoopEvent` and one `handle`, effects performed by calling modules. Work that grows there belongs
/// in a module named for what it holds, with its own tests; this keeps the executable from growing back.
@Suite struct ExecutableSizeTests {
    static let limit = 1_000

    static func lines(under directory: URL) throws -> [(file: String, lines: Int)] {
        let files = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasSuffix(".swift") }
        return try files.sorted().map { name in
            let text = try String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8)
            // As `wc -l` counts: newline characters.
            return (name, text.utf8.reduce(0) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) })
        }
    }

    @Test func theExecutableStaysWithinItsLines() throws {
        let counted = try Self.lines(under: ModuleTableTests.root.appendingPathComponent("Sources/recto"))
        let total = counted.reduce(0) { $0 + $1.lines }
        #expect(counted.count >= 5 && counted.contains { $0.file == "main.swift" }, "Sources/recto was not read: \(counted)")
        #expect(total <= Self.limit, """
            Sources/recto has \(total) lines (at most \(Self.limit)): move what is not wiring into a module. \
            Largest: \(counted.sorted { $0.lines > $1.lines }.prefix(5).map { "\($0.file) \($0.lines)" }.joined(separator: ", "))
            """)
    }
}
