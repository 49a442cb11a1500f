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
