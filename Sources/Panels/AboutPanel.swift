import Geometry

/// "About this book" over the pages (window px): a dark box with its heading and what the book says about itself
/// (its summary, the label and value of each fact, who must be credited, its rights, who provides it), in the
/// visitor's language where the book gives one, from the first line shown (it scrolls).
public struct AboutPanel: Sendable, Equatable {
    /// The most room it takes: a short text's box ends below its last line.
    public var box: Rect
    public var heading: String
    /// Pango markup, one fact a line (each line closes the emphasis it opens).
    public var markup: String
    /// Lines above the first shown (the heading says so with an arrow).
    public var linesAbove: Int
    /// Text size as a factor of the overlay's (large text).
    public var textScale: Double

    public init(box: Rect, heading: String, markup: String, linesAbove: Int, textScale: Double) {
        self.box = box
        self.heading = heading
        self.markup = markup
        self.linesAbove = linesAbove
        self.textScale = textScale
    }
}
