import Pages
import Decoding
import Geometry

struct RegionRequest: Sendable {
    let page: Int
    let rect: PixelRect
    let output: PixelSize
}

enum CacheJob: Sendable {
    case display(page: Int, bounds: PixelSize, generation: Int)
    case full(page: Int, generation: Int, epoch: Int)
    case cut(page: Int, image: RGBAImage, requests: [RegionRequest], generation: Int)
}

/// The cache's bookkeeping: which pages are wanted, what is held, the byte budget, least-recently-used
/// eviction, job selection and the event queue. No I/O and no threads: `PageCache` guards it with one lock.
struct CacheState {
    /// The byte bound, or with `budgetPages` its cap.
    var budget: Int
    /// When set, the bound is this many pages at what a page really costs (`pageCost`), capped by `budget`.
    var budgetPages: Int?
    var bounds: PixelSize
    var pageCount: Int
    var generation = 0
    /// Bumped by `endRegions`, so a full decode finishing afterwards is not kept.
    var regionEpoch = 0
    var wanted: [Int] = []
    var wantedSet: Set<Int> = []
    var visibleCount = 2
    var slots: [Int: PageSlot] = [:]
    var regions: [RegionRequest] = []
    /// The region job running for each page: stopped when its view is gone (see `RegionStop`).
    var regionStops: [Int: RegionStop] = [:]
    /// Pages whose region failure was reported, until a region of theirs is made.
    var regionFailures: Set<Int> = []
    var events: [PageEvent] = []
    var signalled = false
    var stopping = false
    private var tick: UInt64 = 0

    private(set) var cpuBytes = 0
    private(set) var textureBytes = 0
    /// Pages with reported texture bytes.
    private(set) var texturedPages = 0
    /// The last texture reported, for a page's cost while none is held.
    private(set) var lastTextureBytes = 0
    private(set) var fullBytes = 0
    private(set) var reservedBytes = 0
    private(set) var peakBytes = 0
    var decodes = 0, diskHits = 0, fullDecodes = 0, failures = 0, evictions = 0

    init(budget: Int, budgetPages: Int? = nil, bounds: PixelSize, pageCount: Int) {
        self.budget = budget
        self.budgetPages = budgetPages
        self.bounds = bounds
        self.pageCount = pageCount
    }

    var usedBytes: Int { cpuBytes + textureBytes + fullBytes + reservedBytes }

    // MARK: caller's requests

    mutating func want(_ pages: [Int], visibleCount: Int) {
        var seen = Set<Int>()
        wanted = pages.filter { $0 >= 1 && $0 <= pageCount && seen.insert($0).inserted }
        wantedSet = seen.intersection(wanted)
        self.visibleCount = max(0, visibleCount)
        // Most wanted = most recently used, so eviction order follows the caller's priorities.
        for page in wanted.reversed() { touch(page) }
        for page in wanted {
            deliverHeld(page)
            if let message = slots[page]?.failure, slots[page]?.failureHeld == false {
                slots[page]?.failureHeld = true
                events.append(.failed(page: page, message: message))
            }
        }
        clearDeferred()
    }

    mutating func noteTexture(page: Int, bytes: Int) {
        var slot = slots[page] ?? PageSlot()
        setTexture(&slot, bytes)
        if let cpu = slot.cpu, slot.delivered {
            // The caller uploaded what we delivered: our copy is no longer needed.
            cpuBytes -= cpu.pixels.count
            slot.cpu = nil
            slot.heldSize = cpu.size
        }
        slots[page] = slot
        touch(page)
        notePeak()
        _ = makeRoom(0)
    }

    mutating func holdPlaceholder(page: Int, image: RGBAImage) {
        setCPU(page, image)
        slots[page]?.delivered = true
        slots[page]?.heldSize = image.size
        touch(page)
        notePeak()
        _ = makeRoom(0)
    }

    mutating func noteTextureReleased(page: Int) {
        // A placeholder not yet uploaded goes with the page; a decoded image stays, to be delivered again.
        if slots[page]?.failure != nil { setCPU(page, nil) }
        guard var slot = slots[page] else { return }
        setTexture(&slot, 0)
        slot.heldSize = nil
        slot.delivered = false
        slot.failureHeld = false
        slots[page] = slot
        clearDeferred()
    }

    mutating func requestRegion(_ request: RegionRequest) {
        regionStops.removeValue(forKey: request.page)?.stop(newer: request.rect)
        regions.removeAll { $0.page == request.page }
        regions.append(request)
        tick += 1
        slots[request.page, default: PageSlot()].fullLastUse = tick
    }

    mutating func endRegions() {
        stopRegionJobs()
        regions.removeAll()
        regionEpoch += 1
        for page in Array(slots.keys) { setFull(page, nil) }
    }

    mutating func setBounds(_ bounds: PixelSize) {
        self.bounds = bounds
        clearDeferred()
    }

    mutating func setBudget(_ bytes: Int) {
        budget = max(0, bytes)
        _ = makeRoom(0)
        clearDeferred()
    }

    /// A new source: failures are forgotten; pages whose identity changed (`stale`) or that no longer exist are
    /// decoded afresh when wanted. In-flight jobs of the old generation are discarded when they finish.
    mutating func replaceSource(pageCount: Int, stale: Set<Int>) {
        stopRegionJobs()
        generation += 1
        self.pageCount = pageCount
        wanted = wanted.filter { $0 <= pageCount }
        wantedSet = Set(wanted)
        regions.removeAll { $0.page > pageCount || stale.contains($0.page) }
        for page in Array(slots.keys) {
            slots[page]?.failure = nil
            if page > pageCount || stale.contains(page) {
                setCPU(page, nil)
                setFull(page, nil)
                slots[page]?.sourceSize = nil
                slots[page]?.identity = nil
                slots[page]?.heldSize = nil
                slots[page]?.delivered = false
                if page > pageCount, let bytes = slots[page]?.textureBytes, bytes > 0 { evictTexture(page) }
            }
        }
        clearDeferred()
    }

    // MARK: job selection

    /// The most urgent job, marked in progress: visible pages, then regions, then the rest in wanted order.
    mutating func nextJob() -> CacheJob? {
        for page in wanted.prefix(visibleCount) where needsDisplay(page) { return startDisplay(page) }
        for request in regions {
            let page = request.page
            guard slots[page]?.failure == nil else {
                regions.removeAll { $0.page == page }
                return nextJob()
            }
            if let full = slots[page]?.full {
                let taken = regions.filter { $0.page == page }
                regions.removeAll { $0.page == page }
                return .cut(page: page, image: full, requests: taken, generation: generation)
            }
            if slots[page]?.decodingFull != true {
                slots[page, default: PageSlot()].decodingFull = true
                return .full(page: page, generation: generation, epoch: regionEpoch)
            }
        }
        for page in wanted.dropFirst(visibleCount) where needsDisplay(page) { return startDisplay(page) }
        return nil
    }

    private mutating func startDisplay(_ page: Int) -> CacheJob {
        slots[page, default: PageSlot()].decoding = true
        return .display(page: page, bounds: bounds, generation: generation)
    }

    func needsDisplay(_ page: Int) -> Bool {
        guard page >= 1 && page <= pageCount else { return false }
        let slot = slots[page] ?? PageSlot()
        guard slot.failure == nil, !slot.decoding, !slot.deferred else { return false }
        return !isSatisfied(slot)
    }

    /// Whether what the caller holds (or we hold for it) is at least as large as the current bounds call for.
    private func isSatisfied(_ slot: PageSlot) -> Bool {
        guard let source = slot.sourceSize else { return false }
        let needed = source.fitting(within: bounds)
        return [slot.cpu?.size, slot.heldSize].contains { have in
            guard let have else { return false }
            return needed.width <= have.width && needed.height <= have.height
        }
    }

    // MARK: worker results

    enum Reservation { case granted, deferred, stale }

    /// Reserves `bytes` for a display decode of `page`, evicting least-recently-used items as needed. Visible
    /// pages always get it (even past the budget: they must be shown); others are deferred when it will not fit;
    /// pages no longer wanted, or of an old source, are `.stale` and not decoded.
    mutating func reserveDisplay(page: Int, bytes: Int, generation: Int) -> Reservation {
        // Read but no longer wanted (the reader flipped on): skip the decode, the expensive part.
        guard generation == self.generation, wantedSet.contains(page) else { return .stale }
        let visible = wanted.prefix(visibleCount).contains(page)
        if !makeRoom(bytes, partial: visible) && !visible {
            slots[page]?.decoding = false
            slots[page]?.deferred = true
            return .deferred
        }
        reservedBytes += bytes
        notePeak()
        return .granted
    }

    /// Reserves room to keep a full-resolution image; false means decode it, cut, and drop it.
    mutating func reserveFull(bytes: Int) -> Bool {
        guard makeRoom(bytes, partial: false) else { return false }
        reservedBytes += bytes
        notePeak()
        return true
    }

    mutating func release(_ bytes: Int) { reservedBytes -= bytes }

    mutating func displayDecoded(page: Int, image: RGBAImage, sourceSize: PixelSize, identity: PageIdentity,
                                 generation: Int, fromDisk: Bool = false) {
        slots[page]?.decoding = false
        guard generation == self.generation else { return }
        if fromDisk { diskHits += 1 } else { decodes += 1 }
        setCPU(page, image)
        slots[page]?.sourceSize = sourceSize
        slots[page]?.identity = identity
        slots[page]?.delivered = false
        touch(page)
        if wantedSet.contains(page) { deliverHeld(page) }
        notePeak()
        _ = makeRoom(0)
    }

    /// A job that found its generation gone before starting.
    mutating func cancelled(page: Int) {
        slots[page]?.decoding = false
        slots[page]?.decodingFull = false
    }

    mutating func failed(page: Int, message: String, generation: Int) {
        slots[page]?.decoding = false
        slots[page]?.decodingFull = false
        guard generation == self.generation, slots[page]?.failure == nil else { return }
        slots[page, default: PageSlot()].failure = message
        slots[page]?.failureHeld = true
        regions.removeAll { $0.page == page }
        failures += 1
        events.append(.failed(page: page, message: message))
    }

    /// A full decode finished: keep it when `keep` and still current; returns the region requests to cut.
    mutating func fullDecoded(page: Int, image: RGBAImage, sourceSize: PixelSize, keep: Bool, generation: Int,
                              epoch: Int) -> [RegionRequest] {
        slots[page]?.decodingFull = false
        guard generation == self.generation else { return [] }
        fullDecodes += 1
        slots[page]?.sourceSize = sourceSize
        if keep && epoch == regionEpoch {
            setFull(page, image)
            notePeak()
        }
        let taken = regions.filter { $0.page == page }
        regions.removeAll { $0.page == page }
        return taken
    }

    mutating func regionsCut(page: Int, results: [(PixelRect, RGBAImage)], generation: Int) {
        guard generation == self.generation else { return }
        for (rect, image) in results { events.append(.region(page: page, rect: rect, image: image)) }
        if !results.isEmpty { regionFailures.remove(page) }
    }

    // MARK: budget

    /// Evicts least-recently-used items that are not protected until `extra` more bytes fit in the budget.
    /// Protected: everything of a wanted page except its full-resolution image, and full images with a pending
    /// region request. Returns false when even evicting all else would not make room.
    /// With `partial` false nothing is evicted when even evicting everything would not make room (a prefetch
    /// that will be deferred must not throw pages out for nothing); with `partial` true (something that must be
    /// kept anyway) as much as possible is evicted.
    mutating func makeRoom(_ extra: Int, partial: Bool = true) -> Bool {
        guard usedBytes + extra > effectiveBudget else { return true }
        if !partial && usedBytes + extra - evictableBytes() > effectiveBudget { return false }
        // A budget in pages moves with each texture evicted (the mean cost of a page): checked every time.
        while usedBytes + extra > effectiveBudget {
            guard let (page, kind) = victim() else { return false }
            switch kind {
            case 0:
                // An image the caller counts on and has no texture of (delivered, or decoded again since) is its
                // page until it is uploaded: it goes as a texture would.
                let announced = slots[page].map { $0.textureBytes == 0 && ($0.delivered || $0.heldSize != nil) } ?? false
                setCPU(page, nil)
                if announced { evictTexture(page) }
            case 1: evictTexture(page)
            default: setFull(page, nil)
            }
        }
        return true
    }

    private func evictableBytes() -> Int {
        var total = 0
        for (page, slot) in slots {
            let wanted = wantedSet.contains(page)
            if !wanted { total += (slot.cpu?.pixels.count ?? 0) + slot.textureBytes }
            if let full = slot.full, !regions.contains(where: { $0.page == page }) { total += full.pixels.count }
        }
        return total
    }

    /// The least recently used evictable item: (page, 0 = CPU image, 1 = texture, 2 = full image).
    private func victim() -> (Int, Int)? {
        var best: (use: UInt64, page: Int, kind: Int)?
        func consider(_ use: UInt64, _ page: Int, _ kind: Int) {
            if best == nil || (use, kind, page) < (best!.use, best!.kind, best!.page) { best = (use, page, kind) }
        }
        for (page, slot) in slots {
            let wanted = wantedSet.contains(page)
            if slot.cpu != nil && !wanted { consider(slot.lastUse, page, 0) }
            if slot.textureBytes > 0 && !wanted { consider(slot.lastUse, page, 1) }
            if slot.full != nil && !regions.contains(where: { $0.page == page }) { consider(slot.fullLastUse, page, 2) }
        }
        return best.map { ($0.page, $0.kind) }
    }

    private mutating func evictTexture(_ page: Int) {
        guard var slot = slots[page] else { return }
        setTexture(&slot, 0)
        slot.heldSize = nil
        slot.delivered = false
        slot.failureHeld = false
        slots[page] = slot
        evictions += 1
        events.append(.evict(page: page))
    }

    private mutating func setTexture(_ slot: inout PageSlot, _ bytes: Int) {
        let bytes = max(0, bytes)
        textureBytes += bytes - slot.textureBytes
        texturedPages += (bytes > 0 ? 1 : 0) - (slot.textureBytes > 0 ? 1 : 0)
        slot.textureBytes = bytes
        if bytes > 0 { lastTextureBytes = bytes }
    }

    private mutating func setCPU(_ page: Int, _ image: RGBAImage?) {
        cpuBytes += (image?.pixels.count ?? 0) - (slots[page]?.cpu?.pixels.count ?? 0)
        slots[page, default: PageSlot()].cpu = image
    }

    private mutating func setFull(_ page: Int, _ image: RGBAImage?) {
        fullBytes += (image?.pixels.count ?? 0) - (slots[page]?.full?.pixels.count ?? 0)
        slots[page, default: PageSlot()].full = image
    }

    /// Hands a held, undelivered CPU image to the caller (even one smaller than the bounds now call for:
    /// a soft page beats a placeholder while the sharper decode runs).
    private mutating func deliverHeld(_ page: Int) {
        guard let slot = slots[page], let cpu = slot.cpu, !slot.delivered, let source = slot.sourceSize else { return }
        slots[page]?.delivered = true
        slots[page]?.heldSize = cpu.size
        events.append(.ready(page: page, image: cpu, sourceSize: source))
    }

    private mutating func touch(_ page: Int) {
        tick += 1
        slots[page, default: PageSlot()].lastUse = tick
    }

    private mutating func clearDeferred() {
        for page in Array(slots.keys) where slots[page]!.deferred { slots[page]!.deferred = false }
    }

    private mutating func notePeak() { peakBytes = max(peakBytes, usedBytes) }
}
