import Geometry
import Panels
import Reader

/// An RGBA colour with components in 0…1.
public struct RGBA: Sendable, Hashable {
    public var r: Double, g: Double, b: Double, a: Double
    public init(_ r: Double, _ g: Double, _ b: Double, _ a: Double = 1) { self.r = r; self.g = g; self.b = b; self.a = a }
    /// Parses `#rrggbb` or `rrggbb`.
    public init?(hex: String) {
        let s = hex.hasPrefix("#") ? String(hex.dropFirst()) : hex
        guard s.count == 6, let v = UInt32(s, radix: 16) else { return nil }
        self.init(Double((v >> 16) & 0xff) / 255, Double((v >> 8) & 0xff) / 255, Double(v & 0xff) / 255)
    }
    public static let paper = RGBA(0.965, 0.949, 0.918)

    /// This colour moved `amount` of the way to `other` (0: itself, 1: `other`), opaque.
    func mixed(toward other: RGBA, by amount: Double) -> RGBA {
        RGBA(r + (other.r - r) * amount, g + (other.g - g) * amount, b + (other.b - b) * amount)
    }
}

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

/// A page being turned: a mesh rolled over the cylinder in the vertex shader, over the page it reveals.
public struct CurlLayer {
    /// The turning page's rect in book space; page space is this rect's own pixels (origin top-left).
    public var rect: Rect
    /// Cylinder in page space: a point on the axis line, the unit normal toward the free side, radius (px).
    public var axisPoint: Vec2
    public var axisNormal: Vec2
    public var radius: Double
    /// The face that shows at rest, and the face that shows where the page has turned over.
    public var front: Texture?
    public var back: Texture?
    /// True in spreads: the back is its own page (drawn mirrored). False: the front seen through the paper.
    public var backIsSeparatePage: Bool
    /// The page revealed beneath, drawn flat with the curl's shadow.
    public var beneath: PageQuad?
    /// 0…1: how dark the shadow beneath is (fades as the page lies flat).
    public var shadowStrength: Double
    /// 0…1: how much of the leaf shows over what lies beneath it. A single page's leaf fades as it comes to lie
    /// on the background, where the page at rest is not drawn (`LeafFrame.opacity`).
    public var opacity: Double

    public init(rect: Rect, axisPoint: Vec2, axisNormal: Vec2, radius: Double, front: Texture?, back: Texture?,
                backIsSeparatePage: Bool, beneath: PageQuad?, shadowStrength: Double = 0.45, opacity: Double = 1) {
        self.rect = rect; self.axisPoint = axisPoint; self.axisNormal = axisNormal; self.radius = radius
        self.front = front; self.back = back; self.backIsSeparatePage = backIsSeparatePage
        self.beneath = beneath; self.shadowStrength = shadowStrength; self.opacity = opacity
    }

    /// Drawn blended over what lies beneath it, each pixel of the leaf once.
    var isFading: Bool { opacity < 1 }
}

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
