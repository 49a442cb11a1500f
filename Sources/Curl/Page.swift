import Geometry

/// Which vertical edge of the page is bound. The spine never lifts.
public enum SpineSide: Hashable, Sendable {
    /// The spine is the line x = 0: forward flips of a left-to-right book, the right page of a spread.
    case left
    /// The spine is the line x = W: backward flips, right-to-left books.
    case right
}

/// The page being curled, in page space: pixels, origin at the top-left, x right, y down.
public struct CurlPage: Hashable, Sendable {
    /// Page width W in pixels (> 0 and finite for anything but the rest state).
    public var width: Double
    /// Page height H in pixels (> 0 and finite for anything but the rest state).
    public var height: Double
    public var spine: SpineSide

    public init(width: Double, height: Double, spine: SpineSide) {
        self.width = width; self.height = height; self.spine = spine
    }

    /// True when the size is finite and positive; any other page only ever yields the rest state.
    @inlinable public var isValid: Bool { width.isFinite && height.isFinite && width > 0 && height > 0 }

    /// Unit vector in the direction a flip carries the grabbed point: toward the spine.
    @inlinable public var flipDirection: Vec2 { spine == .left ? Vec2(-1, 0) : Vec2(1, 0) }

    /// x of the spine line.
    @inlinable public var spineX: Double { spine == .left ? 0 : width }

    /// `p` mirrored about the spine: where a page point lies once the flip is complete.
    @inlinable public func mirrored(_ p: Vec2) -> Vec2 { Vec2(2 * spineX - p.x, p.y) }

    // The solver works in a canonical frame where the spine is x = 0; a right spine is mirrored in x.
    @inlinable func toCanonical(_ p: Vec2) -> Vec2 { spine == .left ? p : Vec2(width - p.x, p.y) }
    @inlinable func toCanonicalDirection(_ v: Vec2) -> Vec2 { spine == .left ? v : Vec2(-v.x, v.y) }
}

/// The page point a finger holds. Corners are named in page space (`tl` = top-left, x = 0, y = 0);
/// edge points carry their coordinate along the edge in pixels, clamped onto the edge.
///
/// A corner on the spine (e.g. `tl`/`bl` with a left spine) cannot move: it always yields the rest state.
public enum GrabPoint: Hashable, Sendable {
    case tl, tr, bl, br
    /// A point (x, 0) on the top edge.
    case top(x: Double)
    /// A point (x, H) on the bottom edge.
    case bottom(x: Double)
    /// A point on the outer edge (the one opposite the spine) at height y.
    case outer(y: Double)

    /// The grabbed point's flat position in page space, or nil if its coordinate is not finite.
    public func location(in page: CurlPage) -> Vec2? {
        let w = page.width, h = page.height
        func clamp(_ v: Double, _ hi: Double) -> Double? { v.isFinite ? Swift.min(hi, Swift.max(0, v)) : nil }
        switch self {
        case .tl: return Vec2(0, 0)
        case .tr: return Vec2(w, 0)
        case .bl: return Vec2(0, h)
        case .br: return Vec2(w, h)
        case .top(let x): return clamp(x, w).map { Vec2($0, 0) }
        case .bottom(let x): return clamp(x, w).map { Vec2($0, h) }
        case .outer(let y): return clamp(y, h).map { Vec2(page.spine == .left ? w : 0, $0) }
        }
    }

    @inlinable var isCorner: Bool {
        switch self {
        case .tl, .tr, .bl, .br: return true
        default: return false
        }
    }
}
