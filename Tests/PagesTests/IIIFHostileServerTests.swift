@testable import Caching
import Decoding
import Fetch
import Foundation
import Geometry
@testable import Pages
import Pages
import Testing

/// The bad-input list against a real HTTP server on 127.0.0.1 (`HostileIIIFServer`), through the page
/// cache as the reader uses it: a manifest that is no book is refused with its reason; a canvas whose picture
/// cannot be had is a placeholder page (`.failed`, said once) while the rest reads; a service whose finest tiles
/// misbehave leaves the page at its coarser level and says why once, however many views fail; the cache stays
/// within its byte budget and the disk cache within its bound throughout.
@Suite struct IIIFHostileServerTests {
    /// Short enough that a stalled or trickling server fails a view in seconds; long enough for a busy machine.
    static let network = FetchLimits(connectTimeoutMilliseconds: 10_000, totalTimeoutMilliseconds: 20_000,
                                     lowSpeedBytesPerSecond: 100, lowSpeedSeconds: 3, maxRedirects: 3)
    static let diskBound = 1 << 20
    static let budget = 8 << 20

    struct Harness {
        let dir: TempDir
        let cacheDir: TempDir
        let server: HostileIIIFServer
        let fetcher: Fetcher

        init() throws {
            dir = try TempDir()
            try IIIFDeepZoomTests.makeBook(in: dir, image: IIIFDeepZoomTests.scan(width: 500, height: 300))
            try dir.write("wrong.png", try PNGEncoder.encode(IIIFDeepZoomTests.scan(width: 32, height: 64), fast: true))
            try dir.write("bomb.png", try PNGEncoder.encode(RGBAImage(width: 3000, height: 3000, fill: (0, 0, 0, 255)), fast: true))
            cacheDir = try TempDir()
            fetcher = Fetcher(userAgent: "RectoTests", cache: try FetchCache(directory: cacheDir.path, maxBytes: IIIFHostileServerTests.diskBound))
            server = try HostileIIIFServer(root: dir.path)
        }

        func open(_ mode: String) throws(PageError) -> IIIFSource {
            try IIIFSource(location: server.url(mode), limits: .standard, fetcher: fetcher, network: IIIFHostileServerTests.network)
        }

        func cache(_ mode: String) throws -> PageCache {
            PageCache(source: PageSource(try open(mode)),
                      configuration: .init(budgetBytes: IIIFHostileServerTests.budget, threads: 1, fitting: PixelSize(width: 100, height: 100)))
        }

        var diskBytes: Int {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: cacheDir.path)) ?? []
            return names.reduce(0) { total, name in
                total + ((try? FileManager.default.attributesOfItem(atPath: cacheDir.file(name))[.size] as? Int) ?? 0)
            }
        }

        func cleanup() {
            dir.cleanup()
            cacheDir.cleanup()
        }
    }

    func reason(_ body: () throws -> Void) -> String {
        do { try body(); return "no error" } catch { return "\(error)" }
    }

    @Test func manifestsThatAreNoBookAreRefusedWithTheirReason() throws {
        let h = try Harness()
        defer { h.cleanup() }
        let notJSON = reason { _ = try h.open("notjson") }
        #expect(notJSON.contains("the manifest is not valid JSON at byte 0"), "\(notJSON)")
        let notIIIF = reason { _ = try h.open("notiiif") }
        #expect(notIIIF.contains("not a IIIF Presentation 2 or 3 manifest"), "\(notIIIF)")
        let huge = reason { _ = try h.open("huge") }
        #expect(huge.contains("the manifest has 100000 canvases; Recto reads books of at most 10000"), "\(huge)")
        let gone = reason { _ = try h.open("404") }
        #expect(gone == "no error", "the good book under a misbehaving tile server opens: \(gone)")
        let missing = reason { _ = try IIIFSource(location: h.server.url("ok", "nowhere.json"), limits: .standard, fetcher: h.fetcher, network: Self.network) }
        #expect(missing.contains("the server answered HTTP 404"), "\(missing)")
        #expect(h.diskBytes <= Self.diskBound)
    }

    @Test func canvasesClaimingAGigapixelAndOtherSchemesArePlaceholdersAndTheRestReads() throws {
        let h = try Harness()
        defer { h.cleanup() }
        // Canvas 1's service claims 10⁹ × 10⁹; canvas 2 claims as much but its image is 30 × 40 and shows.
        let giant = try h.cache("giant")
        giant.want([1, 2], visibleCount: 2)
        var events: [PageEvent] = []
        try collect(giant, into: &events, until: { (readyPages($0) + failedPages($0)).count == 2 })
        #expect(readyPages(events) == [2], "\(summary(events))")
        #expect(Self.failures(events, page: 1).count == 1)
        #expect(Self.failures(events, page: 1).first?.contains("it claims 1000000000×1000000000 pixels") == true, "\(summary(events))")
        #expect(giant.statistics.peakBytes <= giant.statistics.budgetBytes)

        let schemes = try h.cache("schemes")
        schemes.want([1, 2, 3, 4], visibleCount: 4)
        events = []
        try collect(schemes, into: &events, until: { (readyPages($0) + failedPages($0)).count == 4 })
        #expect(readyPages(events) == [4], "\(summary(events))")
        for (page, scheme) in [(1, "ftp"), (2, "data"), (3, "gopher")] {
            let said = Self.failures(events, page: page)
            #expect(said.count == 1 && said[0].contains(#"the URL scheme "\#(scheme)" is not read"#), "page \(page): \(said)")
        }
        // Asked again (a turn back): nothing is said twice.
        schemes.want([3, 2, 1, 4], visibleCount: 4)
        let again = try Self.settle(schemes, page: 4)
        #expect(failedPages(again).isEmpty, "\(summary(again))")
    }

    /// The finest level's tiles misbehave: the page at rest (coarse tiles) shows; three views at 1:1 fail, said
    /// once with the reason; the page is never failed; a coarse view still comes; the budgets hold.
    @Test(arguments: [
        ("404", "the server answered HTTP 404"),
        ("stall", "timed out"),
        ("trickle", "timed out"),
        ("loop", "too many redirects"),
        ("ftp", "only http, https and file URLs are read"),
        ("wrongsize", "info.json says"),
        ("bomb", "is not an image of 64×64"),
        ("gzipbomb", "larger than 16 MB"),
    ])
    func finestTilesMisbehavingLeaveThePageAtItsCoarserLevel(mode: String, expected: String) throws {
        let h = try Harness()
        defer { h.cleanup() }
        let cache = try h.cache(mode)
        cache.want([1, 2], visibleCount: 2)
        var events: [PageEvent] = []
        try collect(cache, into: &events, until: { readyPages($0).sorted() == [1, 2] })
        for rect in [PixelRect(x: 10, y: 10, width: 100, height: 100), PixelRect(x: 200, y: 100, width: 80, height: 80),
                     PixelRect(x: 300, y: 150, width: 100, height: 100)] {
            let before = Self.regions(events, page: 2)
            cache.requestRegion(page: 1, rect: rect, outputSize: PixelSize(width: rect.width, height: rect.height))
            // A region of the plain page 2 after it: with one worker, its arrival means page 1's view was tried.
            cache.requestRegion(page: 2, rect: PixelRect(x: 0, y: 0, width: 10, height: 10), outputSize: PixelSize(width: 10, height: 10))
            try collect(cache, into: &events, until: { Self.regions($0, page: 2) > before })
        }
        let said = events.compactMap { if case let .regionFailed(1, message) = $0 { message } else { nil } }
        #expect(said.count == 1, "\(mode): said \(said.count) times: \(said)")
        #expect(said.first?.contains(expected) == true, "\(mode): \(said)")
        // Views with more than a few fine tiles show a coarser level first (a preview smaller than asked for); no
        // view is ever sharp.
        #expect(Self.regions(events, page: 1, sharp: true) == 0, "\(mode): \(summary(events))")
        #expect(Self.regions(events, page: 1, sharp: false) >= 1, "\(mode): no coarse preview: \(summary(events))")
        #expect(failedPages(events).isEmpty, "\(mode): the page stays at its coarser level: \(summary(events))")
        #expect(h.server.requests(containing: "/\(mode)/scan/") > 0)
        // A view the coarse levels can make still comes.
        cache.requestRegion(page: 1, rect: PixelRect(x: 0, y: 0, width: 500, height: 300), outputSize: PixelSize(width: 125, height: 75))
        try collect(cache, into: &events, until: { Self.regions($0, page: 1, sharp: true) == 1 })
        let stats = cache.statistics
        #expect(stats.peakBytes <= stats.budgetBytes, "\(mode): \(stats)")
        #expect(h.diskBytes <= Self.diskBound, "\(mode): disk cache \(h.diskBytes) bytes")
    }

    /// Every image of the scan's service misbehaves: page 1 is a placeholder with the reason, said once; page 2
    /// (a plain image on the same server) reads.
    @Test(arguments: [("all-404", "the server answered HTTP 404"), ("all-trickle", "timed out"),
                      ("all-gzipbomb", "larger than 16 MB"), ("all-loop", "too many redirects")])
    func aServiceWhoseImagesAllFailIsAPlaceholderPage(mode: String, expected: String) throws {
        let h = try Harness()
        defer { h.cleanup() }
        let cache = try h.cache(mode)
        cache.want([1, 2], visibleCount: 2)
        var events: [PageEvent] = []
        try collect(cache, into: &events, until: { (readyPages($0) + failedPages($0)).count == 2 })
        #expect(readyPages(events) == [2], "\(mode): \(summary(events))")
        let said = Self.failures(events, page: 1)
        #expect(said.count == 1 && said[0].contains(expected), "\(mode): \(said)")
        // Wanted again (a turn there and back): not fetched or said again.
        cache.want([2, 1], visibleCount: 2)
        let again = try Self.settle(cache, page: 2)
        #expect(failedPages(again).isEmpty, "\(summary(again))")
        #expect(cache.statistics.peakBytes <= cache.statistics.budgetBytes)
    }

    /// A view whose tile fetch hangs (the server never answers, the time-outs a minute away) is abandoned while it
    /// hangs once the view is gone: the zoom ends, or a newer view elsewhere on the page. With one worker, the
    /// plain page's region asked after it can only come once the stalled fetch let go.
    @Test func aStalledTileIsAbandonedWhenItsViewIsGone() throws {
        let h = try Harness()
        defer { h.cleanup() }
        let patient = FetchLimits(connectTimeoutMilliseconds: 10_000, totalTimeoutMilliseconds: 120_000,
                                  lowSpeedBytesPerSecond: 1, lowSpeedSeconds: 120)
        let book = try IIIFSource(location: h.server.url("stall"), limits: .standard, fetcher: h.fetcher, network: patient)
        let cache = PageCache(source: PageSource(book), configuration: .init(budgetBytes: Self.budget, threads: 1,
                                                                              fitting: PixelSize(width: 100, height: 100)))
        cache.want([1, 2], visibleCount: 2)
        var events: [PageEvent] = []
        try collect(cache, into: &events, until: { readyPages($0).sorted() == [1, 2] })
        for (n, leave) in [(1, "zoom ended"), (2, "a view elsewhere")] {
            let stalled = h.server.requests(containing: "/stall/scan/")
            cache.requestRegion(page: 1, rect: PixelRect(x: 0, y: 0, width: 60, height: 60), outputSize: PixelSize(width: 60, height: 60))
            // Wait (a hang guard) until the worker's fetch is at the server.
            let deadline = ContinuousClock.now + .seconds(30)
            while h.server.requests(containing: "/stall/scan/") == stalled, ContinuousClock.now < deadline {
                Thread.sleep(forTimeInterval: 0.05)
            }
            #expect(h.server.requests(containing: "/stall/scan/") > stalled, "view \(n): no tile asked for")
            if n == 1 {
                cache.endRegions()
            } else {
                // The far corner: none of the stalled tile's pixels. It stalls too, then the zoom ends.
                cache.requestRegion(page: 1, rect: PixelRect(x: 400, y: 200, width: 60, height: 60), outputSize: PixelSize(width: 60, height: 60))
                let asked = h.server.requests(containing: "/stall/scan/")
                while h.server.requests(containing: "/stall/scan/") == asked, ContinuousClock.now < deadline {
                    Thread.sleep(forTimeInterval: 0.05)
                }
                cache.endRegions()
            }
            let before = Self.regions(events, page: 2)
            cache.requestRegion(page: 2, rect: PixelRect(x: 0, y: 0, width: 10, height: 10), outputSize: PixelSize(width: 10, height: 10))
            try collect(cache, into: &events, until: { Self.regions($0, page: 2) > before })
            #expect(!events.contains { if case .regionFailed(1, _) = $0 { true } else { false } }, "\(leave): a view abandoned is no failure")
        }
    }

    /// Waits for a region of the good `page`, asked after everything else: with one worker, the cache has then
    /// done whatever it was going to do. Returns the events meanwhile.
    static func settle(_ cache: PageCache, page: Int) throws -> [PageEvent] {
        cache.requestRegion(page: page, rect: PixelRect(x: 0, y: 0, width: 10, height: 10), outputSize: PixelSize(width: 10, height: 10))
        var events: [PageEvent] = []
        try collect(cache, into: &events, until: { regions($0, page: page) > 0 })
        return events
    }

    static func failures(_ events: [PageEvent], page: Int) -> [String] {
        events.compactMap { if case let .failed(p, message) = $0, p == page { message } else { nil } }
    }

    static func regions(_ events: [PageEvent], page: Int) -> Int {
        events.filter { if case let .region(p, _, _) = $0 { p == page } else { false } }.count
    }

    /// Regions of `page` made at the size asked for (`sharp`; these tests ask 1:1, or 125 × 75 for the whole
    /// page) or smaller (a coarse preview).
    static func regions(_ events: [PageEvent], page: Int, sharp: Bool) -> Int {
        events.filter {
            guard case let .region(p, rect, image) = $0, p == page else { return false }
            let asked = rect.width == 500 ? PixelSize(width: 125, height: 75) : PixelSize(width: rect.width, height: rect.height)
            return (image.size == asked) == sharp
        }.count
    }
}
