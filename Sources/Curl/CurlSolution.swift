import Geometry

/// The solver's answer: the cylinder that puts the grabbed point under the (reachable) finger.
public struct CurlSolution: Hashable, Sendable {
    public var cylinder: Cylinder
    /// The grabbed point's flat position (page space).
    public var grabbedPoint: Vec2
    /// Where the grabbed point is drawn (top view): the finger itself, or the reachable position the finger was
    /// pulled back to. `cylinder.deform(grabbedPoint).position.xy` equals it to well under 0.5 px.
    public var finger: Vec2
    /// True when the finger was out of reach (tearing the spine, or an unnatural fold) and was pulled back.
    public var isClamped: Bool
    /// Flip progress in [0, 1]: 0 at rest, 1 when the grabbed point lies at its mirror image across the spine
    /// (the page flat on the far side). It is the grabbed point's share of the way along the flip direction.
    public var progress: Double

    /// The flat page, with the grabbed point at home.
    public static func rest(grabbedPoint: Vec2) -> CurlSolution {
        CurlSolution(cylinder: .rest, grabbedPoint: grabbedPoint, finger: grabbedPoint, isClamped: false, progress: 0)
    }
}
