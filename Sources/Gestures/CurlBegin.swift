import Geometry

/// Payload of `Intent.curlBegin`.
public struct CurlBegin: Sendable, Hashable {
    /// Forward: the page on the forward side turns over; backward: the previous page comes back.
    public var direction: TurnDirection
    public var grab: Grab
    /// Where the finger went down (inside the grab zone), px.
    public var start: Vec2
    /// Where it is now, past the slop, px (the first position the curl should follow).
    public var position: Vec2
    public var source: InputSource

    public init(direction: TurnDirection, grab: Grab, start: Vec2, position: Vec2, source: InputSource) {
        self.direction = direction; self.grab = grab; self.start = start; self.position = position; self.source = source
    }
}
