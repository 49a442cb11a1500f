import Book
import Geometry
import Renderer

/// Builds the renderer's scene for the spread being read, shared by the window and `recto render`.
struct SceneComposer {
    var background: RGBA
    /// Margin around the pages as a fraction of the window's shorter side.
    var marginFraction = 0.02

    /// - Parameters:
    ///   - textures: decoded pages by number; a missing one draws as a paper placeholder.
    ///   - sizes: known pixel sizes of pages (decoded or from headers), for layout before decode.
    func scene(spread: Spread, window: (width: Double, height: Double), textures: [Int: Texture],
               sizes: [Int: Book.PixelSize]) -> FrameScene {
        let m = (min(window.width, window.height) * marginFraction).rounded()
        let frame = layoutSpread(spread, in: Book.PixelSize(width: window.width, height: window.height),
                                 margins: SpreadMargins(all: m)) { sizes[$0] ?? Book.PixelSize(width: 0, height: 0) }
        let pages = frame.placed.map { PageQuad(texture: textures[$0.page], rect: $0.rect) }
        return FrameScene(background: background, pages: pages, spineX: spread.mode == .double ? frame.spineX : nil)
    }
}
