@testable import Caching
import Decoding
import Geometry
@testable import Pages
import Testing

/// The page cache is the one owner of a decoded page image until the renderer takes it on upload: the CPU-drawn
/// frames before the GL read it from the cache, and no one else keeps a copy.
@Suite struct DeliveredImageTests {
    @Test func theCacheKeepsADeliveredImageUntilItIsUploaded() throws {
        let cache = PageCache(source: PageSource(try PageCacheTests.book(3)), configuration: PageCacheTests.config(threads: 1))
        var events: [PageEvent] = []
        cache.want([1, 2], visibleCount: 2)
        try collect(cache, into: &events) { Set(readyPages($0)) == [1, 2] }
        let image = try #require(cache.deliveredImage(of: 1))
        guard case .ready(_, let delivered, _)? = events.first(where: { if case .ready(1, _, _) = $0 { true } else { false } }) else {
            Issue.record("no .ready for page 1")
            return
        }
        #expect(image == delivered)
        #expect(cache.deliveredImage(of: 3) == nil)  // not wanted, never decoded
        // Uploaded: the renderer has it now, the cache lets go of its pixels and counts the texture instead.
        cache.noteTexture(page: 1, bytes: 1000)
        #expect(cache.deliveredImage(of: 1) == nil && cache.deliveredImage(of: 2) != nil)
        #expect(cache.statistics.cpuBytes == 40 * 50 * 4 && cache.statistics.textureBytes == 1000)
    }

    @Test func aPlaceholderIsHeldLikeADecodedPageUntilUploaded() {
        var state = CacheState(budget: 1 << 30, bounds: PixelSize(width: 100, height: 100), pageCount: 4)
        state.want([2], visibleCount: 1)
        let placeholder = RGBAImage(width: 30, height: 40, fill: (200, 200, 200, 255))
        state.holdPlaceholder(page: 2, image: placeholder)
        #expect(state.slots[2]?.delivered == true && state.slots[2]?.cpu == placeholder && state.cpuBytes == 30 * 40 * 4)
        state.noteTexture(page: 2, bytes: 500)
        #expect(state.slots[2]?.cpu == nil && state.cpuBytes == 0 && state.textureBytes == 500)
    }

    @Test func aReleasedPlaceholderIsDroppedAndADecodedImageStaysToBeDeliveredAgain() {
        var state = CacheState(budget: 1 << 30, bounds: CacheBudgetTests.bounds, pageCount: 4)
        state.want([1], visibleCount: 1)
        CacheBudgetTests.decode(&state, page: 1)
        state.noteTextureReleased(page: 1)
        #expect(state.slots[1]?.cpu != nil && state.slots[1]?.delivered == false)
        state.events.removeAll()
        state.want([1], visibleCount: 1)
        #expect(readyPages(state.events) == [1])

        state.slots[3, default: PageSlot()].failure = "not an image"
        state.holdPlaceholder(page: 3, image: RGBAImage(width: 10, height: 10, fill: (0, 0, 0, 255)))
        state.noteTextureReleased(page: 3)
        #expect(state.slots[3]?.cpu == nil && state.cpuBytes == 50 * 100 * 4)
    }

    /// A page decoded again while not wanted (a larger box) is not delivered again, yet the caller still counts on
    /// the page: the newer image stands in for the delivered one, and evicting it is said.
    @Test func anImageDecodedAgainStandsInForTheDeliveredOneAndItsEvictionIsSaid() {
        var state = CacheState(budget: 1 << 30, bounds: CacheBudgetTests.bounds, pageCount: 4)
        state.want([1], visibleCount: 1)
        CacheBudgetTests.decode(&state, page: 1)
        state.want([2], visibleCount: 1)
        CacheBudgetTests.decode(&state, page: 1, size: PixelSize(width: 60, height: 100))
        #expect(state.slots[1]?.delivered == false && state.slots[1]?.cpu?.width == 60)
        state.events.removeAll()
        state.setBudget(0)
        #expect(CacheBudgetTests.evicted(state) == [1] && state.slots[1]?.cpu == nil)
    }
}
