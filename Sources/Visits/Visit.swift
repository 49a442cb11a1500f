import Reader

/// Time spent on one page of one book during a visit, while the visitor was there.
public struct PageDwell: Sendable, Equatable {
    public var book: String
    public var page: Int
    public var ms: Double
    /// How many times the page came into view.
    public var shows: Int
    public init(book: String, page: Int, ms: Double, shows: Int) {
        self.book = book; self.page = page; self.ms = ms; self.shows = shows
    }
}

/// One visit: from the first input after the idle reset (or attract mode) to the idle reset.
public struct Visit: Sendable, Equatable {
    /// When it began: ms since 1970 (UTC), also the visit's key in a kiosk's database.
    public var startedAt: Int64
    /// The kiosk's offset from UTC then (minutes), for hours of the day in local time.
    public var utcOffsetMinutes: Int
    /// Start to the idle reset (ms); while open, start to the last input.
    public var lengthMS: Double
    /// Start to the last input (ms): the time the visitor was there for sure. Dwell adds up to this.
    public var activeMS: Double
    /// Attract mode was running when the visit began.
    public var attract: Bool
    public var books: [String]
    public var pages: [PageDwell]
    public var turns: [TurnKind: Int]
    public var zooms: [ZoomRecord]
    public var overlayUses: Int
    public var scrubberUses: Int
    /// Page recordings begun, how much of them was heard (ms), and how many had captions on screen.
    public var narrations = 0
    public var narrationHeardMS = 0.0
    public var captionedNarrations = 0
    /// The layers, notes, contents and languages used.
    public var uses = ReadingUses()
    /// Still going on (a database row left open by a killed reader is closed at the next start).
    public var open: Bool

    public init(startedAt: Int64, utcOffsetMinutes: Int = 0, lengthMS: Double = 0, activeMS: Double = 0,
                attract: Bool = false, books: [String] = [], pages: [PageDwell] = [], turns: [TurnKind: Int] = [:],
                zooms: [ZoomRecord] = [], overlayUses: Int = 0, scrubberUses: Int = 0, open: Bool = false) {
        self.startedAt = startedAt; self.utcOffsetMinutes = utcOffsetMinutes; self.lengthMS = lengthMS
        self.activeMS = activeMS; self.attract = attract; self.books = books; self.pages = pages; self.turns = turns
        self.zooms = zooms; self.overlayUses = overlayUses; self.scrubberUses = scrubberUses; self.open = open
    }

    public var turnCount: Int { turns.values.reduce(0, +) }
}
