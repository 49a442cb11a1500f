import Decoding
import Geometry
import Pages
import Reader
import Renderer

/// Full-resolution pieces of the pages for a zoomed view: when the screen shows a page with more pixels
/// than its display-sized texture has, the visible part is decoded from the source at 1:1 (or the screen's
/// resolution, whichever is smaller) and drawn over it.
@MainActor struct ZoomDetail {
    /// Source size of each decoded page (pixels of the file).
    var sourceSizes: [Int: Decoding.PixelSize] = [:]
    /// Book-space rect and texture of the detail shown for a page.
    private(set) var details: [Int: (rect: Rect, texture: Texture)] = [:]
    private var requested: [Int: PixelRect] = [:]

    /// Asks for the regions a settled zoomed view needs; forgets them all when the view is back at fit.
    mutating func update(reader: Reader, textures: [Int: Texture], renderScale: Double, cache: PageCache) {
        guard reader.zoom.isZoomed, !reader.isTurning else {
            if !details.isEmpty || !requested.isEmpty {
                details.removeAll()
                requested.removeAll()
                cache.endRegions()
            }
            return
        }
        guard !reader.zoom.isAnimating, !reader.zoom.isInteracting else { return }
        let visible = reader.zoom.visibleBookRect
        let screenPerBook = reader.zoom.scale * renderScale
        for placed in reader.frame.pages {
            guard let source = sourceSizes[placed.page], let texture = textures[placed.page],
                  placed.rect.width > 0, placed.rect.height > 0 else { continue }
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
            cache.requestRegion(page: placed.page, rect: rect, outputSize: Decoding.PixelSize(width: max(1, outW), height: max(1, outH)))
        }
    }

    /// A region arrived: place it over its page in book space.
    mutating func received(page: Int, rect: PixelRect, image: RGBAImage, reader: Reader, renderer: SceneRenderer) {
        guard requested[page] == rect, let source = sourceSizes[page],
              let placed = reader.frame.pages.first(where: { $0.page == page }) else { return }
        let bx = placed.rect.width / Double(source.width), by = placed.rect.height / Double(source.height)
        let book = Rect(x: placed.rect.minX + Double(rect.x) * bx, y: placed.rect.minY + Double(rect.y) * by,
                        width: Double(rect.width) * bx, height: Double(rect.height) * by)
        let texture = image.pixels.withUnsafeBytes { renderer.makeTexture(width: image.width, height: image.height, pixels: $0) }
        details[page] = (book, texture)
    }

    var textureCount: Int { details.count }

    /// Detail quads for the frame (none while a page turns).
    func quads(reader: Reader) -> [PageQuad] {
        guard !reader.isTurning else { return [] }
        return details.map { PageQuad(texture: $0.value.texture, rect: $0.value.rect) }
    }
}
