import Foundation
import Glibc

/// Temporary directories of the end-to-end tests. Names carry the test process's pid, so directories left
/// behind by a test process that crashed are recognised and removed by the next run.
enum Scratch {
    static let prefix = "recto-e2e-"

    /// A private directory (mode 0700) for this test process, created on first use.
    static let processDirectory: URL = {
        sweepStale()
        let url = URL(fileURLWithPath: NSTemporaryDirectory())
            .appendingPathComponent("\(prefix)\(getpid())-\(UUID().uuidString.prefix(8))")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true,
                                                 attributes: [.posixPermissions: 0o700])
        return url
    }()

    /// Makes a new private (0700) directory inside `processDirectory`.
    static func makeDirectory(_ name: String) throws -> URL {
        let url = processDirectory.appendingPathComponent("\(name)-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o700])
        return url
    }

    /// Removes `recto-e2e-<pid>-*` directories whose process no longer exists.
    private static func sweepStale() {
        let temporary = NSTemporaryDirectory()
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: temporary) else { return }
        for name in names where name.hasPrefix(prefix) {
            let rest = name.dropFirst(prefix.count)
            guard let pid = Int32(rest.prefix { $0.isNumber }), pid != getpid() else { continue }
            if kill(pid, 0) != 0 && errno == ESRCH {
                try? FileManager.default.removeItem(atPath: (temporary as NSString).appendingPathComponent(name))
            }
        }
    }
}
