import Decoding
import Geometry

/// An image larger than the GPU's texture limit (a zoom region on a screen wider than the limit) as several
/// textures, each within the limit. Each tile carries a one-texel border of its neighbours' pixels that is
/// not drawn, so bilinear filtering at a seam blends across it as within one texture.
public final class TextureTiles {
    struct Tile {
        let texture: Texture
        /// The drawn part, in image pixels.
        let x: Int, y: Int, width: Int, height: Int
        /// Where in the texture the drawn part starts (0 or 1: the border).
        let borderX: Int, borderY: Int
    }
    public let width: Int, height: Int
    let tiles: [Tile]

    /// Bytes held on the GPU.
    public var byteCount: Int { tiles.reduce(0) { $0 + $1.texture.byteCount } }
    /// Textures made (1 when the image fits the limit).
    public var count: Int { tiles.count }

    init(_ image: RGBAImage, maxTextureSize: Int, make: (Int, Int, UnsafeRawBufferPointer) -> Texture) {
        width = image.width
        height = image.height
        // Drawn parts of at most limit − 2, so a tile with borders on both sides fits.
        let step = image.width <= maxTextureSize && image.height <= maxTextureSize ? max(image.width, image.height)
            : max(1, maxTextureSize - 2)
        var tiles: [Tile] = []
        for y in stride(from: 0, to: image.height, by: step) {
            for x in stride(from: 0, to: image.width, by: step) {
                let w = min(step, image.width - x), h = min(step, image.height - y)
                let x0 = max(0, x - 1), y0 = max(0, y - 1)
                let x1 = min(image.width, x + w + 1), y1 = min(image.height, y + h + 1)
                let cropped = Self.crop(image, x: x0, y: y0, width: x1 - x0, height: y1 - y0)
                let texture = cropped.withUnsafeBytes { make(x1 - x0, y1 - y0, $0) }
                tiles.append(Tile(texture: texture, x: x, y: y, width: w, height: h, borderX: x - x0, borderY: y - y0))
            }
        }
        self.tiles = tiles
    }

    private static func crop(_ image: RGBAImage, x: Int, y: Int, width: Int, height: Int) -> [UInt8] {
        if x == 0, y == 0, width == image.width, height == image.height { return image.pixels }
        var out = [UInt8](repeating: 0, count: width * height * 4)
        for row in 0..<height {
            let from = ((y + row) * image.width + x) * 4
            out.replaceSubrange(row * width * 4..<(row + 1) * width * 4, with: image.pixels[from..<from + width * 4])
        }
        return out
    }

    /// The quads that draw the whole image over `rect` (book space).
    public func quads(over rect: Rect) -> [PageQuad] {
        let sx = rect.width / Double(width), sy = rect.height / Double(height)
        return tiles.map { t in
            var q = PageQuad(texture: t.texture, rect: Rect(x: rect.x + Double(t.x) * sx, y: rect.y + Double(t.y) * sy,
                                                            width: Double(t.width) * sx, height: Double(t.height) * sy))
            let tw = Double(t.texture.width), th = Double(t.texture.height)
            q.texCoords = Rect(x: Double(t.borderX) / tw, y: Double(t.borderY) / th,
                               width: Double(t.width) / tw, height: Double(t.height) / th)
            return q
        }
    }
}

extension SceneRenderer {
    /// Uploads `image` as textures within the texture limit (one when it fits); `limit` narrows it (tests).
    public func makeTiles(_ image: RGBAImage, limit: Int? = nil) -> TextureTiles {
        TextureTiles(image, maxTextureSize: min(limit ?? maxTextureSize, maxTextureSize)) { w, h, pixels in
            makeTexture(width: w, height: h, pixels: pixels)
        }
    }
}
