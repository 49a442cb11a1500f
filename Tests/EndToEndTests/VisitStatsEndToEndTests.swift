import Foundation
import Glibc
import Posix
import Testing
import Visits

/// Visit statistics on the real `recto --kiosk` under headless weston (1280×800, single pages): a scripted
/// day of visits is in the database exactly; a reader killed mid-visit and a damaged database lose nothing else.
/// Serialized: each test runs a compositor and recto on a 2-core machine.
@Suite(.serialized) struct VisitStatsEndToEndTests {
    static let (width, height) = (1280, 800)
    static let page = PageLayout.single(width: width, height: height)
    /// An idle reset long enough for a turn that waits for its page on a busy machine, attract mode after it.
    /// No idle warning: its countdown (IdleWarningEndToEndTests) would hold the reset for 20 s.
    static let arguments = ["--kiosk", "--spread", "single", "--idle-reset", "4", "--attract-after", "6", "--idle-warning", "0"]
    /// One frame at 60 Hz, ms.
    static let frame = 1000.0 / 60
    /// What the test's clock may be off by where it stands in for recto's (the moment an input was sent, not
    /// the moment recto read it): delivery through weston to a reader drawing on 2 busy cores.
    static let delivery = 3 * frame

    static func database(_ session: RectoSession) -> String {
        session.weston.clientEnvironment["XDG_STATE_HOME"]! + "/recto/visits.db"
    }

    /// Waits until the visits saved at `path` satisfy `saved` (the writer saves at most once a second).
    static func waitForVisits(at path: String, timeout: Duration = .seconds(30), _ saved: ([Visit]) -> Bool) throws {
        let deadline = Deadline(timeout)
        while true {
            if let visits = try? VisitDatabase(readingFrom: path).visits(), saved(visits) { return }
            guard !deadline.hasPassed else { throw HarnessError.timeout("the visits saved at \(path) to become what the test needs") }
            Thread.sleep(forTimeInterval: 0.05)
        }
    }

    /// A scripted day: three visits separated by idle resets (turns of every kind, a zoom, a jump, a visit that
    /// attract mode began), then the database is read back.
    @Test func aScriptedDayIsRecordedExactly() throws {
        let metrics = try Scratch.makeDirectory("metrics").appendingPathComponent("recto.prom").path
        let session = try RectoSession.start(width: Self.width, height: Self.height,
                                             arguments: Self.arguments + ["--metrics-file", metrics])
        let weston = session.weston
        #expect(try session.waitForEvent("shown").int("page") == 1)
        let socket = try #require(session.ready?.string("control"))
        var firstInput: [Double] = [], lastInput: [Double] = []
        func input(_ send: () throws -> Void) rethrows {
            try send()
            lastInput[lastInput.count - 1] = monotonicMilliseconds()
        }
        func visitBegins(_ send: () throws -> Void) rethrows {
            let t = monotonicMilliseconds()
            try send()
            firstInput.append(t)
            lastInput.append(t)
        }
        func pageEvent(_ page: Int) throws {
            let e = try session.waitForEvent("page", timeout: .seconds(5))
            try #require(e.int("page") == page, "expected page \(page): \(session.historyText)")
        }
        let p = Self.page
        let corner = (x: Double(p.x + p.width - 10), y: Double(p.y + p.height - 10))

        // Visit 1: a key, a tap, a drag and a flick; the visitor reads page 5 for a while (a pointer move).
        try visitBegins { try weston.chord([], InputCode.keyRight) }
        try pageEvent(2)
        try input { try weston.tap(x: 1200, y: 400) }
        try pageEvent(3)
        // A drag lifted before its pages are decoded turns as a flick would (and is still counted a drag).
        try input {
            try weston.touchDown([Finger(id: 0, x: corner.x, y: corner.y)])
            try weston.touchLine(id: 0, from: corner.x, corner.y, to: 150, 700, steps: 20, interval: .milliseconds(16))
            try weston.touchUp([0])
        }
        try pageEvent(4)
        try input {
            try weston.touchDown([Finger(id: 0, x: 760, y: 300)])
            try weston.touchLine(id: 0, from: 760, 300, to: 520, 300, steps: 5, interval: .milliseconds(12))
            try weston.touchUp([0])
        }
        try pageEvent(5)
        weston.sleep(until: .now + .milliseconds(700))
        try input { try weston.pointerMotion(x: 600, y: 500) }
        _ = try session.waitForEvent("idle-reset", timeout: .seconds(10))
        try pageEvent(1)

        // Visit 2: a double-tap zoom at a known point of the cover, back to fit, End (jump), `recto ctl goto`
        // (control), a key. (At 2.5× the page is barely wider than the window: its centre's x is held near 0.5.)
        let tapAt = (x: Double(p.x) + 0.5 * Double(p.width), y: Double(p.y) + 0.3 * Double(p.height))
        try visitBegins { try weston.tap(x: tapAt.x, y: tapAt.y) }
        try input { try weston.tap(x: tapAt.x, y: tapAt.y) }
        let zoomIn = try session.waitForEvent("zoom", timeout: .seconds(5))
        try #require((zoomIn.number("scale") ?? 0) > 2, "\(zoomIn)")
        weston.sleep(until: .now + .milliseconds(600))
        try input { try weston.tap(x: tapAt.x, y: tapAt.y) }
        try input { try weston.tap(x: tapAt.x, y: tapAt.y) }
        _ = try session.waitForEvent("zoom", timeout: .seconds(5)) { ($0.number("scale") ?? 9) < 1.01 }
        try input { try weston.chord([], InputCode.keyEnd) }
        let last = try session.waitForEvent("page", timeout: .seconds(5))
        let goto = try rectoCtl(["goto", "3"], socket: socket)
        #expect(goto.reply == "ok page 3", "\(goto)")
        try pageEvent(3)
        try input { try weston.chord([], InputCode.keyRight) }
        try pageEvent(4)
        weston.sleep(until: .now + .milliseconds(400))
        try input { try weston.pointerMotion(x: 620, y: 520) }
        _ = try session.waitForEvent("idle-reset", timeout: .seconds(10))
        try pageEvent(1)

        // Visit 3: attract mode begins; a touch ends it and begins a visit.
        _ = try session.waitForEvent("attract", timeout: .seconds(10)) { $0.string("phase") == "begin" }
        try visitBegins { try weston.tap(x: 640, y: 400) }
        // The touch that ends attract mode begins the visit: the log says exactly when recto read it.
        let attractEnd = try session.waitForEvent("attract", timeout: .seconds(3)) { $0.string("phase") == "end" }
        firstInput[2] = attractEnd.number("t")!
        try input { try weston.chord([], InputCode.keyRight) }
        try pageEvent(2)
        weston.sleep(until: .now + .milliseconds(300))
        try input { try weston.pointerMotion(x: 640, y: 520) }
        _ = try session.waitForEvent("idle-reset", timeout: .seconds(10))
        session.recto.stop()

        let visits = try VisitDatabase(readingFrom: Self.database(session)).visits()
        try #require(visits.count == 3, "visits: \(visits)")
        let (v1, v2, v3) = (visits[0], visits[1], visits[2])
        #expect(v1.turns == [.key: 1, .tap: 1, .drag: 1, .flick: 1], "\(v1); events: \(session.historyText)")
        #expect(v2.turns == [.jump: 1, .control: 1, .key: 1], "\(v2)")
        #expect(v3.turns == [.key: 1], "\(v3)")
        #expect(visits.map(\.attract) == [false, false, true])
        #expect(visits.allSatisfy { !$0.open && $0.books.count == 1 }, "\(visits)")
        #expect(v1.pages.map(\.page) == [1, 2, 3, 4, 5])
        #expect(v2.pages.map(\.page).sorted() == [1, 3, 4, last.int("page")!].sorted())
        #expect(v3.pages.map(\.page) == [1, 2])

        // Dwell: each page from its page event to the next (the log's times, the recorder's clock: within a
        // frame), the first from the visit's first input, the last to its last input (the test's clock,
        // CLOCK_MONOTONIC too, when it sent them: within `delivery`).
        let events = session.history
        let resets = events.indices.filter { events[$0].name == "idle-reset" }
        for (i, v) in visits.enumerated() {
            let from = i == 0 ? 0 : resets[i - 1] + 2  // after the reset's own page event
            let pageEvents = events[from..<resets[i]].filter { $0.name == "page" }
            var marks = [(page: 1, t: firstInput[i])] + pageEvents.map { (page: $0.int("page")!, t: $0.number("t")!) }
            marks.append((page: -1, t: lastInput[i]))
            var expected: [Int: Double] = [:]
            for (a, b) in zip(marks, marks.dropFirst()) { expected[a.page, default: 0] += b.t - a.t }
            for page in v.pages {
                let want = try #require(expected[page.page], "page \(page.page) not scripted in visit \(i + 1)")
                let inner = page.page != marks.first?.page && page.page != marks[marks.count - 2].page
                #expect(abs(page.ms - want) <= (inner ? Self.frame : Self.delivery),
                        "visit \(i + 1) page \(page.page): \(page.ms) ms recorded, \(want) scripted")
            }
            #expect(abs(v.activeMS - (lastInput[i] - firstInput[i])) <= Self.delivery, "visit \(i + 1): \(v.activeMS) ms")
            #expect(v.lengthMS >= v.activeMS + 3900 && v.lengthMS <= v.activeMS + 4500, "ends at the 4 s idle reset: \(v)")
        }

        // The zoom: a double tap at (0.35, 0.4) of the page at 2.5× keeps that point under the finger, so the
        // window's centre shows the page point tap + (centre − tap) / 2.5.
        let zoom = try #require(v2.zooms.first, "\(v2)")
        #expect(v2.zooms.count == 1 && zoom.page == 1)
        let cx = (tapAt.x + (Double(Self.width) / 2 - tapAt.x) / 2.5 - Double(p.x)) / Double(p.width)
        let cy = (tapAt.y + (Double(Self.height) / 2 - tapAt.y) / 2.5 - Double(p.y)) / Double(p.height)
        #expect(abs(zoom.x - cx) <= 0.01 && abs(zoom.y - cy) <= 0.01, "zoom centre \(zoom.x), \(zoom.y); expected \(cx), \(cy)")
        #expect(abs(zoom.scale - 2.5) < 0.01)

        // The metrics file counts the same visits, as Prometheus' own parser reads it.
        let samples = try OperationsEndToEndTests.parse(metrics)
        #expect(samples["recto_visits_total{attract=\"false\"}"] == 2 && samples["recto_visits_total{attract=\"true\"}"] == 1,
                "\(samples.filter { $0.key.hasPrefix("recto_visit") })")
        #expect(samples["recto_visit_turns_total{kind=\"drag\"}"] == 1 && samples["recto_visit_turns_total{kind=\"control\"}"] == 1)
        #expect(samples["recto_visit_seconds_count{}"] == 3 || samples["recto_visit_seconds_count"] == 3, "\(samples.filter { $0.key.hasPrefix("recto_visit_seconds") })")
        #expect(zoom.ms > 500 && zoom.ms < 2000, "\(zoom)")
    }

    /// `recto ctl set idle-reset` on a running reader: the visit recorder keeps time by the new reset, as the
    /// reader does, so a visitor who reads longer than the old reset stays one visit.
    @Test func aLongerIdleResetSetLiveKeepsAReadingVisitWhole() throws {
        let arguments = ["--kiosk", "--spread", "single", "--idle-reset", "2", "--attract-after", "0", "--idle-warning", "0"]
        let session = try RectoSession.start(width: Self.width, height: Self.height, arguments: arguments)
        defer { session.stop() }
        _ = try session.waitForEvent("shown")
        let socket = try #require(session.ready?.string("control"))
        // Set before the visit begins: no reset is armed yet, so the change cannot race the old one.
        let set = try rectoCtl(["set", "idle-reset", "60"], socket: socket)
        try #require(set.reply.contains("idle-reset = 60"), "\(set.reply)")
        try session.weston.chord([], InputCode.keyRight)
        #expect(try session.waitForEvent("page").int("page") == 2)
        // Longer than the old reset: the reader does not reset, and the visit must not end either.
        let quiet = try session.events(during: .seconds(3))
        #expect(!quiet.contains { $0.name == "idle-reset" }, "\(quiet)")
        try session.weston.chord([], InputCode.keyRight)
        #expect(try session.waitForEvent("page").int("page") == 3)
        session.recto.stop()
        let visits = try VisitDatabase(readingFrom: Self.database(session)).visits()
        #expect(visits.count == 1 && visits.first?.turns == [.key: 2], "one visit of two turns: \(visits)")
    }

    /// SIGKILL mid-visit: the next start closes the killed visit as last saved and records on.
    @Test func aKilledReaderLosesOnlyTheLastSecond() throws {
        let arguments = ["--kiosk", "--spread", "single", "--idle-reset", "60", "--attract-after", "0"]
        let session = try RectoSession.start(width: Self.width, height: Self.height, arguments: arguments)
        let weston = session.weston
        _ = try session.waitForEvent("shown")
        let begun = monotonicMilliseconds()
        try weston.chord([], InputCode.keyRight)
        _ = try session.waitForEvent("page")
        try weston.chord([], InputCode.keyRight)
        _ = try session.waitForEvent("page")
        weston.sleep(until: .now + .milliseconds(1500))
        try weston.chord([], InputCode.keyLeft)
        let lastInput = monotonicMilliseconds()
        // Killed once the writer has saved the third turn (it writes at most once a second).
        let path = Self.database(session)
        try Self.waitForVisits(at: path) { $0.first.map { ($0.turns[.key] ?? 0) >= 3 } ?? false }
        session.recto.send(signal: SIGKILL)
        _ = try session.recto.waitForExit(timeout: .seconds(5))

        let killed = try VisitDatabase(readingFrom: path).visits()
        try #require(killed.count == 1, "\(killed)")
        #expect(killed[0].open, "the visit was going on")
        #expect(killed[0].activeMS >= lastInput - begun - 1000 - Self.delivery, "at most the last second lost: \(killed[0])")
        #expect(killed[0].turns[.key] == 3, "\(killed[0])")

        let again = try weston.launchClient(try RectoBinary.locate().path,
                                            arguments: ["--log-events", "--no-config"] + arguments)
        defer { again.stop() }
        try weston.waitForMapped(again)
        try weston.chord([], InputCode.keyRight)
        weston.sleep(until: .now + .milliseconds(600))
        try weston.chord([], InputCode.keyRight)
        try Self.waitForVisits(at: path) { $0.count == 2 && $0.last?.turns[.key] == 2 }
        again.stop()
        let visits = try VisitDatabase(readingFrom: path).visits()
        #expect(visits.count == 2, "\(visits)")
        #expect(visits.first.map { !$0.open && $0.activeMS == killed[0].activeMS && $0.pages == killed[0].pages } == true,
                "the killed visit is closed as last saved: \(visits)")
        #expect(visits.last?.turns == [.key: 2] && visits.last?.open == false, "\(visits)")
    }

    /// A truncated database: kept aside with one log line, a fresh one records the next visit.
    @Test func aDamagedDatabaseIsKeptAsideAndANewOneRecords() throws {
        let weston = try Weston(width: Self.width, height: Self.height)
        defer { weston.stop() }
        let dir = weston.clientEnvironment["XDG_STATE_HOME"]! + "/recto"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        // A real visits database with 300 visits, cut short.
        let db = try VisitDatabase(path: dir + "/visits.db")
        for i in 0..<300 {
            try db.write([.finished(Visit(startedAt: Int64(i) * 60_000, lengthMS: 1000, activeMS: 1000, books: ["demo"],
                                          pages: [PageDwell(book: "demo", page: 1, ms: 1000, shows: 1)]))])
        }
        db.close()
        #expect(truncate(dir + "/visits.db", 4096 * 3) == 0)
        try? FileManager.default.removeItem(atPath: dir + "/visits.db-wal")

        let recto = try weston.launchClient(try RectoBinary.locate().path,
                                            arguments: ["--log-events", "--no-config"] + Self.arguments)
        defer { recto.stop() }
        try weston.waitForMapped(recto)
        try weston.chord([], InputCode.keyRight)
        var turned = false
        while !turned, let line = try recto.readLine(timeout: .seconds(10)) { turned = line.contains("\"event\":\"page\"") }
        #expect(turned, "no page turned: \(recto.stderr?.text ?? "")")
        recto.stop()
        let log = recto.stderr?.text ?? ""
        let lines = log.split(separator: "\n").filter { $0.contains("kept aside as") }
        #expect(lines.count == 1, "recto's log: \(log)")
        let names = try FileManager.default.contentsOfDirectory(atPath: dir)
        let aside = try #require(names.first { $0.hasPrefix("visits.db.bad-") && !$0.hasSuffix("-wal") && !$0.hasSuffix("-shm") },
                                 "files: \(names)")
        #expect((try FileManager.default.attributesOfItem(atPath: dir + "/" + aside)[.size] as? Int) == 4096 * 3,
                "the bad file is kept as it was")
        let visits = try VisitDatabase(readingFrom: dir + "/visits.db").visits()
        #expect(visits.count == 1 && visits.first?.turns == [.key: 1] && visits.first?.open == false,
                "\(visits); recto \(String(describing: recto.termination)): \(log)")
    }
}
