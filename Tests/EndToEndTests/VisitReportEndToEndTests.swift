import Reader
import Decoding
import Foundation
import Testing
import Visits

/// The report must-show: two kiosks' databases (written by recto's own writer) → `recto report` → one
/// self-contained HTML whose figures are the databases', opened in real headless Chromium at desktop and phone
/// widths (the screenshots stay in the test's scratch directory).
@Suite(.serialized) struct VisitReportEndToEndTests {
    static func run(_ program: String, _ arguments: [String]) throws -> String {
        let child = try ChildProcess(program, arguments: arguments, environment: ["HOME": NSTemporaryDirectory()])
        let ended = try child.waitForExit(timeout: .seconds(120))
        try child.stdout?.waitForEnd(timeout: .seconds(5))
        try child.stderr?.waitForEnd(timeout: .seconds(5))
        guard ended == .exited(0) else {
            throw HarnessError.failed("\(program) \(arguments.joined(separator: " ")): \(ended)", detail: child.stderr?.text ?? "")
        }
        return child.stdout?.text ?? ""
    }

    /// JSON, CSV and HTML go to standard output unless --out names a file; `--out -` is standard output too.
    @Test func theReportGoesToStandardOutputUnlessOutNamesAFile() throws {
        let recto = try RectoBinary.locate().path
        let dir = try Scratch.makeDirectory("report-out")
        let db = dir.appendingPathComponent("kiosk.db").path
        _ = try Self.run(recto, ["bench-visits", "--out", db, "--days", "2", "--per-day", "5", "--seed", "3", "--kiosk", "k"])
        let json = try Self.run(recto, ["report", db, "--json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        #expect((object["kiosks"] as? [[String: Any]])?.map { $0["visits"] as? Int } == [10])
        #expect(try Self.run(recto, ["report", db, "--json", "--out", "-"]) == json)
        let csv = try Self.run(recto, ["report", db, "--csv"])
        #expect(csv.split(separator: "\n").count == 11, "a header and a row per visit")
        #expect(try Self.run(recto, ["report", db]).hasPrefix("<!DOCTYPE html>"))

        let file = dir.appendingPathComponent("report.csv").path
        #expect(try Self.run(recto, ["report", db, "--csv", "--out", file]).isEmpty, "nothing on stdout")
        #expect(try String(contentsOfFile: file, encoding: .utf8) == csv)
    }

    @Test func twoKiosksInOneReportWithTheirOwnFigures() throws {
        let recto = try RectoBinary.locate().path
        let dir = try Scratch.makeDirectory("report")
        let a = dir.appendingPathComponent("hall-a.db").path, b = dir.appendingPathComponent("hall-b.db").path
        _ = try Self.run(recto, ["bench-visits", "--out", a, "--days", "10", "--per-day", "40", "--seed", "1", "--kiosk", "hall-a"])
        _ = try Self.run(recto, ["bench-visits", "--out", b, "--days", "10", "--per-day", "25", "--seed", "2", "--kiosk", "hall-b"])
        let html = dir.appendingPathComponent("report.html").path
        let demo = RectoBinary.packageRoot.appendingPathComponent("Assets/DemoBook").path
        _ = try Self.run(recto, ["report", a, b, "--out", html, "--book", demo])
        let text = try String(contentsOfFile: html, encoding: .utf8)

        // The figures, from the databases themselves.
        let ra = try VisitDatabase(readingFrom: a).record(kioskFallback: "?")
        let rb = try VisitDatabase(readingFrom: b).record(kioskFallback: "?")
        #expect(ra.visits.count == 400 && rb.visits.count == 250)
        #expect(text.contains("<td>Visits</td><td>400</td><td>250</td><td>650</td>"), "kiosk table")
        #expect(text.contains("650 visits on 2 kiosks"))
        let attract = (ra.visits.filter(\.attract).count, rb.visits.filter(\.attract).count)
        #expect(text.contains("<td>Attract mode began</td><td>\(ra.attractRuns)</td><td>\(rb.attractRuns)</td><td>\(ra.attractRuns + rb.attractRuns)</td>"))
        #expect(text.contains("<td>Visits it began</td><td>\(attract.0)</td><td>\(attract.1)</td>"))
        for kind in TurnKind.allCases {
            let ta = ra.visits.reduce(0) { $0 + ($1.turns[kind] ?? 0) }, tb = rb.visits.reduce(0) { $0 + ($1.turns[kind] ?? 0) }
            #expect(text.contains("<td>Turns: \(kind.rawValue)</td><td>\(ta)</td><td>\(tb)</td><td>\(ta + tb)</td>"), "\(kind)")
        }
        // The page read longest in the demo book, over both kiosks, heads its table.
        var dwell: [Int: Double] = [:]
        for p in (ra.pages + rb.pages) where p.book == "DemoBook" { dwell[p.page, default: 0] += p.ms }
        let top = try #require(dwell.max { ($0.value, -$0.key) < ($1.value, -$1.key) })
        let table = try #require(text.range(of: "<h3>DemoBook</h3>"))
        #expect(text[table.upperBound...].contains("<tbody>\n<tr><td>\(top.key)</td>"), "page \(top.key) first")
        // Self-contained: nothing fetched, no script; the heat maps carry their thumbnails.
        #expect(!text.contains("http://") && !text.contains("https://") && !text.contains("<script"))
        #expect(text.contains("<image href=\"data:image/png;base64,"))

        // JSON says the same (on standard output: no --out).
        let json = try Self.run(recto, ["report", a, b, "--json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let kiosks = try #require(object["kiosks"] as? [[String: Any]])
        #expect(kiosks.map { $0["visits"] as? Int } == [400, 250])
        // `recto ctl stats`: the same figures for one kiosk, from a date on, with no reader running.
        func statsVisits(_ since: String) throws -> [Int?] {
            let text = try Self.run(recto, ["ctl", "stats", "--database", a, "--since", since])
            let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
            return try #require(object["kiosks"] as? [[String: Any]]).map { $0["visits"] as? Int }
        }
        #expect(try statsVisits("2000-01-01") == [400])
        #expect(try statsVisits("2999-01-01") == [0])
        let csv = try Self.run(recto, ["report", a, b, "--csv", "--out", "-"])
        #expect(csv.split(separator: "\n").count == 651)

        // Real Chromium draws it: desktop and phone widths, both kiosks' colours on screen.
        for (name, size) in [("desktop", "1000,2400"), ("phone", "390,1800")] {
            let shot = dir.appendingPathComponent("report-\(name).png").path
            _ = try Self.run("chromium", ["--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
                                          "--window-size=\(size)", "--screenshot=\(shot)", "file://\(html)"])
            let image = try ImageDecoder.decode(contentsOf: shot)
            var blue = 0, orange = 0
            for y in stride(from: 0, to: image.height, by: 2) {
                for x in stride(from: 0, to: image.width, by: 2) {
                    let p = image[x, y]
                    if p.r == 0x1f && p.g == 0x6f && p.b == 0xb2 { blue += 1 }
                    if p.r == 0xd9 && p.g == 0x82 && p.b == 0x2b { orange += 1 }
                }
            }
            print("e2e report: \(name) screenshot \(shot)")
            #expect(blue > 500 && orange > 500, "\(name): bars of both kiosks drawn (\(blue), \(orange)) in \(shot)")
        }
    }
}
