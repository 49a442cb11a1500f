import Book
import Curl
import Geometry

/// What to draw now. Page numbers from 1; rects in book space (window pixels before `view`).
public struct ReaderFrame: Sendable {
    /// Book space → window pixels (zoom, rotation, pan).
    public var view: Affine2
    /// Pages lying flat.
    public var pages: [PlacedPage]
    /// The leaf being turned, drawn over `pages`.
    public var leaf: LeafFrame?
    /// Spine x in book space (double mode), for the gutter shadow.
    public var spineX: Double?
    /// With reduced motion, a turn's outgoing spread fading out over `pages`.
    public var fade: FadeFrame? = nil
}

/// A leaf in motion, as the renderer needs it.
public struct LeafFrame: Sendable {
    /// The leaf's unturned rect in book space; the cylinder is in this rect's own pixels.
    public var rect: Rect
    public var cylinder: Cylinder
    /// Page printed on the face that shows unturned, and on the other face (nil: blank paper).
    public var front: Int?
    public var back: Int?
    /// True when the back is the front seen through the paper (single-page mode).
    public var backIsMirrored: Bool
    /// The page lying under the leaf's unturned position (revealed by a forward turn).
    public var under: Int?
    /// 0…1: progress of the flip (0 unturned, 1 lying turned).
    public var progress: Double
    /// 0…1: how much of the leaf shows over what lies beneath it (1: all of it; see `Leaf.opacity`).
    public var opacity: Double = 1
}
