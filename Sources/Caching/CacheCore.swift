import Pages
import Decoding
import FoundationEssentials
import Geometry
import Posix
import Glibc

/// The shared half of `PageCache`: the lock-guarded state, the result pipe and the worker loop. Workers keep it
/// alive until they notice `stop()`, so releasing a `PageCache` never waits for a decode to finish.
final class CacheCore: @unchecked Sendable {
    // @unchecked: `state` and `source` are read and written only with `condition` locked; the rest is immutable.
    /// Made readable when events wait for the loop (`PageCache.fd`, `drain()`).
    let wakeup = WakePipe()
    private let condition = Condition()
    private var state: CacheState
    var source: PageSource
    private let limits: DecodeLimits
    private let maxTextureSize: Int
    let diskCache: DiskCache?

    init(source: PageSource, configuration: PageCache.Configuration) {
        self.source = source
        limits = configuration.limits
        maxTextureSize = max(1, configuration.maxTextureSize)
        diskCache = configuration.diskCache
        state = CacheState(budget: max(0, configuration.budgetBytes), budgetPages: configuration.budgetPages,
                           bounds: PixelSize(width: 1, height: 1), pageCount: source.pageCount)
        state.bounds = capped(configuration.fitting)
    }

    func capped(_ size: PixelSize) -> PixelSize {
        PixelSize(width: max(1, min(size.width, maxTextureSize)), height: max(1, min(size.height, maxTextureSize)))
    }

    /// Runs `body` with the state locked.
    func locked<R>(_ body: (inout CacheState) -> R) -> R {
        condition.lock()
        defer { condition.unlock() }
        return body(&state)
    }

    /// Runs `body` with the state locked, then wakes idle workers and, when events are waiting that the caller
    /// has not been told about, writes one byte to the pipe (one byte per drain, so the pipe never fills).
    @discardableResult
    func update<R>(_ body: (inout CacheState) -> R) -> R {
        condition.lock()
        let result = body(&state)
        let notify = !state.events.isEmpty && !state.signalled
        if notify { state.signalled = true }
        condition.broadcast()
        condition.unlock()
        if notify { wakeup.wake() }
        return result
    }

    func stop() {
        condition.lock()
        state.stopping = true
        condition.broadcast()
        condition.unlock()
    }

    /// A worker thread's life: take the most urgent job, run it unlocked, repeat until stopped.
    func work() {
        // Decoding must never take the cores from the thread that draws (on a software renderer the frame
        // itself runs on them): on Linux a thread's nice value is its own, and setpriority(0) means this thread.
        // Except a first job that is a page on screen: at start-up that is the first spread, which the first
        // frame waits for with nothing drawn yet, so it must not yield to other programs either.
        var lowered = false
        func lower() {
            guard !lowered else { return }
            lowered = true
            Self.lowerPriority()
        }
        while true {
            condition.lock()
            var job: CacheJob?
            while !state.stopping {
                job = state.nextJob()
                if job != nil { break }
                condition.wait()
            }
            let source = self.source
            var onScreen = false
            if case .display(let page, _, _) = job { onScreen = state.wanted.prefix(state.visibleCount).contains(page) }
            condition.unlock()
            guard let job else { return }
            if !onScreen { lower() }
            switch job {
            case .display(let page, let bounds, let generation):
                display(page: page, bounds: bounds, generation: generation, source: source)
            case .full(let page, let generation, let epoch):
                full(page: page, generation: generation, epoch: epoch, source: source)
            case .cut(let page, let image, let requests, let generation):
                let results = cut(image, requests)
                update { $0.regionsCut(page: page, results: results, generation: generation) }
            }
            lower()
        }
    }

    /// This thread yields to every other of the program (setpriority(0) is the calling thread on Linux).
    private static func lowerPriority() {
        _ = systemCall { setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, 10) }
    }

    private func display(page: Int, bounds: PixelSize, generation: Int, source: PageSource) {
        if let diskCache, fromDisk(diskCache, page: page, bounds: bounds, generation: generation, source: source) {
            return
        }
        if let renderer = source.renderer(of: page) {
            return render(renderer, page: page, bounds: bounds, generation: generation)
        }
        var reserved = 0
        do throws(PageError) {
            let contents = try source.contents(of: page)
            let info = try header(contents.bytes, name: source.name(of: page))
            let fitted = info.size.width >= 1 && info.size.height >= 1
                ? info.size.fitting(within: bounds) : PixelSize(width: 1, height: 1)
            let bytes = fitted.width * fitted.height * 4
            guard reserveDisplay(page: page, bytes: bytes, generation: generation) else { return }
            reserved = bytes
            let image: RGBAImage
            do { image = try ImageDecoder.decode(contents.bytes, limits: limits, fitting: bounds) } catch {
                throw .decode(name: source.name(of: page), error)
            }
            update { state in
                state.release(reserved)
                state.displayDecoded(page: page, image: image, sourceSize: info.size, identity: contents.identity,
                                     generation: generation)
            }
            // After the delivery, so the page is not kept waiting for the write, and at low priority, so the
            // write takes no core from the first frame being drawn (or from the spread's other page).
            if diskCache != nil { Self.lowerPriority() }
            diskCache?.store(image, sourceSize: info.size, identity: contents.identity, fitting: bounds)
        } catch {
            update { state in
                state.release(reserved)
                state.failed(page: page, message: error.description, generation: generation)
            }
        }
    }

    /// Delivers `page` from the disk cache when it holds the page's current identity for `bounds`; false means
    /// decode it instead. The identity comes from a `stat` (or the archive's directory): no page bytes are read.
    private func fromDisk(_ disk: DiskCache, page: Int, bounds: PixelSize, generation: Int, source: PageSource) -> Bool {
        guard let identity = try? source.identity(of: page), let entry = disk.load(identity, fitting: bounds) else {
            return false
        }
        let size = entry.sourceSize
        // The limits may be tighter than when the entry was written: then the decode path refuses the page.
        // Rendered pages are drawn at the size asked for: their source size is not decoded.
        let rendered = source.renderer(of: page) != nil
        guard rendered || (size.width <= limits.maxDimension && size.height <= limits.maxDimension
                           && size.width <= limits.maxPixels / size.height) else { return false }
        update { state in
            switch state.reserveDisplay(page: page, bytes: entry.image.pixels.count, generation: generation) {
            case .granted:
                state.release(entry.image.pixels.count)
                state.displayDecoded(page: page, image: entry.image, sourceSize: size, identity: identity,
                                     generation: generation, fromDisk: true)
            case .deferred: break
            case .stale: state.cancelled(page: page)
            }
        }
        return true
    }

    /// Reserves `bytes` for a display image of `page`; false when the page was deferred or went stale.
    func reserveDisplay(page: Int, bytes: Int, generation: Int) -> Bool {
        switch locked({ $0.reserveDisplay(page: page, bytes: bytes, generation: generation) }) {
        case .granted: return true
        case .deferred: return false
        case .stale:
            update { $0.cancelled(page: page) }
            return false
        }
    }

    private func full(page: Int, generation: Int, epoch: Int, source: PageSource) {
        if let renderer = source.renderer(of: page) {
            return renderRegions(renderer, page: page, generation: generation)
        }
        var reserved = 0
        do throws(PageError) {
            let contents = try source.contents(of: page)
            let info = try header(contents.bytes, name: source.name(of: page))
            let (w, h) = (info.size.width, info.size.height)
            // Only reserve for sizes the decoder will accept; anything else fails in decode without allocating.
            let plausible = w >= 1 && h >= 1 && w <= limits.maxDimension && h <= limits.maxDimension
                && w <= limits.maxPixels / h
            let bytes = plausible ? w * h * 4 : 0
            let keep = plausible && locked { $0.reserveFull(bytes: bytes) }
            if keep { reserved = bytes }
            let image: RGBAImage
            do { image = try ImageDecoder.decode(contents.bytes, limits: limits) } catch {
                throw .decode(name: source.name(of: page), error)
            }
            let requests = update { state in
                state.release(reserved)
                return state.fullDecoded(page: page, image: image, sourceSize: info.size, keep: keep,
                                         generation: generation, epoch: epoch)
            }
            reserved = 0
            let results = cut(image, requests)
            update { $0.regionsCut(page: page, results: results, generation: generation) }
        } catch {
            update { state in
                state.release(reserved)
                state.failed(page: page, message: error.description, generation: generation)
            }
        }
    }

    private func header(_ bytes: [UInt8], name: String) throws(PageError) -> ImageInfo {
        do { return try ImageDecoder.info(bytes) } catch { throw .decode(name: name, error) }
    }

    private func cut(_ image: RGBAImage, _ requests: [RegionRequest]) -> [(PixelRect, RGBAImage)] {
        requests.compactMap { request in
            let rect = request.rect.clamped(to: image.size)
            guard rect.width >= 1 && rect.height >= 1 else { return nil }
            return (rect, image.region(rect, scaledTo: request.output))
        }
    }
}
