import Pages
import Decoding
import FoundationEssentials
import Geometry
import Posix
import Glibc

/// Decodes pages on a small pool of worker threads and hands results back through a pipe the caller polls, so
/// the caller's thread (the Wayland loop) never waits on a decode.
///
/// Use from one thread (the caller's): `want` the pages needed, most urgent first, whenever the view changes;
/// when `fd` is readable, `drain()` and act on the events; report texture bytes with `noteTexture` /
/// `noteTextureReleased`. The cache keeps CPU images, full-resolution images for zoom, and the reported texture
/// bytes together within `budgetBytes`, evicting the least recently used (textures through `.evict` events);
/// pages in the current `want` list are never evicted. Only the most urgent work is ever started: a worker
/// takes the next job from the current `want` list when it becomes free, so requests that went stale are
/// simply never run.
public final class PageCache: Sendable {
    public struct Configuration: Sendable {
        /// Bound on CPU images + full-resolution images + reported texture bytes. Default 256 MiB.
        public var budgetBytes: Int
        /// When set, the bound is this many pages at what a page's texture really costs here (the mean of the
        /// reported texture bytes; before any, an image filling `fitting`), at most `budgetBytes`. Default nil.
        public var budgetPages: Int?
        /// Worker threads. Default 2.
        public var threads: Int
        /// Each page is decoded to fit this box (aspect kept, never enlarged), e.g. the window's buffer size per
        /// page. Default 2048×2048.
        public var fitting: PixelSize
        /// GL_MAX_TEXTURE_SIZE: display images never exceed it on either side. Default 4096.
        public var maxTextureSize: Int
        /// Decode limits (pixels, dimensions), checked before allocation.
        public var limits: DecodeLimits
        /// Persistent store of display-sized pages, nil for none. A wanted page found there for the current
        /// fitting box is delivered without reading or decoding its file (on a worker, like a decode); every
        /// display decode is stored there after it is delivered. Regions and full-resolution images never are.
        public var diskCache: DiskCache?

        public init(budgetBytes: Int = 256 << 20, budgetPages: Int? = nil, threads: Int = 2,
                    fitting: PixelSize = PixelSize(width: 2048, height: 2048), maxTextureSize: Int = 4096,
                    limits: DecodeLimits = .standard, diskCache: DiskCache? = nil) {
            self.budgetBytes = budgetBytes
            self.budgetPages = budgetPages.map { max(1, $0) }
            self.threads = threads
            self.fitting = fitting
            self.maxTextureSize = maxTextureSize
            self.limits = limits
            self.diskCache = diskCache
        }
    }

    /// Byte accounting and counters, for tests and the bench.
    public struct Statistics: Sendable, Equatable {
        /// The bound in force (with `budgetPages`, what that many pages cost now).
        public var budgetBytes: Int
        /// CPU + full + texture + reserved (in-flight decodes) bytes now.
        public var usedBytes: Int
        /// Highest `usedBytes` so far. Exceeds the budget only if the visible pages alone do.
        public var peakBytes: Int
        public var cpuBytes: Int
        public var fullBytes: Int
        public var textureBytes: Int
        /// Display images decoded from page files (disk-cache hits are not decodes).
        public var decodes: Int
        /// Display images delivered from the disk cache.
        public var diskHits: Int
        public var fullDecodes: Int
        public var failures: Int
        public var evictions: Int
    }

    /// Readable end of the result pipe (non-blocking, close-on-exec): add it to the poll set, `drain()` when
    /// readable. Valid until the cache is released.
    public let fd: Int32
    private let core: CacheCore

    public init(source: PageSource, configuration: Configuration = Configuration()) {
        core = CacheCore(source: source, configuration: configuration)
        fd = core.wakeup.fd
        for _ in 0..<max(1, configuration.threads) {
            let core = self.core
            startThread(name: "recto.pages") { core.work() }
        }
    }

    deinit { core.stop() }

    /// The source pages are read from.
    public var source: PageSource { core.locked { _ in core.source } }

    /// The pages needed, most urgent first (e.g. the current spread, then ±1, ±2 spreads). The first
    /// `visibleCount` are on screen: decoded first and even when the budget is short. Replaces the previous list;
    /// pages dropped from it become evictable and their pending decodes are never started. Out-of-range pages
    /// are ignored. Pages already decoded but not yet delivered are delivered at once.
    public func want(_ pages: [Int], visibleCount: Int = 2) {
        core.update { $0.want(pages, visibleCount: visibleCount) }
    }

    /// Sets the box pages are decoded to fit (capped by the texture limit). Pages held smaller than the new box
    /// calls for are decoded again when wanted (a new `.ready` follows); larger ones are kept.
    public func setFitting(_ size: PixelSize) {
        let bounds = core.capped(size)
        core.update { $0.setBounds(bounds) }
    }

    /// Changes the byte budget (with `budgetPages`, its cap); evicts at once if it shrank.
    public func setBudget(_ bytes: Int) {
        core.update { $0.setBudget(bytes) }
    }

    /// The caller now holds `bytes` of GPU texture for `page` (replacing what it reported before; include a zoom
    /// region's texture here too). The cache's CPU copy of a delivered image is dropped at this point.
    public func noteTexture(page: Int, bytes: Int) {
        core.update { $0.noteTexture(page: page, bytes: bytes) }
    }

    /// The newest image the cache holds for `page` and the renderer has not taken yet: the one `.ready` delivered
    /// (or one decoded again since, sharper), or a placeholder given with `holdPlaceholder`. The cache keeps it until
    /// `noteTexture` says the renderer took it, so the CPU-drawn frames before the GL read it here and no one else
    /// keeps a copy. Nil when there is none, or it was evicted (then `.evict` said so).
    public func deliveredImage(of page: Int) -> RGBAImage? {
        core.locked { state in state.slots[page]?.cpu }
    }

    /// Keeps `image` (a failed page's placeholder) as `page`'s delivered image until it is uploaded, counted
    /// against the budget like a decoded page.
    public func holdPlaceholder(page: Int, image: RGBAImage) {
        core.update { $0.holdPlaceholder(page: page, image: image) }
    }

    /// The caller released `page`'s texture (not needed after `.evict`).
    public func noteTextureReleased(page: Int) {
        core.update { $0.noteTextureReleased(page: page) }
    }

    /// Asks for source pixels `rect` of `page` (in the file's own pixel space: see `.ready`'s `sourceSize`)
    /// resampled to `outputSize`, delivered as `.region`. The page is decoded at full resolution once and kept
    /// (within the budget, evictable) while regions are requested; a newer request for the same page replaces a
    /// pending one. If the full image cannot fit the budget it is decoded, cut and dropped each time.
    public func requestRegion(page: Int, rect: PixelRect, outputSize: PixelSize) {
        guard outputSize.width >= 1, outputSize.height >= 1, rect.width >= 1, rect.height >= 1 else { return }
        core.update { state in
            guard page >= 1 && page <= state.pageCount else { return }
            state.requestRegion(RegionRequest(page: page, rect: rect, output: outputSize))
        }
    }

    /// Zoom ended: drops pending region requests and every full-resolution image.
    public func endRegions() {
        core.update { $0.endRegions() }
    }

    /// Switches to `newSource` (e.g. `source.reloaded()` after the book changed on disk). Failed pages are tried
    /// again; pages whose identity changed, or that no longer exist, are decoded afresh when wanted (textures of
    /// pages past the new end are evicted); unchanged pages keep what they have.
    public func replaceSource(_ newSource: PageSource) {
        let known = core.locked { state in state.slots.compactMap { page, slot in slot.identity.map { (page, $0) } } }
        var stale = Set<Int>()
        for (page, identity) in known where page <= newSource.pageCount {
            if (try? newSource.identity(of: page)) != identity { stale.insert(page) }
        }
        core.update { state in
            core.source = newSource
            state.replaceSource(pageCount: newSource.pageCount, stale: stale)
        }
    }

    /// Takes every event since the last call, in order. Call when `fd` is readable; cheap when nothing is pending.
    public func drain() -> [PageEvent] {
        core.wakeup.drain()
        return core.locked { state in
            state.signalled = false
            defer { state.events.removeAll() }
            return state.events
        }
    }

    public var statistics: Statistics {
        core.locked { s in
            Statistics(budgetBytes: s.effectiveBudget, usedBytes: s.usedBytes, peakBytes: s.peakBytes, cpuBytes: s.cpuBytes,
                       fullBytes: s.fullBytes, textureBytes: s.textureBytes, decodes: s.decodes,
                       diskHits: s.diskHits, fullDecodes: s.fullDecodes, failures: s.failures, evictions: s.evictions)
        }
    }
}
