import Foundation
import Testing

/// Rooms named for what they hold: a module small enough to read (at most 3,500 lines in 35 files), and a type
/// with five or more stored properties in a file named after it (its extensions in `Type+Concern.swift`).
@Suite struct RoomSizeTests {
    static let maxLines = 3_500, maxFiles = 35
    /// The core's concerns still share its struct: it is held where it stands and may only shrink until they own
    /// their state in modules of their own.
    static let heldAtMost: [String: (lines: Int, files: Int)] = ["AppCore": (5_200, 57)]

    @Test func noModuleIsOverItsSize() throws {
        let sources = OneRoomTests.root.appendingPathComponent("Sources")
        let modules = try FileManager.default.contentsOfDirectory(atPath: sources.path).sorted()
        var measured = 0
        for module in modules {
            let files = try OneRoomTests.sources("Sources/\(module)")
            guard !files.isEmpty else { continue }
            measured += 1
            let lines = try files.reduce(0) { total, file in
                let text = try String(contentsOf: OneRoomTests.root.appendingPathComponent(file.path), encoding: .utf8)
                return total + text.filter { $0 == "\n" }.count
            }
            let limit = Self.heldAtMost[module] ?? (Self.maxLines, Self.maxFiles)
            #expect(lines <= limit.lines && files.count <= limit.files,
                    "\(module): \(lines) lines in \(files.count) files (at most \(limit.lines) in \(limit.files))")
        }
        #expect(measured > 30, "the modules were found: \(measured)")
    }

    @Test func aTypeOfFiveStoredPropertiesHasItsOwnFile() throws {
        var checked = 0
        for file in try OneRoomTests.sources("Sources") {
            let base = URL(fileURLWithPath: file.path).deletingPathExtension().lastPathComponent
            for line in file.text.split(separator: "\n") {
                // Top-level types only: a nested type lives in its parent's file.
                guard let match = line.range(of: #"^(@\w+(\([^)]*\))?\s+)*((public|internal|package|private|fileprivate)\s+)?(final\s+)?(struct|class)\s+\w+"#,
                                             options: .regularExpression) else { continue }
                let name = String(line[match].split(separator: " ").last ?? "")
                guard let stored = AppCoreShapeTests.storedProperties(of: name, in: file.text), stored.count >= 5 else { continue }
                checked += 1
                #expect(base == name || base.hasPrefix(name + "+"), "\(file.path) holds \(name), \(stored.count) stored properties")
            }
        }
        #expect(checked > 40, "types of five or more stored properties were found: \(checked)")
    }
}
