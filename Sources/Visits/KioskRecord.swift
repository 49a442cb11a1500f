import Reader

/// What one kiosk's database holds, as the report needs it: every visit's row, page dwell summed per page,
/// every zoom centre, and attract mode's runs. Read from the visit database, drawn by `VisitReport`.
public struct KioskRecord: Sendable, Equatable {
    public struct VisitRow: Sendable, Equatable {
        public var startedAt: Int64
        public var utcOffsetMinutes: Int
        public var lengthMS: Double
        public var activeMS: Double
        public var attract: Bool
        public var turns: [TurnKind: Int]
        public var overlayUses: Int
        public var scrubberUses: Int
        public var narrations: Int
        public var narrationHeardMS: Double
        public var captionedNarrations: Int
        public var uses: ReadingUses
        public init(startedAt: Int64, utcOffsetMinutes: Int, lengthMS: Double, activeMS: Double, attract: Bool,
                    turns: [TurnKind: Int], overlayUses: Int, scrubberUses: Int, narrations: Int = 0,
                    narrationHeardMS: Double = 0, captionedNarrations: Int = 0, uses: ReadingUses = ReadingUses()) {
            self.startedAt = startedAt; self.utcOffsetMinutes = utcOffsetMinutes; self.lengthMS = lengthMS
            self.activeMS = activeMS; self.attract = attract; self.turns = turns; self.overlayUses = overlayUses
            self.scrubberUses = scrubberUses; self.narrations = narrations; self.narrationHeardMS = narrationHeardMS
            self.captionedNarrations = captionedNarrations
            self.uses = uses
        }

        /// The local calendar day (days since 1970) and hour when the visit began.
        public var localDayAndHour: (day: Int, hour: Int) {
            let minutes = Int(startedAt / 60_000) + utcOffsetMinutes
            let day = Int((Double(minutes) / 1440).rounded(.down))
            return (day, (minutes - day * 1440) / 60)
        }
    }

    /// Dwell on one page summed over visits.
    public struct PageTotal: Sendable, Equatable {
        public var book: String
        public var page: Int
        public var ms: Double
        /// Visits that showed the page.
        public var visits: Int
        public init(book: String, page: Int, ms: Double, visits: Int) {
            self.book = book; self.page = page; self.ms = ms; self.visits = visits
        }
    }

    /// The kiosk's name (its host name unless set), for the report's columns.
    public var kiosk: String
    public var visits: [VisitRow]
    public var pages: [PageTotal]
    public var zooms: [ZoomRecord]
    /// How many times attract mode began.
    public var attractRuns: Int

    public init(kiosk: String, visits: [VisitRow] = [], pages: [PageTotal] = [], zooms: [ZoomRecord] = [],
                attractRuns: Int = 0) {
        self.kiosk = kiosk; self.visits = visits; self.pages = pages; self.zooms = zooms; self.attractRuns = attractRuns
    }
}
