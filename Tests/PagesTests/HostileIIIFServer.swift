import Fetch
import Foundation
import Pages
import TestSupport

/// `HostileIIIF.serverScript` on 127.0.0.1 (a port the kernel picks) serving the book in `root`; stopped
/// (SIGKILL) when released.
final class HostileIIIFServer {
    let process = Process()
    let port: Int

    init(root: String) throws {
        guard let port = try startLocalPythonServer(process, arguments: ["-c", HostileIIIF.serverScript, root],
                                                    quietErrors: true) else {
            throw TestFailure("the hostile HTTP server did not start")
        }
        self.port = port
    }

    func url(_ mode: String, _ path: String = "manifest.json") -> String { "http://127.0.0.1:\(port)/\(mode)/\(path)" }

    /// How many requests the server has answered for paths containing `fragment` (from its own count).
    func requests(containing fragment: String) -> Int {
        let fetcher = Fetcher(userAgent: "RectoTests", cache: nil)
        guard let body = try? fetcher.fetch("http://127.0.0.1:\(port)/count/\(fragment)", limits: FetchLimits()) else { return -1 }
        return Int(String(decoding: body, as: UTF8.self)) ?? -1
    }

    deinit {
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }
}
