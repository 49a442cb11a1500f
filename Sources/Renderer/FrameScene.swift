import Geometry
import Panels
import Reader

/// What one frame shows.
public struct FrameScene {
    public var background: RGBA
    public var paper: RGBA
    /// Book space → window pixels (the reader's zoom, rotation and pan). Identity when not zoomed.
    public var view: Affine2
    /// Pages lying still.
    public var pages: [PageQuad]
    /// Sharper pieces of pages for a zoomed view (full-resolution regions), drawn over `pages`.
    public var details: [PageQuad] = []
    /// The page being turned, if any, drawn over `pages`.
    public var curl: CurlLayer?
    /// Spine position in book space for the gutter shadow of a spread; nil in single-page mode.
    public var spineX: Double?
    /// Plain textured quads only (no gutter or curl shadows): the benchmark's floor.
    public var plain = false
    /// What the core shows over the pages (window px; drawn scaled by `scale`), and the pages a frame draws
    /// with where each lies (a note's marker sits on its page as the frame draws it).
    public var panels = FramePanels()
    public var places: [Int: PagePlace] = [:]
    /// Buffer pixels per window pixel.
    public var scale = 1.0
    /// A cross-fade's outgoing pages, drawn over `pages` and `details` at `fadingOpacity` (reduced motion).
    public var fading: [PageQuad] = []
    public var fadingOpacity = 0.0
    /// A library's shelf: covers and their titles, opaque, in buffer pixels (drawn over `pages`, usually none).
    public var shelf: [PageQuad] = []
    /// The home control's square in buffer pixels (a book read from the shelf), drawn over everything.
    public var home: Rect?

    public init(background: RGBA, paper: RGBA = .paper, view: Affine2 = .identity, pages: [PageQuad],
                curl: CurlLayer? = nil, spineX: Double? = nil) {
        self.background = background
        self.paper = paper
        self.view = view
        self.pages = pages
        self.curl = curl
        self.spineX = spineX
    }
}
