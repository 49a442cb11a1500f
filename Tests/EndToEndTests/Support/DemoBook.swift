import Decoding
import Geometry

/// What the tests know about the bundled demo book (Assets/DemoBook/README.md) and recto's page layout.
enum DemoBook {
    static let pageCount = 14
    /// Every page is 1600×2240 px.
    static let pageWidth = 1600.0
    static let pageHeight = 2240.0
    /// recto's default `--background` (#29292b).
    static let background = RGB(41, 41, 43)

    /// Dominant paper colour of each page, index 0 = page 1 (closest pair 18.5 apart).
    static let colours: [RGB] = [
        RGB(44, 70, 52), RGB(245, 238, 216), RGB(236, 226, 244), RGB(224, 238, 208), RGB(214, 228, 242),
        RGB(248, 242, 196), RGB(244, 216, 212), RGB(252, 224, 186), RGB(216, 242, 230), RGB(240, 226, 156),
        RGB(208, 218, 204), RGB(226, 224, 222), RGB(230, 214, 176), RGB(98, 38, 44),
    ]

    static func colour(ofPage page: Int) -> RGB { colours[page - 1] }

    /// The page whose paper colour is nearest to `colour`, and how far it is.
    static func nearestPage(to colour: RGB) -> (page: Int, distance: Double) {
        let distances = colours.map { $0.distance(to: colour) }
        let index = distances.indices.min { distances[$0] < distances[$1] }!
        return (index + 1, distances[index])
    }

    /// Which page `rect` of `image` shows, judged by its dominant colour (inset, to stay clear of edges).
    static func page(in image: RGBAImage, _ rect: PixelRect, inset: Int = 12) -> (page: Int, distance: Double,
                                                                                colour: RGB) {
        let inner = PixelRect(x: rect.x + inset, y: rect.y + inset,
                              width: rect.width - 2 * inset, height: rect.height - 2 * inset)
        let colour = image.dominantColour(in: inner)
        let nearest = nearestPage(to: colour)
        return (nearest.page, nearest.distance, colour)
    }
}

/// Where recto puts pages (ReaderConfig defaults): margins of 2 % of the window's shorter side, pages scaled to
/// fit what is left at a common height, a double spread meeting at the window's vertical centre line.
enum PageLayout {
    static func margin(width: Int, height: Int) -> Double { 0.02 * Double(min(width, height)) }

    /// The left and right page rectangles of a double spread of demo pages.
    static func double(width: Int, height: Int) -> (left: PixelRect, right: PixelRect) {
        let m = margin(width: width, height: height)
        let scale = min((Double(height) - 2 * m) / DemoBook.pageHeight,
                        (Double(width) / 2 - m) / DemoBook.pageWidth)
        let w = Int((DemoBook.pageWidth * scale).rounded())
        let h = Int((DemoBook.pageHeight * scale).rounded())
        let spine = width / 2
        let top = (height - h) / 2
        return (PixelRect(x: spine - w, y: top, width: w, height: h), PixelRect(x: spine, y: top, width: w, height: h))
    }

    /// The page rectangle of a single demo page, centred.
    static func single(width: Int, height: Int) -> PixelRect {
        let m = margin(width: width, height: height)
        let scale = min((Double(height) - 2 * m) / DemoBook.pageHeight, (Double(width) - 2 * m) / DemoBook.pageWidth)
        let w = Int((DemoBook.pageWidth * scale).rounded())
        let h = Int((DemoBook.pageHeight * scale).rounded())
        return PixelRect(x: (width - w) / 2, y: (height - h) / 2, width: w, height: h)
    }
}
