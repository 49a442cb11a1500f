import Geometry
import Panels
import Reader

/// What the shell draws next.
public struct FramePlan: Sendable {
    public enum Target: Sendable { case software, gl }
    public var target: Target
    public var frame: ReaderFrame
    /// The buffer's resolution for this frame as a factor of full (1 at rest; less while moving on a slow renderer).
    public var motionFactor: Double
    /// Full-resolution details to draw over their pages (book space).
    public var details: [(page: Int, rect: Rect)]
    /// Every page on screen has its image (a CPU-drawn first frame may show paper for a missing one).
    var complete: Bool
    /// What the frame shows over the pages.
    public var panels = FramePanels()
    /// A library's shelf, or the book grown from its cover (nil without a library).
    public var shelf: ShelfView? = nil
}
