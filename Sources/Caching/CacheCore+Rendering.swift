import Pages
import Decoding
import Geometry

/// Rendered (PDF) pages in the cache: drawn at display size instead of decoded, and zoom regions drawn again
/// at the zoomed scale instead of cut from a full-resolution image.
extension CacheCore {
    func render(_ renderer: any RenderedPageProvider, page: Int, bounds: PixelSize, generation: Int) {
        var reserved = 0
        do throws(PageError) {
            let identity = try renderer.identity(of: page)
            let sourceSize = try renderer.sourceSize(of: page, fitting: bounds)
            // Exactly the size the cache's bookkeeping expects of this source size, so it counts as satisfied.
            let size = sourceSize.fitting(within: bounds)
            let bytes = size.width * size.height * 4
            guard reserveDisplay(page: page, bytes: bytes, generation: generation) else { return }
            reserved = bytes
            let image = try renderer.render(page: page, size: size)
            update { state in
                state.release(reserved)
                state.displayDecoded(page: page, image: image, sourceSize: sourceSize, identity: identity,
                                     generation: generation)
            }
            diskCache?.store(image, sourceSize: sourceSize, identity: identity, fitting: bounds)
        } catch {
            update { state in
                state.release(reserved)
                state.failed(page: page, message: error.description, generation: generation)
            }
        }
    }

    /// Renders the page's pending region requests. A region that fails (a zoomed view that overran the time
    /// limit) is dropped: the display-sized page stays on screen, only its sharper detail is missing.
    func renderRegions(_ renderer: any RenderedPageProvider, page: Int, generation: Int) {
        let stop = RegionStop()
        let (requests, sourceSize, epoch) = update { $0.takeRegions(page: page, generation: generation, stop: stop) }
        guard let sourceSize else { return }
        // Replaced by a newer request for the page, or the zoom ended, or the book changed.
        let cancelled = {
            self.locked { $0.generation != generation || $0.regionEpoch != epoch || $0.regions.contains { $0.page == page } }
        }
        var failure: String?
        let results: [(PixelRect, RGBAImage)] = requests.compactMap { request in
            let rect = request.rect.clamped(to: sourceSize)
            guard rect.width >= 1 && rect.height >= 1 else { return nil }
            do throws(PageError) {
                return (rect, try renderer.renderRegion(page: page, rect: rect, sourceSize: sourceSize,
                                                        output: request.output, cancelled: cancelled, stop: stop,
                                                        preview: { image in
                    self.update { state in
                        guard !stop.isStopped else { return }
                        state.regionPreview(page: page, rect: rect, image: image, generation: generation)
                    }
                }))
            } catch {
                if !cancelled() { failure = error.description }
                return nil
            }
        }
        update { state in
            if state.regionStops[page] === stop { state.regionStops[page] = nil }
            state.regionsCut(page: page, results: results, generation: generation)
            if let failure { state.regionFailed(page: page, message: failure, generation: generation) }
        }
    }
}

extension CacheState {
    /// A region could not be made: said once for the page until one of its regions is made again (a server
    /// whose tiles all fail names one tile, not every view's).
    mutating func regionFailed(page: Int, message: String, generation: Int) {
        guard generation == self.generation, regionFailures.insert(page).inserted else { return }
        events.append(.regionFailed(page: page, message: message))
    }

    /// A coarser image of a region, shown while the sharp one is made (it replaces the preview when it comes).
    mutating func regionPreview(page: Int, rect: PixelRect, image: RGBAImage, generation: Int) {
        guard generation == self.generation else { return }
        events.append(.region(page: page, rect: rect, image: image))
    }

    /// The zoom ended or the book changed: every running region job's view is gone.
    mutating func stopRegionJobs() {
        for stop in regionStops.values { stop.stop(newer: nil) }
        regionStops.removeAll()
    }

    /// A region job for a rendered page started: takes its pending requests, with the source size they refer to.
    mutating func takeRegions(page: Int, generation: Int,
                              stop: RegionStop) -> (requests: [RegionRequest], sourceSize: PixelSize?, epoch: Int) {
        slots[page]?.decodingFull = false
        guard generation == self.generation else { return ([], nil, regionEpoch) }
        regionStops[page] = stop
        let taken = regions.filter { $0.page == page }
        regions.removeAll { $0.page == page }
        return (taken, slots[page]?.sourceSize, regionEpoch)
    }
}
