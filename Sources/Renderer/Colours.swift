import Geometry

/// An RGBA colour with components in 0…1.
public struct RGBA: Sendable, Hashable {
    public var r: Double, g: Double, b: Double, a: Double
    public init(_ r: Double, _ g: Double, _ b: Double, _ a: Double = 1) { self.r = r; self.g = g; self.b = b; self.a = a }
    /// Parses `#rrggbb` or `rrggbb`.
    public init?(hex: String) {
        let s = hex.hasPrefix("#") ? String(hex.dropFirst()) : hex
        guard s.count == 6, let v = UInt32(s, radix: 16) else { return nil }
        self.init(Double((v >> 16) & 0xff) / 255, Double((v >> 8) & 0xff) / 255, Double(v & 0xff) / 255)
    }
    public static let paper = RGBA(0.965, 0.949, 0.918)

    /// This colour moved `amount` of the way to `other` (0: itself, 1: `other`), opaque.
    func mixed(toward other: RGBA, by amount: Double) -> RGBA {
        RGBA(r + (other.r - r) * amount, g + (other.g - g) * amount, b + (other.b - b) * amount)
    }
}

/// The colours of the controls and the panels drawn like them, chosen for contrast whatever lies behind (WCAG
/// 1.4.3, 1.4.11, 2.4.13): light shapes on a dark square (13.6:1) edged in light (so it stands out from a dark
/// background as the dark square does from paper), and a yellow ring between two dark bands (11:1 against each,
/// whatever the page or cover shows).
enum ControlColours {
    static let dark = RGBA(0.13, 0.13, 0.14)
    static let light = RGBA(0.93, 0.93, 0.93)
    static let ring = RGBA(1, 0.84, 0)
    /// The ring's bands, window px outward from the focused box: dark, yellow, dark.
    static let ringBands: [(from: Double, to: Double)] = [(0, 3), (3, 7), (7, 10)]
    /// The light edge of a button, window px.
    static let edge = 2.0
    /// The contents' current section: white on 0.13 grey is 15:1, on this band 9:1.
    static let band = RGBA(0.27, 0.27, 0.29)
}
