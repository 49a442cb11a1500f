import Book
import Curl
import Geometry

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
