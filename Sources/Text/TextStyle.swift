/// A colour with 8-bit channels and straight alpha.
public struct TextColour: Sendable, Hashable {
    public var r: UInt8, g: UInt8, b: UInt8, a: UInt8

    public init(_ r: UInt8, _ g: UInt8, _ b: UInt8, _ a: UInt8 = 255) {
        self.r = r
        self.g = g
        self.b = b
        self.a = a
    }
}

/// How a string is set: font size in pixels, colour, the width it wraps at, how many lines it may take.
public struct TextStyle: Sendable, Hashable {
    /// Where the lines sit in the block. `leading` and `trailing` follow the paragraph's direction: a Hebrew
    /// or Arabic paragraph set `leading` is flush right.
    public enum Alignment: Sendable, Hashable { case leading, center, trailing }

    /// The font's em size in pixels (> 0).
    public var size: Double
    public var colour: TextColour
    /// Lines break at word boundaries (inside a word when one word is wider) to stay within this many pixels;
    /// nil sets each paragraph on one line.
    public var maxWidth: Int?
    /// With `maxWidth`, at most this many lines; the last ends in an ellipsis when the text is cut. 1 makes a
    /// title. nil: as many lines as the text needs.
    public var lineLimit: Int?
    public var alignment: Alignment
    /// A fontconfig family list; scripts the first family lacks fall back through fontconfig.
    public var family: String
    public var bold: Bool
    /// The text is Pango markup (`<i>`, `<b>`, entities): emphasis in a note. False: every character as it is.
    public var markup = false

    public init(size: Double, colour: TextColour = TextColour(0, 0, 0), maxWidth: Int? = nil, lineLimit: Int? = nil,
                alignment: Alignment = .leading, family: String = "sans-serif", bold: Bool = false) {
        precondition(size > 0, "text size must be positive, got \(size)")
        self.size = size
        self.colour = colour
        self.maxWidth = maxWidth.map { max(1, $0) }
        self.lineLimit = lineLimit.map { max(1, $0) }
        self.alignment = alignment
        self.family = family
        self.bold = bold
    }
}
