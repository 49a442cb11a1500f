import Caching
import Decoding
import Foundation
import Geometry
import Glibc
import Pages
import Testing

@Suite struct PageCacheTests {
    static func book(_ count: Int, width: Int = 40, height: Int = 50, broken: Set<Int> = [], gated: Int? = nil)
        throws -> FakeProvider {
        let pages = try (1...count).map { page in
            broken.contains(page) ? Array("not an image".utf8) : try pngBytes(width: width, height: height, seed: UInt64(page))
        }
        return FakeProvider(pages: pages, gatedPage: gated)
    }

    static func config(threads: Int = 2, budget: Int = 256 << 20, fitting: PixelSize = PixelSize(width: 4096, height: 4096))
        -> PageCache.Configuration {
        PageCache.Configuration(budgetBytes: budget, threads: threads, fitting: fitting)
    }

    @Test func resultsArriveThroughTheDescriptorDisplaySized() throws {
        let fake = try Self.book(3, width: 400, height: 300)
        let cache = PageCache(source: PageSource(fake), configuration: Self.config(fitting: PixelSize(width: 100, height: 100)))
        cache.want([2, 1, 3])
        var events: [PageEvent] = []
        try collect(cache, into: &events) { Set(readyPages($0)) == [1, 2, 3] }
        for case .ready(let page, let image, let sourceSize) in events {
            #expect(sourceSize == PixelSize(width: 400, height: 300))
            #expect(image.size == PixelSize(width: 100, height: 75))
            let expected = noiseImage(width: 400, height: 300, seed: UInt64(page)).downscaled(toFit: PixelSize(width: 100, height: 100))
            #expect(image == expected)
        }
        #expect(cache.statistics.decodes == 3)
        // The texture limit caps the box too.
        let capped = PageCache(source: PageSource(fake), configuration: PageCache.Configuration(
            fitting: PixelSize(width: 1000, height: 1000), maxTextureSize: 60))
        capped.want([1])
        var more: [PageEvent] = []
        try collect(capped, into: &more) { !readyPages($0).isEmpty }
        guard case .ready(_, let image, _) = more[0] else { Issue.record("expected ready"); return }
        #expect(image.size == PixelSize(width: 60, height: 45))
    }

    @Test func wantedOrderIsDecodeOrderAndStaleRequestsAreDropped() throws {
        let fake = try Self.book(12, gated: 1)
        let cache = PageCache(source: PageSource(fake), configuration: Self.config(threads: 1))
        cache.want([1, 2, 4], visibleCount: 1)
        try wait(fake.entered)  // the only worker is now inside page 1
        cache.want([5, 3, 9, 7], visibleCount: 2)
        fake.gate.signal()
        var events: [PageEvent] = []
        try collect(cache, into: &events) { Set(readyPages($0)) == [5, 3, 9, 7] }
        #expect(fake.reads == [1, 5, 3, 9, 7])  // 2 and 4 went stale and were never read
        #expect(readyPages(events) == [5, 3, 9, 7])  // 1 stopped being wanted while read: dropped undecoded
        cache.want([1])
        try collect(cache, into: &events) { readyPages($0).contains(1) }
        #expect(fake.reads == [1, 5, 3, 9, 7, 1])
    }

    @Test func visiblePagesComeBeforeRegionsAndRegionsBeforePrefetch() throws {
        let fake = try Self.book(6, gated: 6)
        let cache = PageCache(source: PageSource(fake), configuration: Self.config(threads: 1))
        cache.want([6], visibleCount: 1)
        try wait(fake.entered)
        cache.want([1, 2, 3, 4], visibleCount: 2)
        cache.requestRegion(page: 5, rect: PixelRect(x: 0, y: 0, width: 4, height: 4), outputSize: PixelSize(width: 4, height: 4))
        fake.gate.signal()
        var events: [PageEvent] = []
        try collect(cache, into: &events) { e in
            Set(readyPages(e)) == [1, 2, 3, 4] && e.contains { if case .region = $0 { return true } else { return false } }
        }
        #expect(fake.reads == [6, 1, 2, 5, 3, 4])
    }

    @Test func byteBoundHoldsWithLeastRecentlyUsedEvictionAndWantedPagesKept() throws {
        let pageBytes = 40 * 50 * 4
        let budget = 10 * pageBytes
        let fake = try Self.book(50)
        let cache = PageCache(source: PageSource(fake), configuration: Self.config(budget: budget))
        var textures: [Int: Int] = [:]  // page → the step it was uploaded at
        var evicted: [Int] = []
        var events: [PageEvent] = []
        for step in 1...48 {
            let wanted = [step, step + 1, step + 2]
            cache.want(wanted, visibleCount: 1)
            try collect(cache, into: &events, onEvent: { event in
                switch event {
                case .ready(let page, let image, _):
                    #expect(image.pixels.count == pageBytes)
                    textures[page] = step
                    cache.noteTexture(page: page, bytes: image.pixels.count)
                case .evict(let page):
                    #expect(!wanted.contains(page), "wanted page \(page) evicted")
                    // Least recently used first: the page of the oldest window among those held.
                    let oldest = textures.keys.filter { !wanted.contains($0) }.min()
                    #expect(page == oldest)
                    textures[page] = nil
                    evicted.append(page)
                default:
                    Issue.record("unexpected \(event)")
                }
            }, until: { _ in wanted.allSatisfy { textures[$0] != nil } })
            let stats = cache.statistics
            #expect(stats.usedBytes <= budget)
            #expect(stats.peakBytes <= budget)
            #expect(stats.textureBytes == textures.count * pageBytes)
        }
        #expect(evicted == Array(1...40))
        #expect(cache.statistics.decodes == 50)
        #expect(fake.reads.sorted() == Array(1...50))
    }

    @Test func prefetchBeyondTheBudgetIsDeferredWithoutEvictingAnything() throws {
        let pageBytes = 40 * 50 * 4
        let fake = try Self.book(7, gated: 6)
        let cache = PageCache(source: PageSource(fake), configuration: Self.config(threads: 1, budget: 3 * pageBytes))
        var events: [PageEvent] = []
        cache.want([1, 2, 3, 4, 5, 6], visibleCount: 1)
        try wait(fake.entered)  // 4 and 5 have been read and deferred; the worker is inside 6
        try collect(cache, into: &events) { Set(readyPages($0)) == [1, 2, 3] }
        for page in 1...3 { cache.noteTexture(page: page, bytes: pageBytes) }
        #expect(cache.statistics.evictions == 0)
        cache.want([4, 5], visibleCount: 1)
        fake.gate.signal()  // 6 is no longer wanted: dropped before its decode, so it evicts nothing
        try collect(cache, into: &events, onEvent: { event in
            if case .ready(let page, let image, _) = event { cache.noteTexture(page: page, bytes: image.pixels.count) }
        }, until: { Set(readyPages($0)) == [1, 2, 3, 4, 5] })
        #expect(events.filter { if case .evict = $0 { return true } else { return false } } == [.evict(page: 1), .evict(page: 2)])
        #expect(cache.statistics.peakBytes <= 3 * pageBytes)
        #expect(fake.reads.filter { $0 == 4 }.count == 2)  // read, deferred, read again when room appeared
    }

    /// A delivered image is the caller's page until it is uploaded (the cache is its one owner): evicting it is
    /// said with `.evict`, as a texture's eviction is, so the core stops counting on it.
    @Test func deliveredImagesOfUnwantedPagesCountAndTheirEvictionIsSaid() throws {
        let pageBytes = 40 * 50 * 4
        let fake = try Self.book(8)
        let cache = PageCache(source: PageSource(fake), configuration: Self.config(threads: 1, budget: 3 * pageBytes))
        var events: [PageEvent] = []
        for page in 1...8 {
            cache.want([page], visibleCount: 1)
            try collect(cache, into: &events) { readyPages($0).contains(page) }
            // No texture reported: the delivered image stays counted as CPU bytes until evicted.
            #expect(cache.statistics.usedBytes <= 3 * pageBytes)
        }
        #expect(cache.statistics.cpuBytes == 3 * pageBytes)
        #expect(Set(CacheBudgetTests.evictedPages(events)) == Set(1...5))
        for page in 1...5 { #expect(cache.deliveredImage(of: page) == nil) }
        for page in 6...8 { #expect(cache.deliveredImage(of: page)?.size == PixelSize(width: 40, height: 50)) }
    }

    @Test func aFailedPageIsReportedOnceAndRetriedOnlyAfterReload() throws {
        let fake = try Self.book(4, broken: [2])
        let cache = PageCache(source: PageSource(fake), configuration: Self.config(threads: 1))
        var events: [PageEvent] = []
        cache.want([1, 2, 3])
        try collect(cache, into: &events) { Set(readyPages($0)) == [1, 3] && failedPages($0) == [2] }
        guard let message = events.lazy.compactMap({ e -> String? in
            if case .failed(_, let m) = e { return m } else { return nil }
        }).first else { return }
        #expect(message.contains("p2") && message.contains("unsupported image format"))
        cache.want([2, 4])
        cache.want([2, 1, 4])
        try collect(cache, into: &events) { readyPages($0).contains(4) }
        #expect(fake.reads.filter { $0 == 2 }.count == 1)
        #expect(failedPages(events) == [2])
        cache.replaceSource(try cache.source.reloaded())
        cache.want([2])
        try collect(cache, into: &events) { failedPages($0).count == 2 }
        #expect(fake.reads.filter { $0 == 2 }.count == 2)
        #expect(cache.statistics.failures == 2)
    }

    @Test func anEvictedPlaceholderIsAskedForAgainWithoutRereading() throws {
        let pageBytes = 40 * 50 * 4
        let fake = try Self.book(4, broken: [1])
        let cache = PageCache(source: PageSource(fake), configuration: Self.config(threads: 1, budget: 2 * pageBytes))
        var events: [PageEvent] = []
        let onEvent: (PageEvent) -> Void = { event in
            switch event {
            case .ready(let page, let image, _): cache.noteTexture(page: page, bytes: image.pixels.count)
            case .failed(let page, _): cache.noteTexture(page: page, bytes: pageBytes)  // the caller's placeholder
            default: break
            }
        }
        cache.want([1], visibleCount: 1)
        try collect(cache, into: &events, onEvent: onEvent) { failedPages($0) == [1] }
        cache.want([2, 3], visibleCount: 2)
        try collect(cache, into: &events, onEvent: onEvent) { Set(readyPages($0)) == [2, 3] }
        #expect(events.contains(.evict(page: 1)))
        cache.want([1], visibleCount: 1)
        try collect(cache, into: &events, onEvent: onEvent) { failedPages($0) == [1, 1] }
        #expect(fake.reads.filter { $0 == 1 }.count == 1)
        #expect(cache.statistics.failures == 1)
        cache.want([1, 2], visibleCount: 1)
        cache.want([4], visibleCount: 1)
        try collect(cache, into: &events, onEvent: onEvent) { readyPages($0).contains(4) }
        #expect(failedPages(events) == [1, 1])  // still held: not sent again
    }

    @Test func regionsAreSourcePixelsOneToOne() throws {
        let dir = try TempDir()
        defer { dir.cleanup() }
        let original = noiseImage(width: 600, height: 800, seed: 42)
        try dir.write("p1.png", try PNGEncoder.encode(original, fast: true))
        let cache = PageCache(source: try PageSource.open(path: dir.path),
                              configuration: Self.config(fitting: PixelSize(width: 150, height: 150)))
        cache.want([1], visibleCount: 1)
        var events: [PageEvent] = []
        try collect(cache, into: &events) { !readyPages($0).isEmpty }
        #expect(events.first == .ready(page: 1, image: original.downscaled(toFit: PixelSize(width: 150, height: 150)),
                                       sourceSize: original.size))

        let rect = PixelRect(x: 123, y: 456, width: 64, height: 48)
        cache.requestRegion(page: 1, rect: rect, outputSize: PixelSize(width: 64, height: 48))
        var regions: [PageEvent] = []
        try collect(cache, into: &regions) { $0.count == 1 }
        #expect(regions[0] == .region(page: 1, rect: rect, image: original.cropped(to: rect)))

        // A second request is served from the kept full-resolution image; rects are clamped to the page.
        let edge = PixelRect(x: 560, y: 780, width: 100, height: 100)
        cache.requestRegion(page: 1, rect: edge, outputSize: PixelSize(width: 20, height: 10))
        try collect(cache, into: &regions) { $0.count == 2 }
        let clamped = PixelRect(x: 560, y: 780, width: 40, height: 20)
        #expect(regions[1] == .region(page: 1, rect: clamped,
                                      image: original.region(clamped, scaledTo: PixelSize(width: 20, height: 10))))
        #expect(cache.statistics.fullDecodes == 1)
        #expect(cache.statistics.fullBytes == 600 * 800 * 4)
        cache.endRegions()
        #expect(cache.statistics.fullBytes == 0)
    }

    @Test func aRegionTooLargeForTheBudgetIsStillDeliveredButNotKept() throws {
        let fake = try Self.book(1, width: 100, height: 100)
        let cache = PageCache(source: PageSource(fake), configuration: Self.config(budget: 20_000))
        let rect = PixelRect(x: 10, y: 10, width: 5, height: 5)
        cache.requestRegion(page: 1, rect: rect, outputSize: PixelSize(width: 5, height: 5))
        var events: [PageEvent] = []
        try collect(cache, into: &events) { $0.count == 1 }
        #expect(events[0] == .region(page: 1, rect: rect, image: noiseImage(width: 100, height: 100, seed: 1).cropped(to: rect)))
        #expect(cache.statistics.fullBytes == 0)
        #expect(cache.statistics.peakBytes <= 20_000)
    }

    @Test func growingTheBoxDecodesAgainShrinkingKeeps() throws {
        let fake = try Self.book(1, width: 400, height: 400)
        let cache = PageCache(source: PageSource(fake), configuration: Self.config(fitting: PixelSize(width: 100, height: 100)))
        var events: [PageEvent] = []
        cache.want([1], visibleCount: 1)
        try collect(cache, into: &events) { readyPages($0).count == 1 }
        cache.noteTexture(page: 1, bytes: 100 * 100 * 4)
        cache.setFitting(PixelSize(width: 50, height: 50))
        cache.setFitting(PixelSize(width: 200, height: 300))
        cache.want([1], visibleCount: 1)
        try collect(cache, into: &events) { readyPages($0).count == 2 }
        guard case .ready(_, let image, _) = events.last else { Issue.record("expected ready"); return }
        #expect(image.size == PixelSize(width: 200, height: 200))
        #expect(fake.reads == [1, 1])
    }

    @Test func reloadRedecodesOnlyChangedPagesAndEvictsVanishedOnes() throws {
        let dir = try TempDir()
        defer { dir.cleanup() }
        for page in 1...3 { try dir.write("p\(page).png", try pngBytes(width: 20, height: 20, seed: UInt64(page))) }
        let cache = PageCache(source: try PageSource.open(path: dir.path), configuration: Self.config(threads: 1))
        var events: [PageEvent] = []
        cache.want([1, 2, 3])
        try collect(cache, into: &events) { Set(readyPages($0)) == [1, 2, 3] }
        for page in 1...3 { cache.noteTexture(page: page, bytes: 1600) }
        try dir.write("p1.png", try pngBytes(width: 30, height: 30, seed: 9))
        #expect(unlink(dir.file("p3.png")) == 0)
        cache.replaceSource(try cache.source.reloaded())
        cache.want([1, 2])
        var after: [PageEvent] = []
        try collect(cache, into: &after) { readyPages($0) == [1] && $0.contains(.evict(page: 3)) }
        guard case .ready(_, let image, _) = after.first(where: { if case .ready = $0 { return true }; return false })
        else { return }
        #expect(image == noiseImage(width: 30, height: 30, seed: 9))
        #expect(cache.statistics.textureBytes == 2 * 1600)
    }

    @Test func releasingTheCacheStopsItsWorkers() throws {
        let fake = try Self.book(30, width: 200, height: 200)
        var cache: PageCache? = PageCache(source: PageSource(fake), configuration: Self.config())
        cache!.want(Array(1...30))
        cache = nil  // must not wait for, or crash in, the decodes under way
        #expect(cache == nil)
    }
}
