import Geometry

/// The table of contents over the book (window px): a dark box, its title, one row per entry shown (its title
/// indented by its level, its page at the right), the section on screen on a lighter band, the entry the keys
/// are on ringed as the focus is.
public struct ContentsPanel: Sendable, Equatable {
    public struct Row: Sendable, Equatable {
        public var rect: Rect
        public var title: String
        /// The page it opens, as the overlay names pages.
        public var page: String
        public var level: Int
        /// The section the page on screen is in.
        public var current: Bool
        /// Where the keys are (ringed while the focus shows).
        public var focused: Bool

        public init(rect: Rect, title: String, page: String, level: Int, current: Bool, focused: Bool) {
            self.rect = rect
            self.title = title
            self.page = page
            self.level = level
            self.current = current
            self.focused = focused
        }
    }
    public var box: Rect
    public var title: String
    public var titleRect: Rect
    public var rows: [Row]
    /// Text size as a factor of the overlay's (large text).
    public var textScale: Double
    /// Shown by keys: the focused row is ringed.
    public var focusShown: Bool
    /// Entries above and below the rows shown (the list scrolls).
    public var moreAbove: Bool
    public var moreBelow: Bool

    public init(box: Rect, title: String, titleRect: Rect, rows: [Row], textScale: Double, focusShown: Bool,
                moreAbove: Bool, moreBelow: Bool) {
        self.box = box
        self.title = title
        self.titleRect = titleRect
        self.rows = rows
        self.textScale = textScale
        self.focusShown = focusShown
        self.moreAbove = moreAbove
        self.moreBelow = moreBelow
    }
}
