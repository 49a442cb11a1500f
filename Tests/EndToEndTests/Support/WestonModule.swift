import Foundation

/// Builds the test-only weston module (`Harness/*.c`) with the system C compiler, once per test process and
/// again only when a source file's modification time changes.
enum WestonModule {
    /// `Tests/EndToEndTests/Harness`, found from this file's path (never from a resource bundle).
    static let sourceDirectory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Harness")

    private static let cache = Locked<(stamp: Date, library: URL)?>(nil)

    /// The path of the built `recto-test-seat.so`. Throws with the compiler's output when the build fails.
    static func build() throws -> URL {
        let sources = try FileManager.default.contentsOfDirectory(atPath: sourceDirectory.path)
            .filter { $0.hasSuffix(".c") || $0.hasSuffix(".h") }.sorted()
            .map { sourceDirectory.appendingPathComponent($0) }
        guard !sources.isEmpty else { throw HarnessError.failed("no module sources in \(sourceDirectory.path)") }
        let stamp = try sources.map {
            try FileManager.default.attributesOfItem(atPath: $0.path)[.modificationDate] as? Date ?? .distantPast
        }.max() ?? .distantPast
        return try cache.withLock { cached in
            if let cached, cached.stamp == stamp, FileManager.default.fileExists(atPath: cached.library.path) {
                return cached.library
            }
            let library = try compile(sources.filter { $0.pathExtension == "c" })
            cached = (stamp, library)
            return library
        }
    }

    private static func compile(_ sources: [URL]) throws -> URL {
        let environment = ProcessInfo.processInfo.environment
        let flags = try run("pkg-config", ["--cflags", "--libs", "libweston-10", "wayland-server", "xkbcommon"],
                            environment)
        let output = Scratch.processDirectory.appendingPathComponent("recto-test-seat-\(UUID().uuidString).so")
        let arguments = ["-shared", "-fPIC", "-O1", "-Wall", "-Wno-unused-parameter", "-o", output.path]
            + sources.map(\.path) + flags.split(whereSeparator: \.isWhitespace).map(String.init)
        _ = try run(environment["CC"] ?? "cc", arguments, environment)
        return output
    }

    /// Runs a build tool to completion and returns its stdout; throws with its output on failure.
    private static func run(_ tool: String, _ arguments: [String], _ environment: [String: String]) throws -> String {
        let child = try ChildProcess(tool, arguments: arguments, environment: environment)
        let termination = try child.waitForExit(timeout: .seconds(60))
        try child.stdout?.waitForEnd(timeout: .seconds(5))
        try child.stderr?.waitForEnd(timeout: .seconds(5))
        guard termination == .exited(0) else {
            throw HarnessError.failed("\(tool) \(arguments.joined(separator: " ")) failed: \(termination)",
                                      detail: (child.stderr?.text ?? "") + (child.stdout?.text ?? ""))
        }
        return child.stdout?.text ?? ""
    }
}

/// A value guarded by a lock, shareable across test threads.
final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) { self.value = value }

    func withLock<T>(_ body: (inout Value) throws -> T) rethrows -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
