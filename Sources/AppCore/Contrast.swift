/// WCAG 2.x contrast: relative luminance of an sRGB colour and the ratio of two (1…21). Text needs 4.5:1
/// (1.4.3), controls' shapes and the focus ring 3:1 against what adjoins them (1.4.11, 2.4.13).
public enum Contrast {
    /// Relative luminance of 8-bit sRGB channels.
    public static func luminance(_ r: UInt8, _ g: UInt8, _ b: UInt8) -> Double {
        func linear(_ c: UInt8) -> Double {
            let s = Double(c) / 255
            return s <= 0.04045 ? s / 12.92 : pow((s + 0.055) / 1.055, 2.4)
        }
        return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b)
    }

    /// The contrast ratio of two luminances, lighter over darker.
    public static func ratio(_ a: Double, _ b: Double) -> Double { (max(a, b) + 0.05) / (min(a, b) + 0.05) }

    public static func ratio(_ a: (UInt8, UInt8, UInt8), _ b: (UInt8, UInt8, UInt8)) -> Double {
        ratio(luminance(a.0, a.1, a.2), luminance(b.0, b.1, b.2))
    }

    /// x^y for x > 0 without Foundation (exp and log by series would do; the stdlib has neither, so by
    /// repeated square roots: 2.4 = 2 + 1/4 + 1/8 + 1/32 + …, exact enough for contrast to 4 digits).
    static func pow(_ x: Double, _ y: Double) -> Double {
        guard x > 0 else { return 0 }
        var result = 1.0, base = x, exponent = y
        while exponent >= 1 { result *= base; exponent -= 1 }
        var root = x
        for _ in 0..<40 {
            root = root.squareRoot()
            exponent *= 2
            if exponent >= 1 { result *= root; exponent -= 1 }
            if exponent == 0 { break }
        }
        return result
    }
}
