@testable import Fetch
import Foundation
import Synchronization
import Testing
import TestSupport

/// A real HTTP server on 127.0.0.1 (Fixtures/server.py), one per test, misbehaving on purpose.
final class LocalServer {
    let process = Process()
    let input = Pipe()
    let port: Int

    init() throws {
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/server.py")
        port = try startLocalPythonServer(process, arguments: [script.path], input: input) ?? 0
    }

    func url(_ path: String) -> String { "http://127.0.0.1:\(port)\(path)" }

    deinit {
        try? input.fileHandleForWriting.close()
        process.terminate()
        process.waitUntilExit()
    }
}

@Suite struct FetcherTests {
    let fetcher = Fetcher(userAgent: "RectoTests", cache: nil)
    static let quick = FetchLimits(maxBytes: 1 << 20, connectTimeoutMilliseconds: 5_000, totalTimeoutMilliseconds: 3_000,
                                   lowSpeedBytesPerSecond: 100, lowSpeedSeconds: 1, maxRedirects: 3)

    @Test func aBodyArrivesWhole() throws {
        let server = try LocalServer()
        let body = try fetcher.fetch(server.url("/ok"), limits: Self.quick)
        #expect(body == Array(Array(0...255).map(UInt8.init).repeated(64)))
        // Again through a redirect.
        #expect(try fetcher.fetch(server.url("/redirect"), limits: Self.quick).count == 16_384)
    }

    @Test func eachMisbehaviourIsAnErrorThatSaysWhat() throws {
        let server = try LocalServer()
        let cases: [(String, (String) -> FetchError)] = [
            ("/missing", { .status(404, url: $0) }),
            ("/error", { .status(503, url: $0) }),
            ("/loop", { .tooManyRedirects(url: $0) }),
            ("/to-ftp", { .unsupportedScheme(url: $0) }),
            ("/stall", { .timedOut(url: $0) }),
            ("/trickle", { .timedOut(url: $0) }),
            ("/endless", { .tooLarge(limit: 1 << 20, url: $0) }),
            ("/bomb", { .tooLarge(limit: 1 << 20, url: $0) }),
        ]
        for (path, expected) in cases {
            let url = server.url(path)
            #expect(throws: expected(url)) { try fetcher.fetch(url, limits: Self.quick) }
        }
        #expect(throws: FetchError.unsupportedScheme(url: "ftp://127.0.0.1/x")) {
            try fetcher.fetch("ftp://127.0.0.1/x", limits: Self.quick)
        }
        #expect(throws: FetchError.unsupportedScheme(url: "gopher://127.0.0.1/x")) {
            try fetcher.fetch("gopher://127.0.0.1/x", limits: Self.quick)
        }
    }

    /// The fetch runs on a thread of its own, as on the page cache's workers (a blocking call on the test pool's
    /// few threads could wait behind other suites past the server's 30 s stall).
    @Test func aStalledFetchIsCancelledFromAnotherThread() throws {
        let server = try LocalServer()
        let cancellation = FetchCancellation()
        let url = server.url("/stall")
        let slow = FetchLimits(maxBytes: 1 << 20, totalTimeoutMilliseconds: 60_000, lowSpeedSeconds: 60)
        let outcome = Mutex<FetchError?>(nil)
        let done = DispatchSemaphore(value: 0)
        let fetcher = self.fetcher
        Thread {
            do throws(FetchError) { _ = try fetcher.fetch(url, limits: slow, cancellation: cancellation) } catch {
                outcome.withLock { $0 = error }
            }
            done.signal()
        }.start()
        // Cancelled once the request is at the server and stalls there (a cancel before the transfer starts
        // would end it too, without testing this): polled, for on a busy machine that can take seconds.
        let deadline = ContinuousClock.now + .seconds(20)
        let stalls = server.url("/stalls")
        while (try? fetcher.fetch(stalls, limits: Self.quick)) != Array("1".utf8), ContinuousClock.now < deadline {
            Thread.sleep(forTimeInterval: 0.02)
        }
        #expect(try fetcher.fetch(stalls, limits: Self.quick) == Array("1".utf8), "the fetch reached the server")
        cancellation.cancel()
        // Well within the server's 30 s stall (a hang guard, not a timing assertion).
        #expect(done.wait(timeout: .now() + 20) == .success)
        #expect(outcome.withLock { $0 } == .cancelled(url: url))
    }

    @Test func theCacheServesWhenTheNetworkIsGone() throws {
        let directory = NSTemporaryDirectory() + "recto-fetch-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let cached = Fetcher(userAgent: "RectoTests", cache: try FetchCache(directory: directory, maxBytes: 1 << 20))
        var server: LocalServer? = try LocalServer()
        let url = server!.url("/counted")
        #expect(try cached.fetch(url, limits: Self.quick, policy: .networkFirst) == Array("count 1".utf8))
        #expect(try cached.fetch(url, limits: Self.quick, policy: .networkFirst) == Array("count 2".utf8))
        #expect(try cached.fetch(url, limits: Self.quick, policy: .cacheFirst) == Array("count 2".utf8))
        server = nil
        // The server is gone: the connection is refused, the last copy stands in.
        #expect(try cached.fetch(url, limits: Self.quick, policy: .networkFirst) == Array("count 2".utf8))
        #expect(throws: FetchError.self) {
            try cached.fetch(url.replacingOccurrences(of: "counted", with: "never-seen"), limits: Self.quick)
        }
    }

    @Test func theCacheStaysWithinItsBound() throws {
        let directory = NSTemporaryDirectory() + "recto-fetch-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let cache = try FetchCache(directory: directory, maxBytes: 100_000)
        for i in 0..<40 { cache.store("http://x/\(i)", [UInt8](repeating: UInt8(i), count: 10_000)) }
        let sizes = try FileManager.default.contentsOfDirectory(atPath: directory).map {
            try FileManager.default.attributesOfItem(atPath: directory + "/" + $0)[.size] as! Int
        }
        #expect(sizes.reduce(0, +) <= 100_000)
        #expect(cache.read("http://x/39") == [UInt8](repeating: 39, count: 10_000))
        #expect((0..<40).filter { cache.read("http://x/\($0)") != nil }.count <= 10)
    }

    @Test func fileURLsAreReadWithTheSameBound() throws {
        let path = NSTemporaryDirectory() + "recto fetch \(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: path) }
        try Data(repeating: 7, count: 5000).write(to: URL(fileURLWithPath: path))
        let url = "file://" + path.replacingOccurrences(of: " ", with: "%20")
        #expect(try fetcher.fetch(url, limits: Self.quick) == [UInt8](repeating: 7, count: 5000))
        #expect(throws: FetchError.tooLarge(limit: 1000, url: url)) {
            try fetcher.fetch(url, limits: FetchLimits(maxBytes: 1000))
        }
        #expect(throws: FetchError.unsupportedScheme(url: "file://elsewhere/etc/passwd")) {
            try fetcher.fetch("file://elsewhere/etc/passwd", limits: Self.quick)
        }
    }
}

extension Array {
    func repeated(_ times: Int) -> [Element] { (0..<times).flatMap { _ in self } }
}
