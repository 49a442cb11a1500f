import Geometry
import Panels
import Reader

/// One page as the renderer draws it at rest: a texture (or a paper placeholder) in a book-space rect.
public struct PageQuad {
    public var texture: Texture?
    /// Where the page lies in book space (screen pixels before the view transform).
    public var rect: Rect
    /// The part of the texture drawn over `rect`, in texture coordinates (all of it unless a tile's border
    /// is left out: TextureTiles).
    public var texCoords = Rect(x: 0, y: 0, width: 1, height: 1)
    public init(texture: Texture?, rect: Rect) { self.texture = texture; self.rect = rect }
}
