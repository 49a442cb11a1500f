import Geometry

/// A link on a page that leads to another page of the same book (a PDF's link annotation): where it sits, as
/// fractions of the page as displayed (0,0 top left; 1,1 bottom right, so it holds at any zoom and image size),
/// and the page it leads to, from 1. Links that lead out of the book are not links here: a kiosk opens nothing.
public struct PageLink: Sendable, Hashable {
    public var rect: Rect
    public var target: Int

    public init(rect: Rect, target: Int) {
        self.rect = rect
        self.target = target
    }

    /// Most links kept for one page.
    public static let maxPerPage = 1024
}
