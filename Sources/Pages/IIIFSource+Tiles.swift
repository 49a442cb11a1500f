import Decoding
import Fetch
import Geometry
import IIIF

/// Deep zoom: a IIIF page is drawn at whatever size the cache asks for, from its image service's pyramid. Its
/// source size is the full scan's (20,000 × 28,000 px, say), so a zoomed view asks for regions in source pixels;
/// each region is laid from the tiles of the coarsest level that still has a pixel for every screen pixel —
/// source pixels 1:1 at the deepest — fetched (disk-cached) and decoded on the cache's worker, never whole.
/// A page without a service (a plain image URL) is decoded whole, within the decode limits, like a local file.
extension IIIFSource: RenderedPageProvider {
    func sourceSize(of page: Int, fitting bounds: PixelSize) throws(PageError) -> PixelSize {
        switch try picture(of: page) {
        case .service(let info): return info.size
        case .plain(let url):
            let bytes = try fetchImage(url, page: page)
            do { return try ImageDecoder.info(bytes).size } catch { throw .decode(name: name(of: page), error) }
        }
    }

    func render(page: Int, size: PixelSize) throws(PageError) -> RGBAImage {
        switch try picture(of: page) {
        case .service(let info):
            // A pre-made whole size not much larger than asked for is one fetch; else the level's tiles.
            if let whole = info.wholeImage(covering: size), whole.size.width >= size.width || whole.size.height >= size.height,
               whole.size.width * whole.size.height <= size.width * size.height * 4 {
                if let image = try? decodeWhole(whole.url.description, page: page, size: size) { return image }
            }
            let full = PixelRect(x: 0, y: 0, width: info.size.width, height: info.size.height)
            return try region(info, page: page, rect: full, output: size, cancelled: { false })
        case .plain(let url):
            return try decodeWhole(url.description, page: page, size: size)
        }
    }

    func renderRegion(page: Int, rect: PixelRect, sourceSize: PixelSize, output: PixelSize) throws(PageError) -> RGBAImage {
        try renderRegion(page: page, rect: rect, sourceSize: sourceSize, output: output, cancelled: { false })
    }

    func renderRegion(page: Int, rect: PixelRect, sourceSize: PixelSize, output: PixelSize,
                      cancelled: () -> Bool) throws(PageError) -> RGBAImage {
        switch try picture(of: page) {
        case .service(let info): return try region(info, page: page, rect: rect, output: output, cancelled: cancelled)
        case .plain(let url): return try plainRegion(url, page: page, rect: rect, output: output)
        }
    }

    func renderRegion(page: Int, rect: PixelRect, sourceSize: PixelSize, output: PixelSize,
                      cancelled: () -> Bool, stop: RegionStop, preview: (RGBAImage) -> Void) throws(PageError) -> RGBAImage {
        switch try picture(of: page) {
        case .service(let info):
            return try withoutActuallyEscaping(preview) { (preview) throws(PageError) in
                try region(info, page: page, rect: rect, output: output, cancelled: cancelled, stop: stop, preview: preview)
            }
        case .plain(let url):
            return try plainRegion(url, page: page, rect: rect, output: output)
        }
    }

    /// A page without a service: its image decoded whole (within the decode limits) and cut.
    func plainRegion(_ url: ResourceURL, page: Int, rect: PixelRect, output: PixelSize) throws(PageError) -> RGBAImage {
        let bytes = try fetchImage(url, page: page)
        let image: RGBAImage
        do { image = try ImageDecoder.decode(bytes, limits: limits.decode) } catch {
            throw .decode(name: name(of: page), error)
        }
        let clamped = rect.clamped(to: image.size)
        guard clamped.width >= 1, clamped.height >= 1 else { throw .remote(name: name(of: page), reason: "the region misses the image") }
        return image.region(clamped, scaledTo: output)
    }

    enum Picture { case service(IIIF.ImageInfo), plain(ResourceURL) }

    /// The page's image service (its info.json read) when it has one, else its plain image URL.
    func picture(of page: Int) throws(PageError) -> Picture {
        try checkPage(page, pageCount)
        let image: Manifest.PageImage
        do { image = try manifest.pages[page - 1].image.get() } catch {
            throw .remote(name: name(of: page), reason: error.reason)
        }
        if let service = image.service {
            let info = try info(of: page, service: service)
            if !info.tiles.isEmpty || info.service.level >= 1 || !info.sizes.isEmpty { return .service(info) }
        }
        guard let url = image.url else { throw .remote(name: name(of: page), reason: "the image service offers no image") }
        return .plain(url)
    }

    /// `rect` of the scan drawn into `output` pixels: from the pyramid's tiles, or (a level 1 or 2 service with no
    /// tile grid) one request for exactly that region at that size.
    func region(_ info: IIIF.ImageInfo, page: Int, rect: PixelRect, output: PixelSize,
                cancelled: () -> Bool, stop: RegionStop = RegionStop(),
                preview: ((RGBAImage) -> Void)? = nil) throws(PageError) -> RGBAImage {
        let rect = rect.clamped(to: info.size)
        guard rect.width >= 1, rect.height >= 1 else { throw .remote(name: name(of: page), reason: "the region misses the image") }
        guard let plan = info.plan(region: rect, output: output) else {
            if info.service.level >= 1 {
                let size = PixelSize(width: min(output.width, rect.width), height: min(output.height, rect.height))
                return try decodeWhole(info.url(region: rect, size: size).description, page: page, size: output)
            }
            // Level 0 with only whole sizes: the smallest that has a pixel for every output pixel, then cut.
            let scale = max(Double(output.width) / Double(rect.width), Double(output.height) / Double(rect.height))
            let needed = PixelSize(width: Int((Double(info.size.width) * scale).rounded(.up)),
                                   height: Int((Double(info.size.height) * scale).rounded(.up)))
            guard let whole = info.wholeImage(covering: needed) else {
                throw .remote(name: name(of: page), reason: "the image service offers no tiles or sizes")
            }
            let image = try decodeWhole(whole.url.description, page: page, size: whole.size)
            let sx = Double(whole.size.width) / Double(info.size.width), sy = Double(whole.size.height) / Double(info.size.height)
            let part = PixelRect(x: Int(Double(rect.x) * sx), y: Int(Double(rect.y) * sy),
                                 width: max(1, Int((Double(rect.width) * sx).rounded())),
                                 height: max(1, Int((Double(rect.height) * sy).rounded())))
            return image.region(part.clamped(to: image.size), scaledTo: output)
        }
        // Coarse first: a level at least 4 times coarser, a sixteenth of the tiles (often already cached from the
        // views on the way in), is on screen while the sharp tiles come. A failure there is the sharp level's to say.
        let quarter = PixelSize(width: max(1, output.width / 4), height: max(1, output.height / 4))
        if let preview, plan.tiles.count > Self.tilesWorthAPreview, let coarse = info.plan(region: rect, output: quarter),
           coarse.factor > plan.factor {
            if let image = try? lay(coarse, page: page, cancelled: cancelled, stop: stop) { preview(image) }
        }
        return try lay(plan, page: page, cancelled: cancelled, stop: stop).resized(to: output)
    }

    /// The plan's tiles laid on its canvas (level pixels), nearest the centre first.
    func lay(_ plan: RegionPlan, page: Int, cancelled: () -> Bool, stop: RegionStop) throws(PageError) -> RGBAImage {
        var canvas = TileCanvas(size: PixelSize(width: plan.canvas.width, height: plan.canvas.height))
        for tile in plan.tiles {
            // A newer view replaced this one (or the zoom ended): its remaining tiles are not fetched.
            if cancelled() { throw .remote(name: name(of: page), reason: "cancelled") }
            let image = try decodeTile(tile, page: page, stop: stop)
            let at = plan.offset(of: tile)
            canvas.draw(image, x: at.x, y: at.y)
        }
        return canvas.image
    }

    /// A region of this few tiles comes about as soon as a coarser one would: no preview.
    static let tilesWorthAPreview = 4

    /// One tile, refused unless it is the size info.json promises (a pixel either way is tolerated: servers
    /// round edge tiles differently) and decodable within that size (a decompression bomb stops at its header).
    /// Its fetch is abandoned when `stop` says the view is gone and the next view (if any) no longer shows it.
    func decodeTile(_ tile: Tile, page: Int, stop: RegionStop = RegionStop()) throws(PageError) -> RGBAImage {
        let url = tile.url.description
        let bytes: [UInt8]
        let cancellation = FetchCancellation()
        let region = tile.region
        do {
            bytes = try stop.whileRunning(onStop: { newer in
                if let newer, newer.intersects(region) { return }
                cancellation.cancel()
            }) { () throws(FetchError) -> [UInt8] in
                try fetcher.fetch(url, limits: network.bounded(Self.maxTileBytes), policy: .cacheFirst, cancellation: cancellation)
            }
        } catch {
            throw .remote(name: name(of: page), reason: "a tile: \(error.description)")
        }
        let expected = tile.size
        let limits = DecodeLimits(maxPixels: (expected.width + 2) * (expected.height + 2),
                                  maxDimension: max(expected.width, expected.height) + 2, maxFileBytes: Self.maxTileBytes)
        let image: RGBAImage
        do { image = try ImageDecoder.decode(bytes, limits: limits) } catch {
            throw .remote(name: name(of: page), reason: "the tile \(url) is not an image of \(expected.width)×\(expected.height): \(error.description)")
        }
        guard abs(image.width - expected.width) <= 1, abs(image.height - expected.height) <= 1 else {
            throw .remote(name: name(of: page),
                          reason: "the tile \(url) is \(image.width)×\(image.height), not the \(expected.width)×\(expected.height) info.json says")
        }
        return image.size == expected ? image : image.resized(to: expected)
    }

    /// A whole image (a plain URL, a pre-made size or a level 2 region) decoded to exactly `size`.
    func decodeWhole(_ url: String, page: Int, size: PixelSize) throws(PageError) -> RGBAImage {
        let bytes = try fetchImage(url, page: page)
        do {
            let image = try ImageDecoder.decode(bytes, limits: limits.decode, fitting: size)
            return image.size == size ? image : image.resized(to: size)
        } catch {
            throw .decode(name: name(of: page), error)
        }
    }

    func fetchImage(_ url: CustomStringConvertible, page: Int) throws(PageError) -> [UInt8] {
        do {
            return try fetcher.fetch(url.description, limits: network.bounded(limits.decode.maxFileBytes), policy: .cacheFirst)
        } catch {
            throw .remote(name: name(of: page), reason: error.description)
        }
    }

    /// A tile larger than this is not a tile.
    static let maxTileBytes = 16 << 20
}

extension PixelRect {
    func intersects(_ other: PixelRect) -> Bool {
        x < other.x + other.width && other.x < x + width && y < other.y + other.height && other.y < y + height
    }
}

/// Tiles laid on one RGBA canvas (opaque white where none lands: a page's paper, not a hole).
struct TileCanvas {
    let size: PixelSize
    private var pixels: [UInt8]

    init(size: PixelSize) {
        self.size = size
        pixels = [UInt8](repeating: 255, count: size.width * size.height * 4)
    }

    /// Copies `image` with its top-left corner at (`x`, `y`), clipped to the canvas.
    mutating func draw(_ image: RGBAImage, x: Int, y: Int) {
        let x0 = max(0, x), y0 = max(0, y)
        let x1 = min(size.width, x + image.width), y1 = min(size.height, y + image.height)
        guard x1 > x0, y1 > y0 else { return }
        let rowBytes = (x1 - x0) * 4, width = size.width
        image.pixels.withUnsafeBytes { src in
            pixels.withUnsafeMutableBytes { dst in
                for row in y0..<y1 {
                    let from = ((row - y) * image.width + (x0 - x)) * 4
                    let to = (row * width + x0) * 4
                    dst.baseAddress!.advanced(by: to).copyMemory(from: src.baseAddress!.advanced(by: from), byteCount: rowBytes)
                }
            }
        }
    }

    var image: RGBAImage { RGBAImage(width: size.width, height: size.height, pixels: pixels) }
}
