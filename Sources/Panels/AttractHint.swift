import Geometry

/// Attract mode's invitation: `text` on a dark box above the lifting corner (book space, so it moves with the
/// pages), to the corner's left when the spine is on the left.
public struct AttractHint: Sendable, Equatable {
    public var text: String
    public var corner: Vec2
    /// The page's spine is on the left, so the corner is the right-hand one and the label sits to its left.
    public var spineOnLeft: Bool

    public init(text: String, corner: Vec2, spineOnLeft: Bool) {
        self.text = text
        self.corner = corner
        self.spineOnLeft = spineOnLeft
    }
}
