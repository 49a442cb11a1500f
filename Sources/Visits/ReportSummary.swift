import Reader


/// The figures a report shows, worked out from one or more kiosks' records: each table has a column per kiosk
/// and one for all of them.
public struct ReportSummary: Sendable {
    public struct KioskTotals: Sendable, Equatable {
        public var kiosk: String
        public var visits = 0
        public var attractRuns = 0
        /// Visits that attract mode began.
        public var attractVisits = 0
        public var activeMS = 0.0
        public var medianActiveMS = 0.0
        public var turns: [TurnKind: Int] = [:]
        public var zooms = 0
        public var overlayUses = 0
        public var scrubberUses = 0
        public var narrations = 0
        public var narrationHeardMS = 0.0
        public var captionedNarrations = 0
        public var layerSwitches = 0
        public var notesOpened = 0
        public var contentsOpened = 0
        public var aboutOpened = 0
        /// Visits that chose each language, by language.
        public var languages: [String: Int] = [:]
        /// Attract runs that a visitor ended (a visit began), as a fraction (nil without attract runs).
        public var conversion: Double? { attractRuns > 0 ? Double(attractVisits) / Double(attractRuns) : nil }
    }

    public struct PageRow: Sendable, Equatable {
        public var page: Int
        public var ms: [Double]
        public var visits: [Int]
        public var totalMS: Double { ms.reduce(0, +) }
        public var totalVisits: Int { visits.reduce(0, +) }
    }

    public struct ZoomedPage: Sendable, Equatable {
        public var book: String
        public var page: Int
        public var points: [ZoomRecord]
    }

    /// Upper bounds (s) of the visit length buckets; the last bucket has none.
    public static let lengthBounds: [Double] = [15, 30, 60, 120, 300, 600, 1200]

    public var kiosks: [KioskTotals]
    /// Local calendar days (days since 1970) with visits per kiosk.
    public var days: [(day: Int, counts: [Int])]
    /// Visits by local hour of the day (0…23) per kiosk.
    public var hours: [[Int]]
    /// Visits by length bucket per kiosk (`lengthBounds`, then longer).
    public var lengths: [[Int]]
    /// Per book (by name), its pages ranked by dwell, most first.
    public var books: [(book: String, pages: [PageRow])]
    /// The pages zoomed most, most first, with every zoom's centre.
    public var zoomedPages: [ZoomedPage]

    public init(_ records: [KioskRecord], zoomedPageLimit: Int = 6) {
        let n = records.count
        kiosks = records.map { r in
            var k = KioskTotals(kiosk: r.kiosk)
            k.visits = r.visits.count
            k.attractRuns = r.attractRuns
            k.attractVisits = r.visits.filter(\.attract).count
            k.activeMS = r.visits.reduce(0) { $0 + $1.activeMS }
            let sorted = r.visits.map(\.activeMS).sorted()
            k.medianActiveMS = sorted.isEmpty ? 0
                : sorted.count % 2 == 1 ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
            for v in r.visits {
                for (kind, c) in v.turns { k.turns[kind, default: 0] += c }
                k.overlayUses += v.overlayUses
                k.scrubberUses += v.scrubberUses
                k.narrations += v.narrations
                k.narrationHeardMS += v.narrationHeardMS
                k.captionedNarrations += v.captionedNarrations
                k.layerSwitches += v.uses.layerSwitches
                k.notesOpened += v.uses.notesOpened
                k.contentsOpened += v.uses.contentsOpened
                k.aboutOpened += v.uses.aboutOpened
                for language in v.uses.languages { k.languages[language, default: 0] += 1 }
            }
            k.zooms = r.zooms.count
            return k
        }
        var dayCounts: [Int: [Int]] = [:]
        hours = Array(repeating: Array(repeating: 0, count: n), count: 24)
        lengths = Array(repeating: Array(repeating: 0, count: n), count: Self.lengthBounds.count + 1)
        for (i, r) in records.enumerated() {
            for v in r.visits {
                let (day, hour) = v.localDayAndHour
                dayCounts[day, default: Array(repeating: 0, count: n)][i] += 1
                hours[hour][i] += 1
                let bucket = Self.lengthBounds.firstIndex { v.activeMS / 1000 < $0 } ?? Self.lengthBounds.count
                lengths[bucket][i] += 1
            }
        }
        days = dayCounts.keys.sorted().map { ($0, dayCounts[$0]!) }
        var byBook: [String: [Int: PageRow]] = [:]
        for (i, r) in records.enumerated() {
            for p in r.pages {
                var row = byBook[p.book]?[p.page] ?? PageRow(page: p.page, ms: Array(repeating: 0, count: n),
                                                            visits: Array(repeating: 0, count: n))
                row.ms[i] += p.ms
                row.visits[i] += p.visits
                byBook[p.book, default: [:]][p.page] = row
            }
        }
        books = byBook.keys.sorted().map { book in
            (book, byBook[book]!.values.sorted { ($0.totalMS, -$0.page) > ($1.totalMS, -$1.page) })
        }
        var zoomsByPage: [String: ZoomedPage] = [:]
        for r in records {
            for z in r.zooms {
                zoomsByPage["\(z.book)\u{0}\(z.page)", default: ZoomedPage(book: z.book, page: z.page, points: [])].points.append(z)
            }
        }
        zoomedPages = Array(zoomsByPage.values.sorted {
            ($0.points.count, $1.book, -$0.page) > ($1.points.count, $0.book, -$1.page)
        }.prefix(zoomedPageLimit))
    }

    public var totalVisits: Int { kiosks.reduce(0) { $0 + $1.visits } }
}

/// Days since 1970 → "2026-11-26" (proleptic Gregorian; Howard Hinnant's civil-from-days).
func isoDate(day: Int) -> String {
    let z = day + 719_468
    let era = (z >= 0 ? z : z - 146_096) / 146_097
    let doe = z - era * 146_097
    let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
    let mp = (5 * doy + 2) / 153
    let d = doy - (153 * mp + 2) / 5 + 1
    let m = mp < 10 ? mp + 3 : mp - 9
    let y = yoe + era * 400 + (m <= 2 ? 1 : 0)
    func two(_ v: Int) -> String { v < 10 ? "0\(v)" : "\(v)" }
    return "\(y)-\(two(m))-\(two(d))"
}

/// ms since 1970 and a UTC offset → "2026-11-26 14:05".
func isoDateTime(ms: Int64, offsetMinutes: Int) -> String {
    let minutes = Int((Double(ms) / 60_000).rounded(.down)) + offsetMinutes
    let day = Int((Double(minutes) / 1440).rounded(.down))
    let m = minutes - day * 1440
    func two(_ v: Int) -> String { v < 10 ? "0\(v)" : "\(v)" }
    return "\(isoDate(day: day)) \(two(m / 60)):\(two(m % 60))"
}
