import Foundation

/// Where the `recto` executable under test lives.
enum RectoBinary {
    /// The package root, four levels above this file (`Tests/EndToEndTests/Support/RectoBinary.swift`).
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// `$RECTO_BIN` when set, else the first existing of `.build/debug/recto` and `.build/release/recto` under
    /// the package root. Throws when none exists (build the `recto` product first).
    static func locate() throws -> URL {
        let environment = ProcessInfo.processInfo.environment
        var candidates: [URL] = []
        if let explicit = environment["RECTO_BIN"], !explicit.isEmpty {
            candidates = [URL(fileURLWithPath: explicit)]
        } else {
            candidates = ["debug", "release"].map {
                packageRoot.appendingPathComponent(".build/\($0)/recto")
            }
        }
        for candidate in candidates where FileManager.default.isExecutableFile(atPath: candidate.path) {
            return candidate
        }
        throw HarnessError.failed("recto binary not found (tried \(candidates.map(\.path).joined(separator: ", "))); "
                                  + "run `swift build --product recto` or set RECTO_BIN")
    }
}
