import Caching
import Decoding
import Dispatch
import Foundation
import Geometry
import Glibc
import Pages
import Synchronization
import Testing
import TestSupport

@Suite struct DiskCacheTests {
    static let bounds = PixelSize(width: 64, height: 64)

    static func identity(_ n: Int, mtime: Int64 = 5) -> PageIdentity {
        .file(FileIdentity(device: 7, inode: UInt64(n), size: 1000, modifiedNanoseconds: mtime))
    }

    /// Pseudo-random pixels including alpha, so every byte of the layout matters.
    static func image(width: Int, height: Int, seed: UInt64) -> RGBAImage {
        var rng = SplitMix64(seed: seed)
        return RGBAImage(width: width, height: height, pixels: (0..<(width * height * 4)).map { _ in rng.byte() })
    }

    /// The image stored under key `n` in the mixed-size tests: sizes vary with the key.
    static func keyed(_ n: Int) -> RGBAImage { image(width: 8 + n % 5 * 7, height: 10 + n % 3 * 9, seed: UInt64(n)) }

    static func names(_ dir: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? []).sorted()
    }

    static func totalBytes(_ dir: String) -> Int {
        names(dir).reduce(0) { total, name in
            var info = stat()
            return total + (stat(dir + "/" + name, &info) == 0 ? Int(info.st_size) : 0)
        }
    }

    static func setModified(_ path: String, seconds: Int) {
        var times = [timespec(tv_sec: seconds, tv_nsec: 0), timespec(tv_sec: seconds, tv_nsec: 0)]
        _ = utimensat(AT_FDCWD, path, &times, 0)
    }

    @Test func roundTripIsExact() throws {
        let dir = try TempDir()
        defer { dir.cleanup() }
        let disk = try DiskCache(directory: dir.path + "/a/b")  // parents are created
        let archived = PageIdentity.archiveEntry(archive: FileIdentity(device: 1, inode: 2, size: 3, modifiedNanoseconds: 4),
                                                 path: "ch 1/p 01.png", crc32: 0xDEAD_BEEF, size: 999)
        let cases: [(PageIdentity, RGBAImage, PixelSize)] = [
            (Self.identity(1), Self.image(width: 1, height: 1, seed: 1), PixelSize(width: 1, height: 1)),
            (Self.identity(2), Self.image(width: 3, height: 5, seed: 2), PixelSize(width: 300, height: 500)),
            (archived, Self.image(width: 64, height: 47, seed: 3), PixelSize(width: 2048, height: 1500)),
        ]
        for (identity, image, source) in cases {
            #expect(disk.load(identity, fitting: Self.bounds) == nil)
            disk.store(image, sourceSize: source, identity: identity, fitting: Self.bounds)
            #expect(disk.load(identity, fitting: Self.bounds) == DiskCache.Entry(image: image, sourceSize: source))
        }
        // A second instance over the same directory (a restart) finds them too.
        let again = try DiskCache(directory: dir.path + "/a/b/")
        for (identity, image, source) in cases {
            #expect(again.load(identity, fitting: Self.bounds) == DiskCache.Entry(image: image, sourceSize: source))
        }
        #expect(disk.statistics.hits == 3 && disk.statistics.misses == 3 && disk.statistics.stores == 3)
        #expect(Self.names(dir.path + "/a/b").allSatisfy { $0.hasSuffix(".page") })
        // Larger than the box (a full-resolution image) or enlarged: refused, nothing written.
        disk.store(Self.image(width: 65, height: 10, seed: 4), sourceSize: PixelSize(width: 65, height: 10),
                   identity: Self.identity(4), fitting: Self.bounds)
        disk.store(Self.image(width: 20, height: 10, seed: 5), sourceSize: PixelSize(width: 10, height: 10),
                   identity: Self.identity(5), fitting: Self.bounds)
        #expect(Self.names(dir.path + "/a/b").count == 3)
    }

    @Test func damagedOrForeignFilesAreMissesAndDeleted() throws {
        let dir = try TempDir()
        defer { dir.cleanup() }
        let disk = try DiskCache(directory: dir.path)
        let identity = Self.identity(1)
        let image = Self.image(width: 20, height: 30, seed: 9)
        let source = PixelSize(width: 200, height: 300)
        let good = DiskCache.fileContents(of: image, sourceSize: source, identity: identity, fitting: Self.bounds)
        let path = disk.path(for: identity, fitting: Self.bounds)
        var damaged: [(String, [UInt8])] = [
            ("empty", []),
            ("header only", Array(good.prefix(64))),
            ("short header", Array(good.prefix(10))),
            ("one byte short", Array(good.dropLast())),
            ("one byte long", good + [0]),
            ("four bytes long", good + [0, 0, 0, 0]),
            ("other version", DiskCache.fileContents(of: image, sourceSize: source, identity: identity,
                                                     fitting: Self.bounds, version: DiskCache.formatVersion + 1)),
            ("another key's file", DiskCache.fileContents(of: image, sourceSize: source, identity: Self.identity(2),
                                                           fitting: Self.bounds)),
            ("another box's file", DiskCache.fileContents(of: image, sourceSize: source, identity: identity,
                                                           fitting: PixelSize(width: 64, height: 65))),
        ]
        var rng = SplitMix64(seed: 42)
        for round in 0..<40 {  // single flipped bits anywhere: header fields, checksum, pixels
            var bytes = good
            let at = round < 8 ? round * 8 : Int(rng.next() % UInt64(good.count))
            bytes[at] ^= UInt8(1) << (rng.next() % 8)
            damaged.append(("bit flipped at \(at)", bytes))
        }
        for (what, bytes) in damaged {
            try dir.write(URL(fileURLWithPath: path).lastPathComponent, bytes)
            #expect(disk.load(identity, fitting: Self.bounds) == nil, "\(what)")
            #expect(access(path, F_OK) != 0, "\(what): not deleted")
        }
        #expect(disk.statistics.invalid == damaged.count && disk.statistics.hits == 0)
        try dir.write(URL(fileURLWithPath: path).lastPathComponent, good)
        #expect(disk.load(identity, fitting: Self.bounds)?.image == image)
    }

    @Test func aChangedIdentityOrBoxIsAMiss() throws {
        let dir = try TempDir()
        defer { dir.cleanup() }
        let disk = try DiskCache(directory: dir.path)
        let image = Self.image(width: 16, height: 16, seed: 3)
        disk.store(image, sourceSize: image.size, identity: Self.identity(1, mtime: 5), fitting: Self.bounds)
        #expect(disk.load(Self.identity(1, mtime: 6), fitting: Self.bounds) == nil)  // touched file
        #expect(disk.load(.file(FileIdentity(device: 7, inode: 1, size: 1001, modifiedNanoseconds: 5)),
                          fitting: Self.bounds) == nil)  // same mtime, other size
        #expect(disk.load(Self.identity(1, mtime: 5), fitting: PixelSize(width: 64, height: 32)) == nil)  // other box
        #expect(disk.statistics.misses == 3 && disk.statistics.invalid == 0)
        #expect(disk.load(Self.identity(1, mtime: 5), fitting: Self.bounds)?.image == image)  // untouched by misses
    }

    @Test func boundKeepsTheRecentlyUsedEntries() throws {
        let dir = try TempDir()
        defer { dir.cleanup() }
        let image = Self.image(width: 16, height: 16, seed: 1)
        let entryBytes = 64 + 16 * 16 * 4
        let disk = try DiskCache(directory: dir.path, maxBytes: 10 * entryBytes)  // trims down to 8 entries
        func store(_ n: Int) { disk.store(image, sourceSize: image.size, identity: Self.identity(n), fitting: Self.bounds) }
        for n in 0..<8 { store(n) }
        // Entry n last used at an old time in order of n; then 0 and 1 are used again.
        for n in 0..<8 { Self.setModified(disk.path(for: Self.identity(n), fitting: Self.bounds), seconds: 1_000_000 + n) }
        #expect(disk.load(Self.identity(0), fitting: Self.bounds) != nil)
        #expect(disk.load(Self.identity(1), fitting: Self.bounds) != nil)
        for n in 100..<108 {
            store(n)
            #expect(Self.totalBytes(dir.path) <= 10 * entryBytes)
        }
        let kept = Set(Self.names(dir.path))
        let expected = Set(([0, 1] + Array(100..<108)).map {
            URL(fileURLWithPath: disk.path(for: Self.identity($0), fitting: Self.bounds)).lastPathComponent
        })
        #expect(kept == expected)
        #expect(disk.statistics.trimmedFiles == 6)
    }

    @Test func boundHoldsAfterEveryStoreAndSurvivorsAreValid() throws {
        let dir = try TempDir()
        defer { dir.cleanup() }
        let maxBytes = 40_000
        let disk = try DiskCache(directory: dir.path, maxBytes: maxBytes)
        var rng = SplitMix64(seed: 7)
        for _ in 0..<300 {
            let n = Int(rng.next() % 60)
            let image = Self.keyed(n)
            disk.store(image, sourceSize: image.size, identity: Self.identity(n), fitting: Self.bounds)
            #expect(Self.totalBytes(dir.path) <= maxBytes)
        }
        #expect(disk.statistics.trims > 1)
        let survivors = (0..<60).filter { disk.load(Self.identity($0), fitting: Self.bounds)?.image == Self.keyed($0) }
        #expect(survivors.count == Self.names(dir.path).count && survivors.count > 10)
    }

    @Test func concurrentWritersLeaveOnlyValidFiles() throws {
        let dir = try TempDir()
        defer { dir.cleanup() }
        let maxBytes = 60_000
        let disk = try DiskCache(directory: dir.path, maxBytes: maxBytes)
        let wrong = Mutex(0)
        DispatchQueue.concurrentPerform(iterations: 8) { thread in
            var rng = SplitMix64(seed: UInt64(thread) + 100)
            for op in 0..<80 {
                // Half the keys are shared by every thread, half are the thread's own.
                let n = op % 2 == 0 ? Int(rng.next() % 12) : 100 * (thread + 1) + Int(rng.next() % 8)
                if rng.next() % 3 == 0 {
                    if let entry = disk.load(Self.identity(n), fitting: Self.bounds), entry.image != Self.keyed(n) {
                        wrong.withLock { $0 += 1 }
                    }
                } else {
                    let image = Self.keyed(n)
                    disk.store(image, sourceSize: image.size, identity: Self.identity(n), fitting: Self.bounds)
                }
            }
        }
        #expect(wrong.withLock { $0 } == 0)
        #expect(disk.statistics.invalid == 0 && disk.statistics.storeFailures == 0)
        let names = Self.names(dir.path)
        #expect(!names.contains { $0.hasPrefix(".tmp.") })
        #expect(Self.totalBytes(dir.path) <= maxBytes)
        let keys = Array(0..<12) + (1...8).flatMap { t in (0..<8).map { 100 * t + $0 } }
        let valid = keys.filter { disk.load(Self.identity($0), fitting: Self.bounds)?.image == Self.keyed($0) }
        #expect(valid.count == names.count && !valid.isEmpty)
    }

    @Test func aRestartedPageCacheShowsPagesWithoutDecoding() throws {
        let dir = try TempDir()
        defer { dir.cleanup() }
        for page in 1...3 { try dir.write("book/p\(page).png", pngBytes(width: 300, height: 400, seed: UInt64(page))) }
        let fitting = PixelSize(width: 90, height: 100)
        func run(_ disk: DiskCache, fitting: PixelSize = fitting) throws -> (PageCache, [Int: PageEvent]) {
            let cache = PageCache(source: try PageSource.open(path: dir.file("book")),
                                  configuration: PageCache.Configuration(fitting: fitting, diskCache: disk))
            cache.want([1, 2, 3], visibleCount: 3)
            var events: [PageEvent] = []
            try collect(cache, into: &events) { Set(readyPages($0)) == [1, 2, 3] }
            var byPage: [Int: PageEvent] = [:]
            for event in events { if case .ready(let page, _, _) = event { byPage[page] = event } }
            return (cache, byPage)
        }
        func waitForStores(_ disk: DiskCache, _ count: Int) throws {
            // Stores follow the delivery; a hang guard, not a timing assertion.
            for _ in 0..<30_000 where disk.statistics.stores < count { usleep(1000) }
            guard disk.statistics.stores >= count else { throw TestFailure("stores never finished") }
        }
        let cacheDir = dir.file("cache")
        let first = try DiskCache(directory: cacheDir)
        let (cold, coldEvents) = try run(first)
        #expect(cold.statistics.decodes == 3 && cold.statistics.diskHits == 0)
        try waitForStores(first, 3)

        let second = try DiskCache(directory: cacheDir)
        let (warm, warmEvents) = try run(second)
        #expect(warm.statistics.decodes == 0 && warm.statistics.diskHits == 3)
        #expect(warmEvents == coldEvents)  // same pixels and source sizes
        guard case .ready(_, let image, let source) = warmEvents[1] else { Issue.record("no page 1"); return }
        #expect(source == PixelSize(width: 300, height: 400) && image.size == PixelSize(width: 75, height: 100))
        // Regions are never stored.
        warm.requestRegion(page: 1, rect: PixelRect(x: 0, y: 0, width: 50, height: 50),
                           outputSize: PixelSize(width: 50, height: 50))
        var more: [PageEvent] = []
        try collect(warm, into: &more) { $0.contains { if case .region = $0 { return true } else { return false } } }
        #expect(second.statistics.stores == 0 && Self.names(cacheDir).count == 3)

        // Page 2 touched: a new identity, decoded again; another box: all decoded again.
        Self.setModified(dir.file("book/p2.png"), seconds: 2_000_000)
        let third = try DiskCache(directory: cacheDir)
        let (touched, _) = try run(third)
        #expect(touched.statistics.decodes == 1 && touched.statistics.diskHits == 2)
        let (resized, _) = try run(third, fitting: PixelSize(width: 60, height: 60))
        #expect(resized.statistics.decodes == 3 && resized.statistics.diskHits == 0)
    }
}
