import Decoding
import Geometry

/// The book's page textures and their zoom detail, keyed by page: the one place an uploaded page lives. The page
/// cache holds a decoded image until it is uploaded here (`upload` takes it); nothing else keeps a copy.
public struct TextureStore {
    public private(set) var pages: [Int: Texture] = [:]
    private var details: [Int: TextureTiles] = [:]

    public init() {}

    /// Uploads `image` as `page`'s texture, replacing any before (scaled into the texture limit first); returns
    /// the texture's bytes, for the page cache's budget.
    public mutating func upload(_ page: Int, _ image: RGBAImage, renderer: SceneRenderer) -> Int {
        let max = renderer.maxTextureSize
        let fitted = image.width > max || image.height > max ? image.downscaled(toMaxDimension: max) : image
        let texture = fitted.pixels.withUnsafeBytes {
            renderer.makeTexture(width: fitted.width, height: fitted.height, pixels: $0)
        }
        pages[page] = texture
        return texture.byteCount
    }

    public mutating func release(_ page: Int) { pages[page] = nil }

    /// A zoom region of `page`, tiled within the texture limit (on a screen wider than the limit a region is too).
    public mutating func setDetail(_ page: Int, _ image: RGBAImage, renderer: SceneRenderer) {
        details[page] = renderer.makeTiles(image)
    }

    public mutating func clearDetails() { details.removeAll() }

    /// The quads of `page`'s detail over `rect` (the region's place in the view); none without one.
    public func detailQuads(_ page: Int, over rect: Rect) -> [PageQuad] { details[page]?.quads(over: rect) ?? [] }

    /// Textures held: pages and detail regions.
    public var count: Int { pages.count + details.count }

    public var byteCount: Int {
        pages.values.reduce(0) { $0 + $1.byteCount } + details.values.reduce(0) { $0 + $1.byteCount }
    }

    public var pageBytes: Int { pages.values.reduce(0) { $0 + $1.byteCount } }
}
