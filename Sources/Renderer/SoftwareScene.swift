import Book
import Geometry
import Reader

/// A resting frame as the CPU draws it: what `SceneComposer.scene` gives the GL for a view without a curl,
/// with page pixels instead of textures (nil pixels: plain paper, as the GL draws a page still decoding).
public struct SoftwareScene: Sendable {
    public var background: RGBA
    public var paper: RGBA = .paper
    /// Book space → buffer pixels; must keep axes aligned (scale and translation only).
    public var view: Affine2
    public var pages: [(rect: Rect, pixels: PagePixels?)]
    /// Spine x in book space for the gutter shadow; nil in single-page mode.
    public var spineX: Double?

    public init(background: RGBA, paper: RGBA = .paper, view: Affine2 = .identity,
                pages: [(rect: Rect, pixels: PagePixels?)], spineX: Double? = nil) {
        self.background = background
        self.paper = paper
        self.view = view
        self.pages = pages
        self.spineX = spineX
    }
}
