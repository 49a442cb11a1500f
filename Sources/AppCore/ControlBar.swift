import Geometry
import Panels

/// Where the on-screen controls lie in a window (logical px): one row of square buttons, 3 mm (at least the
/// focus ring's width) from the top edge and from each other, or from the bottom edge in reach mode (a screen mounted high, a seated visitor): the home control in the left corner,
/// then, centred, previous page, zoom out, fit, zoom in, the four pan steps while zoomed, next page. Right-to-left
/// books mirror the centred group, so "next" is where the book turns to and the order stays reading order.
/// Pure: tested without a screen.
public struct ControlBar: Sendable, Equatable {
    /// The touch target's side on the real screen (EN 301 549 / WCAG 2.5.8 ask for 24 px, 44 px is the aim).
    public static let targetMM = 9.0
    public static let minimumTarget = 44.0
    /// Large text makes the buttons this much larger too.
    public static let largeFactor = 1.3
    /// Room around each button for the focus ring (10 px wide) and a little more, window px.
    public static let clearance = 12.0
    /// Buttons in reading order (the focus order).
    public let buttons: [ControlButton]
    /// A button's side, px.
    public let target: Double
    /// The row's band (its buttons and the gaps between them).
    public let band: Rect

    /// `home`: a book read from the shelf (the home control is part of the row in reach mode; at the top it
    /// keeps its corner). `zoomed`: the pan steps show. `contents`: the book has a table of contents (its
    /// control ends the row). `narration`: the kiosk plays pages' recordings (its controls, play/pause
    /// and from the start, follow next page). `layers`: the book has notes (the layers control follows).
    /// `language`: the visitor can choose among languages (the language control follows). `about`: the book says
    /// something about itself (its control ends the row).
    public init(width: Double, height: Double, pixelsPerMM: Double?, reach: Bool, large: Bool, rightToLeft: Bool,
                zoomed: Bool, home: Bool, contents: Bool = false, narration: Bool = false, layers: Bool = false,
                language: Bool = false, about: Bool = false) {
        let perMM = pixelsPerMM.flatMap { $0 > 0 && $0.isFinite ? $0 : nil } ?? OverlayLayout.fallbackPixelsPerMM
        let t = max(Self.minimumTarget, Self.targetMM * perMM) * (large ? Self.largeFactor : 1)
        let gap = max(Self.clearance, 3 * perMM), inset = gap
        target = t
        var actions: [ControlAction] = [.previous, .zoomOut, .fit, .zoomIn]
        if zoomed { actions += rightToLeft ? [.panRight, .panUp, .panDown, .panLeft] : [.panLeft, .panUp, .panDown, .panRight] }
        actions.append(.next)
        if narration { actions += [.narration, .replay] }
        if layers { actions.append(.layers) }
        if language { actions.append(.language) }
        if contents { actions.append(.contents) }
        if about { actions.append(.about) }
        let y = reach ? height - inset - t : inset
        let rowWidth = Double(actions.count) * t + Double(actions.count - 1) * gap
        var x0 = (width - rowWidth) / 2
        // The home control keeps clear of the row: the row moves right when the window is too narrow for both.
        let homeRight = home ? inset + t + 2 * gap : 0
        if x0 < homeRight { x0 = homeRight }
        var placed: [ControlButton] = []
        if home { placed.append(ControlButton(action: .home, rect: Rect(x: inset, y: y, width: t, height: t))) }
        for (i, a) in actions.enumerated() {
            placed.append(ControlButton(action: a, rect: Rect(x: x0 + Double(i) * (t + gap), y: y, width: t, height: t)))
        }
        if rightToLeft {
            placed = placed.map { b in
                var m = b
                if b.action != .home { m.rect.x = width - b.rect.maxX }
                return m
            }
        }
        buttons = placed
        let xs = placed.map(\.rect.minX), xe = placed.map(\.rect.maxX)
        band = Rect(x: xs.min() ?? 0, y: y, width: (xe.max() ?? 0) - (xs.min() ?? 0), height: t)
    }

    /// The button under `p`, if any.
    public func button(at p: Vec2) -> ControlButton? { buttons.first { $0.rect.contains(p) } }
}
