import Geometry
import Reader

/// Full-resolution pieces of the pages for a zoomed view: when the screen shows a page with more pixels than
/// its display-sized texture has, the visible part is decoded from the source at 1:1 (or the screen's
/// resolution, whichever is smaller) and drawn over it.
struct ZoomDetailPolicy: Sendable {
    /// Book-space rect of the detail shown for each page.
    private(set) var shown: [Int: Rect] = [:]
    /// Regions received and shown: a sharp one replaces its coarse preview in the same rect.
    private(set) var arrivals = 0
    private var requested: [Int: PixelRect] = [:]
    /// When each outstanding request was made (ms), for the `region` event's wait.
    private var requestedAt: [Int: Double] = [:]
    /// The size each outstanding request asked for: a region that arrives smaller is a coarse preview.
    private var requestedOutput: [Int: PixelSize] = [:]

    /// After a frame: asks for the regions a settled zoomed view needs; forgets them all when the view is back at
    /// fit or a page turns.
    mutating func update(reader: Reader, pages: PageImages, renderScale: Double, now: Double) -> [AppEffect] {
        guard reader.zoom.isZoomed, !reader.isTurning else {
            guard !shown.isEmpty || !requested.isEmpty else { return [] }
            shown.removeAll()
            requested.removeAll()
            requestedOutput.removeAll()
            return [.endRegions]
        }
        guard !reader.zoom.isAnimating, !reader.zoom.isInteracting else { return [] }
        let visible = reader.zoom.visibleBookRect
        let screenPerBook = reader.zoom.scale * renderScale
        var out: [AppEffect] = []
        for placed in reader.frame.pages {
            guard pages.uploaded, let entry = pages[placed.page], placed.rect.width > 0, placed.rect.height > 0 else { continue }
            let source = entry.sourceSize, texture = entry.size
            // Texels per screen pixel of the page as drawn: below 1 the texture is magnified and blurs.
            let texelsPerPixel = Double(texture.width) / (placed.rect.width * screenPerBook)
            guard texelsPerPixel < 0.95, Double(source.width) > Double(texture.width) * 1.05 else { continue }
            let part = visible.intersection(placed.rect)
            guard !part.isEmpty else { continue }
            let sx = Double(source.width) / placed.rect.width, sy = Double(source.height) / placed.rect.height
            let rect = PixelRect(x: Int(((part.minX - placed.rect.minX) * sx).rounded(.down)),
                               y: Int(((part.minY - placed.rect.minY) * sy).rounded(.down)),
                               width: Int((part.width * sx).rounded(.up)) + 1,
                               height: Int((part.height * sy).rounded(.up)) + 1).clamped(to: source)
            guard rect.width > 0, rect.height > 0, requested[placed.page] != rect else { continue }
            // Source pixels 1:1, unless the screen shows them smaller than that.
            let outW = min(rect.width, Int((part.width * screenPerBook).rounded(.up)) + 2)
            let outH = min(rect.height, Int((part.height * screenPerBook).rounded(.up)) + 2)
            requested[placed.page] = rect
            requestedAt[placed.page] = now
            let output = PixelSize(width: max(1, outW), height: max(1, outH))
            requestedOutput[placed.page] = output
            out.append(.requestRegion(page: placed.page, rect: rect, output: output))
        }
        return out
    }

    /// The zoom (× fit) at which the pages on screen show each source pixel over `magnify` screen pixels: a
    /// deep-zoom page (a IIIF scan of 28,000 px) may be zoomed that far even past the configured maximum — a
    /// little beyond 1:1, as a magnifier, so one-pixel detail is seen whatever the sub-pixel alignment.
    static func sourcePixelsScale(magnify: Double = 2, reader: Reader, pages: PageImages, renderScale: Double) -> Double {
        var scale = 0.0
        for placed in reader.frame.pages where placed.rect.width > 0 {
            guard let source = pages[placed.page]?.sourceSize else { continue }
            scale = max(scale, magnify * Double(source.width) / (placed.rect.width * max(renderScale, 0.01)))
        }
        return scale
    }

    /// The pixels of the page under the middle of the window (else the spread's first): where 1:1 is.
    static func pixelGrid(reader: Reader, pages: PageImages, renderScale: Double) -> PixelGrid? {
        let flat = reader.frame.pages.filter { $0.rect.width > 0 && pages[$0.page] != nil }
        let centre = reader.zoom.toBook(reader.zoom.viewport.center)
        guard let placed = flat.first(where: { centre.map($0.rect.contains) ?? false }) ?? flat.first,
              let source = pages[placed.page]?.sourceSize, source.width > 0, renderScale > 0 else { return nil }
        return PixelGrid(actualScale: Double(source.width) / (placed.rect.width * renderScale),
                         origin: Vec2(placed.rect.minX, placed.rect.minY), bufferScale: renderScale)
    }

    /// A region arrived: where it goes over its page in book space, or nil when it is no longer wanted.
    /// Also returns how long it took since it was asked for (ms); nil for a coarse preview (`size` smaller than
    /// asked for), which is shown until the sharp one comes.
    mutating func received(page: Int, rect: PixelRect, size: PixelSize, sourceSize source: PixelSize, frame: ReaderFrame,
                           now: Double) -> (rect: Rect, waited: Double?)? {
        guard requested[page] == rect, source.width > 0, source.height > 0,
              let placed = frame.pages.first(where: { $0.page == page }) else { return nil }
        let bx = placed.rect.width / Double(source.width), by = placed.rect.height / Double(source.height)
        let book = Rect(x: placed.rect.minX + Double(rect.x) * bx, y: placed.rect.minY + Double(rect.y) * by,
                        width: Double(rect.width) * bx, height: Double(rect.height) * by)
        shown[page] = book
        arrivals += 1
        if let asked = requestedOutput[page], size.width < asked.width || size.height < asked.height { return (book, nil) }
        return (book, requestedAt.removeValue(forKey: page).map { now - $0 } ?? 0)
    }

    /// Details to draw over the pages (none while a page turns).
    func quads(turning: Bool) -> [(page: Int, rect: Rect)] {
        turning ? [] : shown.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
    }
}

extension PixelRect {
    func clamped(to size: PixelSize) -> PixelRect {
        let x0 = max(0, min(x, size.width)), y0 = max(0, min(y, size.height))
        let x1 = max(x0, min(x + width, size.width)), y1 = max(y0, min(y + height, size.height))
        return PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }
}
