import Geometry

/// A region of the screen where a touch (or left-button press) picks up a page.
public struct GrabZone: Sendable, Hashable {
    /// Hit area, surface px.
    public var rect: Rect
    public var direction: TurnDirection
    public var grab: Grab

    public init(rect: Rect, direction: TurnDirection, grab: Grab) {
        self.rect = rect; self.direction = direction; self.grab = grab
    }

    /// The two corner zones and the edge zone between them for a page whose free edge is `outerEdge`.
    /// Corners come first, so they win where zones overlap (short pages). `page` is the page's rectangle on
    /// screen as currently displayed (after zoom).
    public static func standard(page: Rect, outerEdge: Side, direction: TurnDirection,
                                size: Double, outset: Double) -> [GrabZone] {
        guard !page.isEmpty, size > 0 else { return [] }
        let w = Swift.min(size, page.width / 2)
        let h = Swift.min(size, page.height / 2)
        let x = outerEdge == .right ? page.maxX - w : page.minX - outset
        let width = w + outset
        let top = Rect(x: x, y: page.minY - outset, width: width, height: h + outset)
        let bottom = Rect(x: x, y: page.maxY - h, width: width, height: h + outset)
        var zones = [
            GrabZone(rect: top, direction: direction, grab: .corner(outerEdge == .right ? .topRight : .topLeft)),
            GrabZone(rect: bottom, direction: direction, grab: .corner(outerEdge == .right ? .bottomRight : .bottomLeft)),
        ]
        if page.height > 2 * h {
            let edge = Rect(x: x, y: page.minY + h, width: width, height: page.height - 2 * h)
            zones.append(GrabZone(rect: edge, direction: direction, grab: .edge(outerEdge)))
        }
        return zones
    }
}

/// A page that can turn, as the reader lays it out on screen.
public struct TurnablePage: Sendable, Hashable {
    /// The page's rectangle on screen, px (after zoom and pan).
    public var rect: Rect
    /// The page's free edge (away from the spine).
    public var outerEdge: Side
    public init(rect: Rect, outerEdge: Side) { self.rect = rect; self.outerEdge = outerEdge }
}

/// Something on screen other than the page whose strokes are its own (see `Intent.control`).
public enum ScreenControl: Sendable, Hashable {
    /// The library's covers: the whole window while the shelf is shown.
    case shelf
    /// The page overlay's track and thumb.
    case scrubber
    /// The button back to the shelf, while a book from it is read.
    case home
    /// An on-screen control button (previous, next, zoom, pan…), by the app's own number for it.
    case button(Int)
    /// A text panel over the pages (a page's transcription): a finger drags its lines up and down.
    case panel
}

/// Where a down is a control's.
public struct ControlZone: Sendable, Hashable {
    public var rect: Rect
    public var control: ScreenControl
    public init(rect: Rect, control: ScreenControl) { self.rect = rect; self.control = control }
}

/// The view on screen as the recognizer needs to know it. The caller builds it from the state on screen when
/// each event arrives and passes it with that event (`GestureRecognizer.handle(_:in:)`), so nothing keeps a copy
/// that could go stale. Gestures already running keep what they decided at their start.
public struct GestureContext: Sendable, Hashable {
    /// Where a down picks up a page, tested in order (first hit wins).
    public var grabZones: [GrabZone] = []
    /// The area whose outer thirds are the tap zones (usually the window), px.
    public var tapArea: Rect = .zero
    /// While zoomed: one finger pans, taps do not turn, no flicks, edge zones off (see `GestureConfig`).
    public var isZoomed = false
    /// Right-to-left books: the left tap zone, Left arrow, leftward horizontal scroll and rightward flicks
    /// turn forward.
    public var rightToLeft = false
    /// Controls on screen, tested before anything else (first hit wins): a stroke that goes down on one is the
    /// control's and can never curl, swipe, pan or tap-turn a page.
    public var controls: [ControlZone] = []
    /// Where a tap follows a link of a page, px (each at least a fingertip wide): before the tap zones, zoomed or
    /// not. Only taps: a stroke that moves off a link curls, pans or swipes as anywhere else on the page.
    public var links: [Rect] = []
    /// Where a finger may start the swipe up that shows the page overlay (nil: nowhere, e.g. while it is shown) …
    public var edgeSwipeZone: Rect?
    /// … and how far up it must go, px.
    public var edgeSwipeDistance = 0.0

    public init(grabZones: [GrabZone] = [], tapArea: Rect = .zero, isZoomed: Bool = false, rightToLeft: Bool = false,
                controls: [ControlZone] = []) {
        self.grabZones = grabZones; self.tapArea = tapArea; self.isZoomed = isZoomed
        self.rightToLeft = rightToLeft; self.controls = controls
    }

    /// Sets `grabZones` to the standard zones (sizes from `config`) of the page that turns forward and of
    /// the page that a backward turn lifts; nil where no page can turn that way (first/last page).
    public mutating func setTurnablePages(forward: TurnablePage?, backward: TurnablePage?, config: GestureConfig) {
        grabZones = []
        for (page, dir) in [(forward, TurnDirection.forward), (backward, .backward)] {
            guard let page else { continue }
            grabZones += GrabZone.standard(page: page.rect, outerEdge: page.outerEdge, direction: dir,
                                           size: config.grabSize, outset: config.grabOutset)
        }
    }

    /// The control a down at `p` belongs to, if any.
    func control(at p: Vec2) -> ScreenControl? {
        controls.first { $0.rect.contains(p) }?.control
    }

    /// Whether a tap at `p` lands on a link.
    func link(at p: Vec2) -> Bool { links.contains { $0.contains(p) } }

    /// The zone a down at `p` picks up, honouring the zoomed-edge policy.
    func grabZone(at p: Vec2, _ config: GestureConfig) -> GrabZone? {
        grabZones.first { zone in
            if isZoomed, !config.edgeGrabWhenZoomed, case .edge = zone.grab { return false }
            return zone.rect.contains(p)
        }
    }

    /// The turn a single tap at `p` asks for: outer thirds of `tapArea` on an unzoomed page, else nothing.
    func tapTurn(at p: Vec2, _ config: GestureConfig) -> TurnDirection? {
        guard !isZoomed, !tapArea.isEmpty, tapArea.contains(p) else { return nil }
        let zone = tapArea.width * config.tapZoneFraction
        guard zone > 0 else { return nil }
        if p.x <= tapArea.minX + zone { return rightToLeft ? .forward : .backward }
        if p.x >= tapArea.maxX - zone { return rightToLeft ? .backward : .forward }
        return nil
    }

    /// Whether `p` lies between the tap zones of an unzoomed page.
    func isMiddle(_ p: Vec2, _ config: GestureConfig) -> Bool {
        !isZoomed && !tapArea.isEmpty && tapArea.contains(p) && tapTurn(at: p, config) == nil
    }

    /// Forward for motion towards the left (LTR), towards the right (RTL).
    func direction(ofHorizontal dx: Double) -> TurnDirection {
        (dx < 0) != rightToLeft ? .forward : .backward
    }
}
