import Decoding

/// Pages of neutral grey, each with a square marker of its own hue at every corner: the marker of the
/// grabbed corner shows where the renderer put that corner.
enum MarkerBook {
    static let pageWidth = 500, pageHeight = 700, marker = 12

    /// Hue (degrees) of page `n`'s markers; neighbouring pages differ by 80° or more.
    static func hue(ofPage n: Int) -> Double { Double((n * 140) % 360) }

    static func page(_ n: Int) -> RGBAImage {
        let w = pageWidth, h = pageHeight
        var px = [UInt8](repeating: 0, count: w * h * 4)
        let grey = UInt8(175 + (n * 13) % 50)
        let (r, g, b) = rgb(hue: hue(ofPage: n))
        for y in 0..<h {
            for x in 0..<w {
                let i = (y * w + x) * 4
                let inMarker = (x < marker || x >= w - marker) && (y < marker || y >= h - marker)
                px[i] = inMarker ? r : grey
                px[i + 1] = inMarker ? g : grey
                px[i + 2] = inMarker ? b : grey
                px[i + 3] = 255
            }
        }
        return RGBAImage(width: w, height: h, pixels: px)
    }

    /// Fully saturated colour of a hue.
    static func rgb(hue: Double) -> (UInt8, UInt8, UInt8) {
        let h = hue / 60
        let x = 1 - abs(h.truncatingRemainder(dividingBy: 2) - 1)
        let (r, g, b): (Double, Double, Double)
        switch Int(h) % 6 {
        case 0: (r, g, b) = (1, x, 0)
        case 1: (r, g, b) = (x, 1, 0)
        case 2: (r, g, b) = (0, 1, x)
        case 3: (r, g, b) = (0, x, 1)
        case 4: (r, g, b) = (x, 0, 1)
        default: (r, g, b) = (1, 0, x)
        }
        return (UInt8(r * 255), UInt8(g * 255), UInt8(b * 255))
    }
}
