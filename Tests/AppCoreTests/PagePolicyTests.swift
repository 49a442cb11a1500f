@testable import AppCore
import Config
import Geometry
import Gestures
import Localization
import Testing

/// What the core asks of the page cache and the GL as pages come, fail, go and change on disk, and as a
/// zoomed view settles.
@Suite struct PagePolicyTests {
    @Test func aFailedPageBecomesAPlaceholderAndIsReportedOnce() {
        var d = Driver()
        let out = d.handle(.pageFailed(page: 3, message: "truncated PNG"))
        #expect(out.first == .warn("page 3 cannot be shown: truncated PNG"))
        #expect(out.contains(.placeholder(page: 3, size: Scene.pageSize, message: "Page 3: truncated PNG")),
                "in the proportions of its neighbours: \(out)")
        #expect(out.last == .upload(page: 3))
        let again = d.handle(.pageFailed(page: 3, message: "truncated PNG"))
        #expect(!again.contains { if case .warn = $0 { true } else { false } }, "warned once")
        #expect(d.core.hasImage(3))
    }

    @Test func thePlaceholderSpeaksTheVisitorsLanguageAndTheWarningStaysEnglish() {
        var d = Driver(host: Host(translator: Translator(preferences: ["de"])))
        let out = d.handle(.pageFailed(page: 4, message: "p4.png: corrupt PNG data: IDAT: CRC error"))
        #expect(out.first == .warn("page 4 cannot be shown: p4.png: corrupt PNG data: IDAT: CRC error"))
        #expect(out.contains(.placeholder(page: 4, size: Scene.pageSize,
                                          message: "Seite 4: p4.png: beschädigte PNG-Daten: IDAT: CRC error")), "\(out)")
    }

    @Test func anEvictedPageIsReleasedAndWantedAgainLater() {
        var d = Driver()
        #expect(d.handle(.pageEvicted(page: 5)) == [.release(page: 5)])
        #expect(!d.core.hasImage(5))
    }

    @Test func aChangedBookIsReadAgainOnceQuiet() {
        var d = Driver(page: 10)
        d.handle(.bookChanged)
        d.now += 100
        d.handle(.bookChanged)
        #expect(d.core.nextDeadline == d.now + 400, "the timer restarts with every change")
        d.now += 400
        #expect(d.handle(.timer) == [.start(.reloadBook)])
        let out = d.handle(.bookReloaded(pageCount: 6))
        #expect(out.contains(.release(page: 10)) && out.contains(.release(page: 11)))
        #expect(out.contains(.occurred(.book(pages: 6))))
        #expect(out.contains(.occurred(.page(6, by: nil))), "clamped to the new end: \(out)")
        #expect(d.core.reader.page == 6)
    }

    @Test func aSettledZoomAsksForSharperRegionsAndForgetsThemAtFit() {
        var d = Driver()
        // Sources twice the texture's size: zoomed 2.5×, the texture is magnified.
        d.handle(.pageReady(page: 1, size: Scene.pageSize, sourceSize: PixelSize(width: 1200, height: 1440)))
        d.input(tap(at: Vec2(800, 400), t0: d.now + 50) + tap(at: Vec2(800, 400), t0: d.now + 200))
        d.run(for: 600)
        let requests = d.effects.compactMap { if case .requestRegion(let p, let r, let o) = $0 { (p, r, o) } else { nil } }
        #expect(requests.count == 1 && requests.first?.0 == 1, "\(requests)")
        if let (_, rect, output) = requests.first {
            #expect(rect.width > 0 && rect.width <= 1200 && output.width <= rect.width)
            // A coarse preview first (smaller than asked for): drawn, but the view has not settled yet.
            let preview = d.handle(.regionReady(page: 1, rect: rect, size: PixelSize(width: output.width / 4, height: output.height / 4)))
            #expect(preview.count == 1 && preview.first.map { if case .showRegion(1, _) = $0 { true } else { false } } == true, "\(preview)")
            let shown = d.handle(.regionReady(page: 1, rect: rect, size: output))
            #expect(shown.count == 2 && shown.last.map { if case .occurred(.region) = $0 { true } else { false } } == true)
            let (plan, _) = d.core.nextFrame(now: d.now, framePending: false)
            #expect(plan?.details.count == 1)
        }
        d.input(tap(at: Vec2(800, 400), t0: d.now + 50) + tap(at: Vec2(800, 400), t0: d.now + 200))
        d.run(for: 600)
        #expect(d.effects.last { if case .endRegions = $0 { true } else { false } } != nil)
    }

    @Test func kioskIgnoresQuitAndClose() {
        var settings = Driver.settings
        settings.kiosk = true
        settings.idleReset = 0  // kiosk mode's default reset and attract mode play no part here
        settings.attractAfter = 0
        var d = Driver(settings: settings)
        #expect(d.handle(.input(.key(keysym: Keysym.q, pressed: true, modifiers: .ctrl, time: d.now))).isEmpty)
        #expect(d.handle(.closeRequested).isEmpty)
        #expect(d.handle(.terminate) == [.quit(0, message: nil)])
        var plain = Driver()
        #expect(plain.handle(.input(.key(keysym: Keysym.q, pressed: true, modifiers: .ctrl, time: plain.now))) == [.quit(0, message: nil)])
    }
}

@Suite struct KnownPageSizeTests {
    @Test func aPDFsProportionsLayTheSpreadOutBeforeAnyPageIsRendered() {
        var c = AppCore(pageCount: 3, settings: Driver.settings)
        _ = c.handle(.configured(width: 1280, height: 800, scale: 1), now: 0)
        _ = c.handle(.pageAspectsKnown([595.0 / 842, 842.0 / 595]), now: 1)
        let cover = c.reader.frame.pages.first!.rect
        #expect(abs(cover.width / cover.height - 595.0 / 842) < 0.01, "\(cover)")
        #expect(c.needsFrame(at: 1))
    }

    /// A PDF's page sizes reach the core as proportions: a page that fails is drawn at the size pages are decoded
    /// to, not at its size in the PDF's units taken as pixels (59 500 × 84 200 once, 20 GB, which froze the reader
    /// while it filled them).
    @Test func aFailedPDFPageIsAPlaceholderOfDisplaySize() {
        var c = AppCore(pageCount: 3, settings: Driver.settings)
        _ = c.handle(.configured(width: 1280, height: 800, scale: 1), now: 0)
        _ = c.handle(.pageAspectsKnown([595.0 / 842, 595.0 / 842, 842.0 / 595]), now: 1)
        let out = c.handle(.pageFailed(page: 2, message: "PDF document is damaged"), now: 2)
        let size = out.compactMap { if case let .placeholder(_, size, _) = $0 { size } else { nil } }.first
        #expect(size == PixelSize(width: 565, height: 800), "A4's proportions within 1280 × 800: \(out)")
    }
}

@Suite struct RememberedPositionTests {
    @Test func aRememberedBookOpensWhereItWasLeftAndEachNewPageIsRemembered() {
        var settings = Driver.settings
        settings.rememberPosition = true
        var c = AppCore(pageCount: 12, settings: settings, startPage: 7)
        let out = c.handle(.configured(width: 1280, height: 800, scale: 1), now: 0)
        #expect(out == [.wantPages([6, 7], visible: 2, fitting: PixelSize(width: 1280, height: 800))], "the spread (6, 7)")
        var d = Driver(settings: settings)
        d.input(key(Keysym.Right, at: d.now + 10))
        d.run(for: 1500)
        #expect(d.effects.contains(.rememberPage(2)))
    }

    @Test func withoutRememberingNothingIsWritten() {
        var d = Driver()
        d.input(key(Keysym.Right, at: d.now + 10))
        d.run(for: 1500)
        #expect(d.core.reader.page == 2)
        #expect(!d.effects.contains { if case .rememberPage = $0 { true } else { false } })
    }
}

@Suite struct ReloadRetryTests {
    @Test func aFailedReloadIsTriedAgainAFewTimesFurtherApart() {
        var d = Driver()
        d.handle(.bookChanged)
        d.now += 400
        #expect(d.handle(.timer) == [.start(.reloadBook)])
        var gaps: [Double] = []
        for _ in 0..<5 {
            d.handle(.bookReloadFailed)
            guard let due = d.core.nextDeadline else { break }
            gaps.append(due - d.now)
            d.now = due
            #expect(d.handle(.timer) == [.start(.reloadBook)])
        }
        #expect(gaps == [800, 1600, 3200, 6400], "then it waits for the next change")
        d.handle(.bookChanged)
        #expect(d.core.nextDeadline == d.now + 400)
    }
}
