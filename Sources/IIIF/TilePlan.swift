import Geometry

/// One tile to fetch: where it lies in the source, at which scale factor, and its URL.
public struct Tile: Sendable, Hashable {
    /// Where it lies in the full-resolution image (the Image API's region).
    public var region: PixelRect
    /// 1 = source pixels; 4 = one tile pixel per 4×4 source pixels.
    public var scaleFactor: Int
    /// The tile's own size in pixels (the region divided by the factor, rounded up).
    public var size: PixelSize
    public var url: ResourceURL
}

extension ImageInfo {
    /// The canonical URL of `region` scaled to `size` (2: `w,`; 3: `w,h`; the whole image is `full`), as a level 0
    /// server's static files are named.
    public func url(region: PixelRect, size scaled: PixelSize) -> ResourceURL {
        let whole = region == PixelRect(x: 0, y: 0, width: size.width, height: size.height)
        let regionPart = whole ? "full" : "\(region.x),\(region.y),\(region.width),\(region.height)"
        let sizePart = service.version == .three ? "\(scaled.width),\(scaled.height)" : "\(scaled.width),"
        return service.id.appending("\(regionPart)/\(sizePart)/0/default.jpg")
    }

    /// The whole image at the smallest size that covers `needed` (at rest and in the curl the page is shown at
    /// most that large), or the largest there is. Level 0 offers only its `sizes` (or a top tile that holds the
    /// whole image); levels 1 and 2 scale to any size within their maximum.
    public func wholeImage(covering needed: PixelSize) -> (size: PixelSize, url: ResourceURL)? {
        let full = PixelRect(x: 0, y: 0, width: size.width, height: size.height)
        func covers(_ s: PixelSize) -> Bool { s.width >= needed.width || s.height >= needed.height }
        var offered = sizes
        for grid in tiles {
            for factor in grid.scaleFactors {
                let scaled = PixelSize(width: ceilDiv(size.width, factor), height: ceilDiv(size.height, factor))
                if scaled.width <= grid.width, scaled.height <= grid.height { offered.append(scaled) }
            }
        }
        if service.level >= 1 {
            // Integer arithmetic on the side that decides, so 772 asked is 772 given (not 773 by rounding).
            var scaled = size
            if needed.width * size.height >= needed.height * size.width, needed.width < size.width {
                scaled = PixelSize(width: max(1, needed.width), height: max(1, ceilDiv(needed.width * size.height, size.width)))
            } else if needed.height < size.height {
                scaled = PixelSize(width: max(1, ceilDiv(needed.height * size.width, size.height)), height: max(1, needed.height))
            }
            if let maxWidth, scaled.width > maxWidth {
                scaled = PixelSize(width: maxWidth, height: max(1, scaled.height * maxWidth / scaled.width))
            }
            if let maxHeight, scaled.height > maxHeight {
                scaled = PixelSize(width: max(1, scaled.width * maxHeight / scaled.height), height: maxHeight)
            }
            offered.append(scaled)
        }
        let sorted = Set(offered).sorted { $0.area < $1.area }
        guard let chosen = sorted.first(where: covers) ?? sorted.last else { return nil }
        return (chosen, url(region: full, size: chosen))
    }

    /// The scale factor for a view `screenPerSource` screen pixels per source pixel: the coarsest level that still
    /// has a pixel for every screen pixel (source pixels 1:1 once zoomed past them).
    public func scaleFactor(screenPerSource: Double) -> Int? {
        guard let grid = tiles.first, let finest = grid.scaleFactors.first else { return nil }
        let wanted = screenPerSource > 0 ? 1 / screenPerSource : Double.infinity
        return grid.scaleFactors.last(where: { Double($0) <= wanted }) ?? finest
    }

    /// The tiles of level `factor` that `visible` (source pixels, clamped to the image) touches, the ones nearest
    /// its centre first, at most `limit` (a view of a whole 30,000 px scan at factor 1 is a bug, not a request).
    public func tiles(covering visible: (x: Double, y: Double, width: Double, height: Double), factor: Int,
                      limit: Int = 256) -> [Tile] {
        guard let grid = tiles.first(where: { $0.scaleFactors.contains(factor) }) else { return [] }
        let span = (x: grid.width * factor, y: grid.height * factor)
        let x0 = max(0, visible.x), y0 = max(0, visible.y)
        let x1 = min(Double(size.width), visible.x + visible.width)
        let y1 = min(Double(size.height), visible.y + visible.height)
        guard x1 > x0, y1 > y0, x0.isFinite, y0.isFinite else { return [] }
        let cols = Int(x0) / span.x...max(Int(x0) / span.x, (Int(x1.rounded(.up)) - 1) / span.x)
        let rows = Int(y0) / span.y...max(Int(y0) / span.y, (Int(y1.rounded(.up)) - 1) / span.y)
        let centre = ((x0 + x1) / 2, (y0 + y1) / 2)
        var found: [(distance: Double, tile: Tile)] = []
        for row in rows {
            for col in cols {
                let x = col * span.x, y = row * span.y
                let region = PixelRect(x: x, y: y, width: min(span.x, size.width - x),
                                          height: min(span.y, size.height - y))
                let scaled = PixelSize(width: ceilDiv(region.width, factor), height: ceilDiv(region.height, factor))
                let dx = Double(x) + Double(region.width) / 2 - centre.0
                let dy = Double(y) + Double(region.height) / 2 - centre.1
                found.append((dx * dx + dy * dy,
                              Tile(region: region, scaleFactor: factor, size: scaled,
                                   url: url(region: region, size: scaled))))
            }
        }
        return found.sorted { $0.distance < $1.distance }.prefix(limit).map(\.tile)
    }
}

func ceilDiv(_ a: Int, _ b: Int) -> Int { (a + b - 1) / b }

/// How to make one region of the image from its tiles: which level, which tiles, and the canvas (in that level's
/// pixels) they are laid on. The canvas covers the region rounded out to whole level pixels.
public struct RegionPlan: Sendable, Hashable {
    public var factor: Int
    /// Nearest the region's centre first.
    public var tiles: [Tile]
    /// The canvas in level pixels (source pixels ÷ factor): where it starts and how large it is.
    public var canvas: PixelRect

    /// Where `tile` goes on the canvas (level pixels).
    public func offset(of tile: Tile) -> (x: Int, y: Int) {
        (tile.region.x / factor - canvas.x, tile.region.y / factor - canvas.y)
    }
}

extension ImageInfo {
    /// The plan for source pixels `region` shown `output` large: the coarsest level with a pixel for every output
    /// pixel (never finer than source pixels), coarser still when that level would take more than `maxTiles`
    /// tiles. Nil when the service has no tiles or the region misses the image.
    public func plan(region: PixelRect, output: PixelSize, maxTiles: Int = 96) -> RegionPlan? {
        let full = size
        let x0 = max(0, region.x), y0 = max(0, region.y)
        let x1 = min(full.width, region.x + region.width), y1 = min(full.height, region.y + region.height)
        guard x1 > x0, y1 > y0, output.width >= 1, output.height >= 1,
              var factor = scaleFactor(screenPerSource: min(Double(output.width) / Double(x1 - x0),
                                                            Double(output.height) / Double(y1 - y0)) * 0.999_999)
        else { return nil }
        let factors = tiles.first?.scaleFactors ?? [factor]
        while true {
            let visible = (x: Double(x0), y: Double(y0), width: Double(x1 - x0), height: Double(y1 - y0))
            let found = tiles(covering: visible, factor: factor, limit: maxTiles + 1)
            if found.count <= maxTiles || factor == factors.last {
                guard !found.isEmpty else { return nil }
                let ox = x0 / factor, oy = y0 / factor
                let canvas = PixelRect(x: ox, y: oy, width: ceilDiv(x1, factor) - ox, height: ceilDiv(y1, factor) - oy)
                return RegionPlan(factor: factor, tiles: Array(found.prefix(maxTiles)), canvas: canvas)
            }
            factor = factors.first(where: { $0 > factor }) ?? factors.last!
        }
    }
}
