import Geometry

/// The pages' notes as the renderer draws them. Markers are part of the pages' picture: each sits at a point of
/// its page (book space) and moves with it, zoomed, rotated, and rolled over the cylinder of a turning leaf; the
/// card and the text panel lie over the book in buffer pixels.
public struct NoteLayer: Sendable, Hashable {
    public struct Marker: Sendable, Hashable {
        /// Which page it is on, as the frame draws that page.
        public enum Place: Sendable, Hashable {
            /// A page lying flat (the other page of a turning spread among them: a flap may cover it).
            case flat
            /// The front of the turning leaf: rolled with it, hidden once it faces away.
            case leafFront
            /// The page the turning leaf uncovers: seen only where the leaf has lifted off it.
            case beneathLeaf
        }
        public var at: Vec2
        public var place: Place
        public var open: Bool
        public init(at: Vec2, place: Place, open: Bool) { self.at = at; self.place = place; self.open = open }
    }

    public struct Card: Sendable, Hashable {
        /// Its place on the page (book space; empty for a point), outlined while the card is open.
        public var outline: [Vec2]
        public var heading: String
        /// Pango markup.
        public var text: String
        /// The marker's centre, buffer px: the card lies beside it.
        public var anchor: Vec2
        public var maxWidth: Double
        public init(outline: [Vec2], heading: String, text: String, anchor: Vec2, maxWidth: Double) {
            self.outline = outline; self.heading = heading; self.text = text; self.anchor = anchor; self.maxWidth = maxWidth
        }
    }

    public struct Panel: Sendable, Hashable {
        public var box: Rect
        public var heading: String
        /// Pango markup.
        public var text: String
        public init(box: Rect, heading: String, text: String) { self.box = box; self.heading = heading; self.text = text }
    }

    /// A page's markers: where the page lies as this frame draws it, and each marker's point on it (fractions).
    public struct Group: Sendable, Hashable {
        public var rect: Rect
        public var place: Marker.Place
        public var points: [Vec2]
        /// The open one's place in `points`.
        public var open: Int?
        /// Markers that stand for several notes (a page's whole-page notes): their place in `points` and how many,
        /// drawn in the marker instead of its dot.
        public var counts: [Int: Int]
        public init(rect: Rect, place: Marker.Place, points: [Vec2], open: Int?, counts: [Int: Int] = [:]) {
            self.rect = rect; self.place = place; self.points = points; self.open = open; self.counts = counts
        }
    }

    /// A line's words over its region (book space), set to fit it.
    public struct Line: Sendable, Hashable {
        public var rect: Rect
        /// Pango markup.
        public var markup: String
        public init(rect: Rect, markup: String) { self.rect = rect; self.markup = markup }
    }

    public var groups: [Group]
    public var lines: [Line] = []
    /// Buffer px.
    public var diameter: Double
    public var card: Card?
    public var panel: Panel?
    /// Buffer px per window px, and the text's size factor (large text).
    public var scale: Double
    public var textScale: Double

    public init(groups: [Group], diameter: Double, card: Card?, panel: Panel?, scale: Double, textScale: Double) {
        self.groups = groups; self.diameter = diameter; self.card = card; self.panel = panel
        self.scale = scale; self.textScale = textScale
    }

    /// A marker's ring, its fill, and the fill of the open one: a dark blue and an orange that both stand 4.5:1
    /// or more from the white ring, on any page.
    public static let ring = RGBA(1, 1, 1)
    public static let fill = RGBA(0.12, 0.30, 0.62)
    public static let openFill = RGBA(0.80, 0.33, 0.05)
    /// The open note's place on the page.
    public static let outline = RGBA(1, 0.84, 0)
}

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

    public static func place(_ marker: NoteLayer.Marker, curl: CurlLayer?, flap: [Vec2]) -> (centre: Vec2, squash: Double, normal: Vec2)? {
        place(marker.at, marker.place, roll: curl.map(Roll.init), flap: flap)
    }

    /// The marker's centre (book space) and how much of its height shows across the roll (1 flat, less on the
    /// cylinder as it turns away), or nil where it faces away or something lies over it.
    public static func place(_ at: Vec2, _ place: NoteLayer.Marker.Place, roll: Roll?, flap: [Vec2]) -> (centre: Vec2, squash: Double, normal: Vec2)? {
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
