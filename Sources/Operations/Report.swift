import ArgumentParser
import Decoding
import Diagnostics
import Geometry
import Glibc
import Pages
import Visits

/// `recto report [DB…] [--out report.html]`: the visit statistics of one or more kiosks as one self-contained
/// HTML file (or JSON, or CSV), to standard output unless `--out` names a file.
public struct Report: ParsableCommand {
    public init() {}

    public static let configuration = CommandConfiguration(
        abstract: "Write a report of the visits recorded in one or more kiosks' databases (HTML, JSON or CSV).",
        discussion: """
        Each DB is a kiosk's visits.db (default: this machine's, $XDG_STATE_HOME/recto/visits.db); several \
        are merged into one report with a column per kiosk (named by host, else by file). The HTML is one \
        file with its charts drawn in SVG: no network, no script, no font to fetch. --book lets the zoom heat \
        maps show the pages themselves (matched by the book's file or folder name). The report goes to \
        standard output unless --out names a file.

        \(ExitStatus.helpSection([.ok, .usage]))
        """)

    @Argument(help: ArgumentHelp("Visit databases (visits.db), one per kiosk.", valueName: "db"))
    var databases: [String] = []

    @Option(help: ArgumentHelp("Where to write the report (default, or '-': standard output).", valueName: "file"))
    var out: String?

    @Flag(help: "Write JSON (the report's figures) instead of HTML.")
    var json = false

    @Flag(help: "Write CSV (one row per visit) instead of HTML.")
    var csv = false

    @Option(name: .customLong("book"), help: ArgumentHelp("A book the kiosks show, for page thumbnails (repeatable).", valueName: "path"))
    var books: [String] = []

    @Option(help: ArgumentHelp("Only visits from this date on (YYYY-MM-DD, UTC).", valueName: "date"))
    var since: String?

    @Option(help: "The report's title.")
    var title = "Recto visits"

    /// The visits of each database (this machine's when none is given) from `since` (YYYY-MM-DD, UTC) on.
    static func records(_ databases: [String], since: String?) throws -> [KioskRecord] {
        var paths = databases
        if paths.isEmpty {
            var env: [String: String] = [:]
            for key in ["XDG_STATE_HOME", "HOME"] { if let v = getenv(key) { env[key] = String(cString: v) } }
            guard let dir = VisitStats.directory(environment: env) else { throw RectoExit(.usage, "no database given and no state directory") }
            paths = [dir + "/visits.db"]
        }
        let sinceMS = since.flatMap(Self.parseDate).map { Int64($0) * 86_400_000 } ?? 0
        var records: [KioskRecord] = []
        for path in paths {
            do {
                let db = try VisitDatabase(readingFrom: path)
                defer { db.close() }
                var record = try db.record(since: sinceMS, kioskFallback: VisitStats.bookName(path))
                // Two databases from kiosks of one name (copies of one image) stay apart.
                if records.contains(where: { $0.kiosk == record.kiosk }) { record.kiosk += " (\(path))" }
                records.append(record)
            } catch {
                throw RectoExit(.usage, "\(error)")
            }
        }
        return records
    }

    public func validate() throws {
        if json && csv { throw ValidationError("--json and --csv: choose one") }
        if let since, Self.parseDate(since) == nil { throw ValidationError("--since wants YYYY-MM-DD, not '\(since)'") }
    }

    public func run() throws {
        let records = try Self.records(databases, since: since)
        let report = VisitReport(records, thumbnails: thumbnails(for: ReportSummary(records).zoomedPages), title: title)
        let text = json ? report.json() : csv ? report.csv() : report.html()
        guard let out, out != "-" else {
            writeAll(1, text)
            return
        }
        do { try FileIO.writeAtomically(Array(text.utf8), to: out) } catch {
            throw RectoExit(.usage, "cannot write \(out): \(error)")
        }
    }

    /// The zoomed pages of the books given, as small PNGs.
    private func thumbnails(for pages: [ReportSummary.ZoomedPage]) -> [String: VisitReport.Thumbnail] {
        var sources: [String: PageSource] = [:]
        for path in books {
            do { sources[VisitStats.bookName(path)] = try PageSource.open(path: path) } catch {
                printError("warning: \(path): \(error); its pages have no thumbnails")
            }
        }
        var out: [String: VisitReport.Thumbnail] = [:]
        for z in pages {
            guard let source = sources[z.book], z.page >= 1, z.page <= source.pageCount else { continue }
            do {
                let image = try source.image(of: z.page, fitting: PixelSize(width: 240, height: 320))
                let png = try PNGEncoder.encode(image)
                out[VisitReport.thumbnailKey(book: z.book, page: z.page)] = VisitReport.Thumbnail(
                    dataURI: "data:image/png;base64," + base64(png), width: image.width, height: image.height)
            } catch {
                printError("warning: \(z.book) page \(z.page): \(error); no thumbnail")
            }
        }
        return out
    }

    /// "YYYY-MM-DD" → days since 1970.
    static func parseDate(_ s: String) -> Int? {
        let parts = s.split(separator: "-").compactMap { Int($0) }
        guard parts.count == 3, (1...12).contains(parts[1]), (1...31).contains(parts[2]) else { return nil }
        let (y0, m, d) = (parts[0], parts[1], parts[2])
        let y = m <= 2 ? y0 - 1 : y0
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let doy = (153 * (m > 2 ? m - 3 : m + 9) + 2) / 5 + d - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }
}
