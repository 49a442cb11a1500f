import Geometry
import Panels
import Reader

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
