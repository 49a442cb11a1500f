@testable import AppCore
import Config
import Control
import Testing

/// What `recto ctl` requests do to the reader and what the client hears back.
@Suite struct ControlPolicyTests {
    @Test func gotoShowsTheSpreadAtOnceLogsThePageAndReplies() {
        var d = Driver(pages: 12)
        let out = d.handle(.control(client: 7, .goto(6)))
        #expect(out.contains(.occurred(.page(6, by: .control))), "\(out)")
        #expect(out.last == .reply(client: 7, "ok page 6"))
        #expect(d.core.reader.page == 6 && d.core.reader.position.spread.pages == [6, 7])
        #expect(d.core.needsFrame(at: d.now))
        let again = d.handle(.control(client: 7, .goto(6)))
        #expect(!again.contains { if case .occurred = $0 { true } else { false } }, "no page event without a change: \(again)")
    }

    @Test func gotoPastTheEndIsRefusedAndChangesNothing() {
        var d = Driver(pages: 12)
        #expect(d.handle(.control(client: 1, .goto(13))) == [.reply(client: 1, "error: no page 13: the book has 12 pages")])
        #expect(d.core.reader.page == 1)
    }

    @Test func statusCarriesPageZoomAndIdleTime() {
        var d = Driver(pages: 12, page: 6)
        d.input(.key(keysym: 0x61, pressed: true, modifiers: [], time: d.now))
        d.now += 2500
        let out = d.handle(.control(client: 2, .status))
        guard case .replyStatus(2, let status)? = out.first else { Issue.record("\(out)"); return }
        #expect(status.field("page") == .int(6))
        #expect(status.field("pages") == .int(12))
        #expect(status.field("spread") == .string("6,7"))
        #expect(status.field("zoom") == .double(1))
        #expect(status.field("idle_seconds") == .double(2.5))
    }

    @Test func idleResetReturnsToTheCover() {
        var d = Driver(pages: 12, page: 8)
        let out = d.handle(.control(client: 3, .idleReset))
        #expect(out.first == .occurred(.idleReset(page: 8)), "logged as the timer's reset is: \(out)")
        #expect(out.suffix(2) == [.start(.releaseCompilerCode), .reply(client: 3, "ok")],
                "between visitors the compiler code the last one brought in goes back: \(out)")
        d.now += 2000
        d.frame()
        #expect(d.core.reader.page == 1, "the cover once the turn back has played")
    }

    @Test func reloadOpenAndScreenshotBecomeEffects() {
        var d = Driver(pages: 12)
        #expect(d.handle(.control(client: 4, .reload)) == [.start(.reloadBook), .reply(client: 4, "ok")])
        #expect(d.handle(.control(client: 4, .open("/srv/b"))) == [.start(.openBook(path: "/srv/b", client: 4))])
        d.frame()
        #expect(!d.core.needsFrame(at: d.now))
        #expect(d.handle(.control(client: 4, .screenshot("/tmp/s.png"))) == [.start(.screenshot(path: "/tmp/s.png", client: 4))])
        #expect(d.core.needsFrame(at: d.now), "a screenshot is of a frame drawn for it")
    }

    @Test func aPagesTextIsAJobWhoseOutcomeIsTheReply() {
        var d = Driver(pages: 12, page: 6)
        #expect(d.handle(.control(client: 5, .text(nil))) == [.start(.readPageText(page: d.core.reader.page, client: 5))])
        #expect(d.handle(.control(client: 5, .text(12))) == [.start(.readPageText(page: 12, client: 5))])
        #expect(d.handle(.control(client: 5, .text(13))) == [.reply(client: 5, "error: no page 13: the book has 12 pages")])
        #expect(d.handle(.pageTextRead(page: 12, text: "Finis.", client: 5)) == [.reply(client: 5, "ok Finis.")])
        #expect(d.handle(.pageTextRead(page: 3, text: nil, client: 5)) == [.reply(client: 5, "error: page 3 has no text of its own")])
    }

    @Test func anOpenedBookDropsEveryPageAndStartsAtTheCover() {
        var d = Driver(pages: 12, page: 6)
        let held = d.core.pages.all
        #expect(!held.isEmpty)
        let out = d.handle(.bookOpened(pageCount: 30, client: 5))
        for page in held { #expect(out.contains(.release(page: page))) }
        #expect(out.contains(.occurred(.page(1, by: nil))))
        #expect(out.last == .reply(client: 5, "ok 30 pages"))
        #expect(d.core.reader.position.pageCount == 30 && d.core.reader.page == 1)
    }
}

/// `recto ctl get` / `set`: the core reads and checks the setting (Config) and puts the settings changed in force.
@Suite struct LiveSettingTests {
    @Test func getSaysTheValueInForceOrWhyNot() {
        var d = Driver(pages: 12)
        #expect(d.handle(.control(client: 5, .get("max-zoom"))) == [.reply(client: 5, ControlReply.ok("8"))])
        let unknown = d.handle(.control(client: 5, .get("no-such-setting")))
        #expect(unknown.count == 1 && unknown.first.map { if case .reply(5, let line) = $0 { line.hasPrefix("error") } else { false } } == true,
                "\(unknown)")
    }

    /// New tunables take effect on the same page, the next turn lands on the new spring, and the reply goes out.
    @Test func retunedTunablesApplyFromTheNextTurnOnTheSamePage() {
        var d = Driver(pages: 12, page: 6)
        let out = d.handle(.control(client: 9, .set("turn-duration", "300")))
        #expect(out == [.notice("recto ctl set turn-duration = 300"), .occurred(.retuned(idleReset: nil)),
                        .reply(client: 9, ControlReply.ok("turn-duration = 300"))])
        for (name, value) in [("max-zoom", "3"), ("double-tap-interval", "0"), ("idle-reset", "5")] {
            #expect(d.handle(.control(client: 9, .set(name, value))).last == .reply(client: 9, ControlReply.ok("\(name) = \(value)")))
        }
        #expect(d.effects.last(where: { if case .occurred(.retuned) = $0 { true } else { false } }) == .occurred(.retuned(idleReset: 5000)))
        let settings = d.core.settings
        #expect(d.core.reader.page == 6 && d.core.reader.config.spring == settings.readerConfig.spring && d.core.reader.config.zoom.maxScale == 3)
        #expect(d.core.idleReset == 5000 && d.core.settings.turnDuration == 300 && d.core.reader.config.turnDuration == 300)
        #expect(d.core.input.recognizer.config.doubleTapInterval == 0)
    }

    /// A setting that is not live, or a value out of its range, changes nothing and says why.
    @Test func aRefusedChangeChangesNothing() {
        var d = Driver(pages: 12, page: 6)
        let before = d.core.settings
        for (name, value) in [("rtl", "on"), ("turn-duration", "5"), ("max-zoom", "many")] {
            let out = d.handle(.control(client: 9, .set(name, value)))
            #expect(out.count == 1 && out.first.map { if case .reply(9, let line) = $0 { line.hasPrefix("error") } else { false } } == true,
                    "\(name)=\(value): \(out)")
        }
        #expect(d.core.settings == before && !d.core.reader.config.rightToLeft)
    }
}
