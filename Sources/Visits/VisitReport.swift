import Reader
import Control

/// One self-contained report of kiosks' visits: HTML with SVG charts (no script, no font, no network), JSON and
/// CSV for other tools. Pure: the records and the page thumbnails (PNG data URIs) come in, text goes out.
public struct VisitReport: Sendable {
    public var records: [KioskRecord]
    public var summary: ReportSummary
    /// "book\u{0}page" (`thumbnailKey`) → the page's thumbnail, for the zoom heat maps.
    public var thumbnails: [String: Thumbnail]
    public var title: String

    public init(_ records: [KioskRecord], thumbnails: [String: Thumbnail] = [:], title: String = "Recto visits") {
        self.records = records
        self.summary = ReportSummary(records)
        self.thumbnails = thumbnails
        self.title = title
    }

    /// A small picture of a page: a data: URI (PNG) and its size in pixels.
    public struct Thumbnail: Sendable {
        public var dataURI: String
        public var width: Int, height: Int
        public init(dataURI: String, width: Int, height: Int) { self.dataURI = dataURI; self.width = width; self.height = height }
    }

    public static func thumbnailKey(book: String, page: Int) -> String { "\(book)\u{0}\(page)" }

    // MARK: JSON

    public func json() -> String {
        let s = summary
        func obj(_ pairs: [(String, String)]) -> String { "{" + pairs.map { "\(JSONText.string($0.0)):\($0.1)" }.joined(separator: ",") + "}" }
        func arr(_ items: [String]) -> String { "[" + items.joined(separator: ",") + "]" }
        let kiosks = s.kiosks.map { k in
            obj([("kiosk", JSONText.string(k.kiosk)), ("visits", "\(k.visits)"), ("attract_runs", "\(k.attractRuns)"),
                 ("attract_visits", "\(k.attractVisits)"), ("conversion", k.conversion.map { number($0) } ?? "null"),
                 ("active_seconds", number(k.activeMS / 1000)), ("median_visit_seconds", number(k.medianActiveMS / 1000)),
                 ("turns", obj(TurnKind.allCases.map { ($0.rawValue, "\(k.turns[$0] ?? 0)") })),
                 ("zooms", "\(k.zooms)"), ("overlay_uses", "\(k.overlayUses)"), ("scrubber_uses", "\(k.scrubberUses)"),
                 ("narrations", "\(k.narrations)"), ("narration_heard_seconds", number(k.narrationHeardMS / 1000)),
                 ("captioned_narrations", "\(k.captionedNarrations)"), ("layer_switches", "\(k.layerSwitches)"),
                 ("notes_opened", "\(k.notesOpened)"), ("contents_opened", "\(k.contentsOpened)"),
                 ("about_opened", "\(k.aboutOpened)"),
                 ("languages", obj(k.languages.sorted { $0.key < $1.key }.map { ($0.key, "\($0.value)") }))])
        }
        let days = s.days.map { obj([("date", JSONText.string(isoDate(day: $0.day))), ("visits", arr($0.counts.map(String.init)))]) }
        let books = s.books.map { b in
            obj([("book", JSONText.string(b.book)), ("pages", arr(b.pages.map { p in
                obj([("page", "\(p.page)"), ("dwell_seconds", arr(p.ms.map { number($0 / 1000) })),
                     ("visits", arr(p.visits.map(String.init)))])
            }))])
        }
        let zooms = s.zoomedPages.map { z in
            obj([("book", JSONText.string(z.book)), ("page", "\(z.page)"), ("centres", arr(z.points.map {
                obj([("x", number($0.x)), ("y", number($0.y)), ("scale", number($0.scale)), ("seconds", number($0.ms / 1000))])
            }))])
        }
        return obj([("kiosks", arr(kiosks)), ("days", arr(days)),
                    ("hours", arr(s.hours.map { arr($0.map(String.init)) })),
                    ("length_bounds_seconds", arr(ReportSummary.lengthBounds.map { number($0) })),
                    ("lengths", arr(s.lengths.map { arr($0.map(String.init)) })),
                    ("books", arr(books)), ("zoomed_pages", arr(zooms))]) + "\n"
    }

    // MARK: CSV

    /// One row per visit, every kiosk.
    public func csv() -> String {
        var out = "kiosk,started,utc_offset_minutes,length_seconds,active_seconds,attract,"
            + TurnKind.allCases.map { "turns_\($0.rawValue)" }.joined(separator: ",") + ",overlay,scrubber,narrations,narration_heard_seconds,captioned_narrations,layers,notes,contents,languages,about\n"
        for r in records {
            for v in r.visits {
                let fields = [csvField(r.kiosk), isoDateTime(ms: v.startedAt, offsetMinutes: v.utcOffsetMinutes),
                              "\(v.utcOffsetMinutes)", number(v.lengthMS / 1000), number(v.activeMS / 1000),
                              v.attract ? "1" : "0"] + TurnKind.allCases.map { "\(v.turns[$0] ?? 0)" }
                    + ["\(v.overlayUses)", "\(v.scrubberUses)", "\(v.narrations)", number(v.narrationHeardMS / 1000),
                       "\(v.captionedNarrations)", "\(v.uses.layerSwitches)", "\(v.uses.notesOpened)",
                       "\(v.uses.contentsOpened)", csvField(v.uses.languages.joined(separator: " ")), "\(v.uses.aboutOpened)"]
                out += fields.joined(separator: ",") + "\n"
            }
        }
        return out
    }
}

func csvField(_ s: String) -> String {
    s.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" }) ? "\"" + s.replacingAll("\"", "\"\"") + "\"" : s
}

/// Three decimals at most, no exponent for everyday figures.
func number(_ v: Double) -> String {
    guard v.isFinite else { return "null" }
    let r = (v * 1000).rounded() / 1000
    return r == r.rounded() && abs(r) < 1e15 ? String(Int64(r)) : String(r)
}

extension String {
    func replacingAll(_ target: Character, _ replacement: String) -> String {
        var out = ""
        for c in self { if c == target { out += replacement } else { out.append(c) } }
        return out
    }

    /// Escaped for HTML text and attribute values.
    var html: String {
        var out = ""
        for c in self {
            switch c {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            default: out.append(c)
            }
        }
        return out
    }
}
