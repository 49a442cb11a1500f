import Geometry
import Panels
import Reader

/// Where a marker shows in a frame with a turning leaf: its point mapped as the leaf maps it, or hidden.
public enum NoteMarkerPlacement {
    /// The turning leaf's cylinder, as plain numbers (a marker is placed ten thousand times a frame).
    public struct Roll: Sendable {
        let rect: Rect, origin: Vec2, axisPoint: Vec2, normal: Vec2, radius: Double
        public init(_ curl: CurlLayer) {
            rect = curl.rect
            origin = Vec2(curl.rect.x, curl.rect.y)
            axisPoint = curl.axisPoint
            normal = curl.axisNormal
            radius = max(curl.radius, 0.01)
        }
    }

    public static func place(_ at: Vec2, _ place: PagePlace.Kind, curl: CurlLayer?, flap: [Vec2]) -> (centre: Vec2, squash: Double, normal: Vec2)? {
        self.place(at, place, roll: curl.map(Roll.init), flap: flap)
    }

    /// The marker's centre (book space) and how much of its height shows across the roll (1 flat, less on the
    /// cylinder as it turns away), or nil where it faces away or something lies over it.
    public static func place(_ at: Vec2, _ place: PagePlace.Kind, roll: Roll?, flap: [Vec2]) -> (centre: Vec2, squash: Double, normal: Vec2)? {
        guard let curl = roll else { return (at, 1, Vec2(1, 0)) }
        let n = curl.normal, r = curl.radius
        let local = at - curl.origin
        let d = (local - curl.axisPoint).dot(n)
        let marker = (at: at, place: place)
        let underFlap = contains(flap, marker.at)
        switch marker.place {
        case .leafFront:
            if d < 0 { return underFlap ? nil : (marker.at, 1, n) }
            let angle = d / r
            guard angle < pi / 2 else { return nil }
            return (marker.at + n * (r * sin(angle) - d), cos(angle), n)
        case .beneathLeaf:
            // Under the leaf's flat part, its roll (out to r beyond the axis) or its flap: covered.
            guard d > r, !underFlap else { return nil }
            return (marker.at, 1, n)
        case .flat:
            let overLeaf = curl.rect.contains(marker.at) && d >= 0 && d <= r
            guard !underFlap, !overLeaf else { return nil }
            return (marker.at, 1, n)
        }
    }

    /// Whether the convex polygon holds `p` (either winding).
    static func contains(_ polygon: [Vec2], _ p: Vec2) -> Bool {
        guard polygon.count >= 3 else { return false }
        var sign = 0.0
        for i in polygon.indices {
            let a = polygon[i], b = polygon[(i + 1) % polygon.count]
            let cross = (b.x - a.x) * (p.y - a.y) - (b.y - a.y) * (p.x - a.x)
            if cross != 0 {
                if sign == 0 { sign = cross } else if (cross > 0) != (sign > 0) { return false }
            }
        }
        return true
    }
}
