import Geometry

/// The on-screen controls and the keyboard focus, in buffer pixels (not zoomed with the pages): square buttons
/// with light shapes on dark, a ring around the focused item and its label beside it. `scale` is buffer pixels
/// per window pixel; `textScale` the label's size as a factor of the overlay's (large text).
public struct ControlsLayer: Sendable, Hashable {
    public enum Glyph: Sendable, Hashable { case previous, next, zoomIn, zoomOut, fit, panLeft, panRight, panUp, panDown, contents, narration, replay, layers, language }
    public struct Button: Sendable, Hashable {
        public var glyph: Glyph
        public var rect: Rect
        public init(glyph: Glyph, rect: Rect) { self.glyph = glyph; self.rect = rect }
    }
    public var buttons: [Button]
    public var focus: Rect?
    public var label: String?
    public var labelCentre: Vec2
    public var scale: Double
    public var textScale: Double

    public init(buttons: [Button], focus: Rect?, label: String?, labelCentre: Vec2, scale: Double, textScale: Double) {
        self.buttons = buttons; self.focus = focus; self.label = label; self.labelCentre = labelCentre
        self.scale = scale; self.textScale = textScale
    }

    /// The colours, chosen for contrast whatever lies behind (WCAG 1.4.3, 1.4.11, 2.4.13): light shapes on a
    /// dark square (13.6:1) edged in light (so it stands out from a dark background as the dark square does from
    /// paper), and a yellow ring between two dark bands (11:1 against each, whatever the page or cover shows).
    public static let dark = RGBA(0.13, 0.13, 0.14)
    public static let light = RGBA(0.93, 0.93, 0.93)
    public static let ring = RGBA(1, 0.84, 0)
    /// The ring's bands, window px outward from the focused box: dark, yellow, dark.
    public static let ringBands: [(from: Double, to: Double)] = [(0, 3), (3, 7), (7, 10)]
    /// The light edge of a button, window px.
    public static let edge = 2.0
}
