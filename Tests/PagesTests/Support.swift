import Caching
import Decoding
import Dispatch
import Foundation
import Glibc
import Pages
import Synchronization
import Testing
import TestSupport

extension SplitMix64 {
    mutating func byte() -> UInt8 { UInt8(truncatingIfNeeded: next()) }
}

/// An opaque image of pseudo-random pixels.
func noiseImage(width: Int, height: Int, seed: UInt64) -> RGBAImage {
    var rng = SplitMix64(seed: seed)
    var pixels = [UInt8](repeating: 255, count: width * height * 4)
    for i in 0..<(width * height) {
        pixels[i * 4] = rng.byte(); pixels[i * 4 + 1] = rng.byte(); pixels[i * 4 + 2] = rng.byte()
    }
    return RGBAImage(width: width, height: height, pixels: pixels)
}

func pngBytes(width: Int, height: Int, seed: UInt64) throws -> [UInt8] {
    try PNGEncoder.encode(noiseImage(width: width, height: height, seed: seed), fast: true)
}

/// A fresh directory under the system temporary directory, removed by `cleanup()`.
struct TempDir {
    let path: String

    init() throws {
        var template = Array((NSTemporaryDirectory() + "/recto-pages-XXXXXX").utf8CString)
        let made = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
        guard let made else { throw TestFailure("mkdtemp failed") }
        path = PosixPath.resolve(String(cString: made))
    }

    func file(_ name: String) -> String { path + "/" + name }

    func write(_ name: String, _ bytes: [UInt8]) throws {
        let full = file(name)
        let dir = (full as NSString).deletingLastPathComponent
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        guard FileManager.default.createFile(atPath: full, contents: Data(bytes)) else {
            throw TestFailure("cannot write \(full)")
        }
    }

    func link(_ name: String, to target: String) throws {
        guard symlink(target, file(name)) == 0 else { throw TestFailure("symlink \(name) failed") }
    }

    func cleanup() { try? FileManager.default.removeItem(atPath: path) }
}

enum PosixPath {
    static func resolve(_ p: String) -> String {
        guard let r = realpath(p, nil) else { return p }
        defer { free(r) }
        return String(cString: r)
    }
}

struct TestFailure: Error, CustomStringConvertible {
    let description: String
    init(_ d: String) { description = d }
}

/// Polls the cache's descriptor and drains until `done` holds for everything received; fails after 30 s of
/// silence (a hang guard, not a timing assertion).
@discardableResult
func collect(_ cache: PageCache, into all: inout [PageEvent], onEvent: (PageEvent) -> Void = { _ in },
             until done: ([PageEvent]) -> Bool) throws -> [PageEvent] {
    var fresh: [PageEvent] = []
    while !done(all) {
        var p = pollfd(fd: cache.fd, events: Int16(POLLIN), revents: 0)
        let rc = poll(&p, 1, 30_000)
        guard rc == 1 else { throw TestFailure("no cache event within 30 s; have \(summary(all))") }
        for e in cache.drain() {
            onEvent(e)
            all.append(e)
            fresh.append(e)
        }
    }
    return fresh
}

func readyPages(_ events: [PageEvent]) -> [Int] {
    events.compactMap { if case .ready(let p, _, _) = $0 { return p } else { return nil } }
}

func failedPages(_ events: [PageEvent]) -> [Int] {
    events.compactMap { if case .failed(let p, _) = $0 { return p } else { return nil } }
}

func summary(_ events: [PageEvent]) -> String {
    events.map { e -> String in
        switch e {
        case .ready(let p, let i, _): return "ready(\(p), \(i.size))"
        case .failed(let p, let m): return "failed(\(p), \(m))"
        case .evict(let p): return "evict(\(p))"
        case .region(let p, let r, _): return "region(\(p), \(r))"
        case .regionFailed(let p, let m): return "regionFailed(\(p), \(m))"
        }
    }.joined(separator: ", ")
}

/// An in-memory book that records the order pages are read in and can hold the first read of one page at a gate.
final class FakeProvider: PageProvider {
    let pages: [[UInt8]]
    let gatedPage: Int?
    let entered = DispatchSemaphore(value: 0)
    let gate = DispatchSemaphore(value: 0)
    private let log = Mutex<[Int]>([])

    init(pages: [[UInt8]], gatedPage: Int? = nil) {
        self.pages = pages
        self.gatedPage = gatedPage
    }

    var reads: [Int] { log.withLock { $0 } }
    var path: String { "fake" }
    var kind: PageSource.Kind { .custom }
    var pageCount: Int { pages.count }
    func name(of page: Int) -> String { "p\(page)" }

    func contents(of page: Int) throws(PageError) -> PageContents {
        let first = log.withLock { reads in
            reads.append(page)
            return reads.filter { $0 == page }.count == 1
        }
        if page == gatedPage && first {  // only the first read waits
            entered.signal()
            gate.wait()
        }
        return PageContents(bytes: pages[page - 1], identity: try identity(of: page))
    }

    func identity(of page: Int) throws(PageError) -> PageIdentity {
        .file(FileIdentity(device: 0, inode: UInt64(page), size: Int64(pages[page - 1].count), modifiedNanoseconds: 0))
    }

    func reloaded() throws(PageError) -> any PageProvider { self }
}

/// Waits (up to 30 s, a hang guard) for a semaphore.
func wait(_ semaphore: DispatchSemaphore) throws {
    guard semaphore.wait(timeout: .now() + 30) == .success else { throw TestFailure("semaphore not signalled") }
}
