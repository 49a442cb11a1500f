@testable import Caching
import Decoding
import Geometry
@testable import Pages
import Testing

/// The page cache's byte accounting, driven directly (no workers, no files).
@Suite struct CacheBudgetTests {
    static let bounds = PixelSize(width: 100, height: 100)

    /// `page` decoded and, being wanted, delivered: what the cache holds until the caller uploads it.
    static func decode(_ state: inout CacheState, page: Int, size: PixelSize = PixelSize(width: 50, height: 100)) {
        _ = state.nextJob()
        state.displayDecoded(page: page, image: RGBAImage(width: size.width, height: size.height, fill: (255, 255, 255, 255)),
                             sourceSize: size, identity: .file(FileIdentity(device: 0, inode: UInt64(page), size: 0, modifiedNanoseconds: 0)), generation: 0)
    }

    static func evicted(_ state: CacheState) -> [Int] { evictedPages(state.events) }

    static func evictedPages(_ events: [PageEvent]) -> [Int] {
        events.compactMap { if case .evict(let page) = $0 { return page } else { return nil } }
    }

    @Test func anUploadedPageKeepsNoCopyOfItsImage() {
        var state = CacheState(budget: 1 << 30, bounds: Self.bounds, pageCount: 10)
        state.want([1], visibleCount: 1)
        Self.decode(&state, page: 1)
        #expect(state.events.count == 1 && state.cpuBytes == 50 * 100 * 4)
        state.noteTexture(page: 1, bytes: 50 * 100 * 4 * 4 / 3)  // with its mip chain
        #expect(state.cpuBytes == 0 && state.slots[1]?.cpu == nil)
        #expect(state.usedBytes == 50 * 100 * 4 * 4 / 3)
        // The page counts as held: wanted again, it is neither decoded nor delivered again.
        state.want([1], visibleCount: 1)
        #expect(state.nextJob() == nil && state.events.count == 1)
    }

    @Test func aBudgetInPagesFollowsWhatTheTexturesReallyCost() {
        var state = CacheState(budget: 1 << 30, budgetPages: 3, bounds: Self.bounds, pageCount: 10)
        // Before any texture: an image filling the box.
        #expect(state.effectiveBudget == 3 * 100 * 100 * 4)
        state.want([5], visibleCount: 1)
        for page in 1...5 { state.noteTexture(page: page, bytes: 5000) }
        #expect(state.effectiveBudget == 15_000)
        #expect(Self.evicted(state) == [1, 2])  // least recently used first; the wanted page stays
        #expect(state.texturedPages == 3 && state.usedBytes == 15_000)
        // Larger textures (a bigger window) raise the cost of a page, and the budget with it.
        state.noteTexture(page: 6, bytes: 11_000)
        #expect(Self.evicted(state) == [1, 2, 3])
        #expect(state.effectiveBudget == 3 * (5000 + 5000 + 11_000) / 3 && state.usedBytes == 21_000)
        // With every texture gone the last one still tells what a page costs, not the (larger) box.
        state.want([], visibleCount: 0)
        state.setBudget(0)
        #expect(state.texturedPages == 0 && state.effectiveBudget == 0)
        state.setBudget(1 << 30)
        #expect(state.effectiveBudget == 3 * 11_000)
    }

    @Test func aPageCacheConfiguredInPagesKeepsThatManyTextures() throws {
        let texture = 40 * 50 * 4 * 4 / 3
        let fake = try PageCacheTests.book(6)
        let cache = PageCache(source: PageSource(fake), configuration: PageCache.Configuration(budgetPages: 2, threads: 1))
        var events: [PageEvent] = []
        for page in 1...6 {
            cache.want([page], visibleCount: 1)
            try collect(cache, into: &events, onEvent: { event in
                if case .ready(let page, _, _) = event { cache.noteTexture(page: page, bytes: texture) }
            }, until: { readyPages($0).contains(page) })
            let stats = cache.statistics
            #expect(stats.budgetBytes == 2 * texture && stats.usedBytes <= 2 * texture && stats.cpuBytes == 0)
        }
        #expect(Self.evictedPages(events) == [1, 2, 3, 4])
    }

    @Test func theByteBudgetCapsABudgetInPages() {
        var state = CacheState(budget: 12_000, budgetPages: 3, bounds: Self.bounds, pageCount: 10)
        state.want([4], visibleCount: 1)
        for page in 1...4 { state.noteTexture(page: page, bytes: 5000) }
        #expect(state.effectiveBudget == 12_000)
        #expect(Self.evicted(state) == [1, 2] && state.usedBytes == 10_000)
    }

    @Test func prefetchIsDeferredOnceThePagesInTheBudgetAreHeld() {
        var state = CacheState(budget: 1 << 30, budgetPages: 2, bounds: Self.bounds, pageCount: 10)
        state.want([1, 2, 3], visibleCount: 1)
        for page in 1...2 {
            Self.decode(&state, page: page)
            state.noteTexture(page: page, bytes: 50 * 100 * 4)
        }
        _ = state.nextJob()
        // The third page would go past two pages' worth: a prefetch waits, a page on screen never does.
        #expect(state.reserveDisplay(page: 3, bytes: 50 * 100 * 4, generation: 0) == .deferred)
        state.want([3, 1, 2], visibleCount: 1)
        _ = state.nextJob()
        #expect(state.reserveDisplay(page: 3, bytes: 50 * 100 * 4, generation: 0) == .granted)
    }
}
