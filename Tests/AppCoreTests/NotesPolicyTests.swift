import Book
import Config
import Geometry
import Gestures
import Occurrences
import Panels
import Reader
import Testing
@testable import AppCore

/// The pages' notes in the core: markers where their places are, a tap opening a card (said) and closing it, the
/// layers control stepping past what the spread lacks, the language control switching everything that reads in
/// a language, and the idle reset bringing the first language and the notes alone back.
struct NotesPolicyTests {
    static let note = PageNote(kind: .note, bodies: [.init(text: "A gilded initial", language: "en"),
                                                     .init(text: "Eine goldene Initiale", language: "de")],
                               target: .region(Rect(x: 0.4, y: 0.3, width: 0.1, height: 0.1)))
    static let text = PageNote(kind: .text, bodies: [.init(text: "In principio", language: nil),
                                                     .init(text: "Im Anfang", language: "de")], target: .page)

    static func driver(languages: String? = nil) -> Driver {
        var s = AccessibilityTests.settings()
        s.languages = languages
        return Driver(settings: s, page: 1)
    }

    /// The first page on screen, with the note and the text delivered for it.
    static func noted(_ d: inout Driver) -> Int {
        let page = d.core.reader.frame.pages.map(\.page).min()!
        d.handle(.pageNotes(page: page, notes: [note, text], problems: []))
        return page
    }

    func press(_ sym: UInt32, _ d: inout Driver) {
        d.input([.key(keysym: sym, pressed: true, modifiers: [], time: d.now + 60),
                 .key(keysym: sym, pressed: false, modifiers: [], time: d.now + 90)])
        d.run(for: 200)
    }

    func occurred(_ d: Driver) -> [Occurrence] { d.effects.compactMap { if case .occurred(let o) = $0 { o } else { nil } } }

    @Test func aMarkerSitsOnItsRegionATapOpensItsCardAndATapAnywhereClosesIt() throws {
        var d = Self.driver()
        let page = Self.noted(&d)
        let marker = try #require(d.core.markersOnScreen.first)
        let placed = d.core.reader.frame.pages.first { $0.page == page }!.rect
        let expected = d.core.reader.frame.view.apply(Vec2(placed.minX + 0.45 * placed.width, placed.minY + 0.35 * placed.height))
        #expect((marker.centre - expected).length < 1e-9)
        #expect(marker.tapArea.width >= 9 * GestureConfig.fallbackPixelsPerMM - 1e-9)
        d.input(tap(at: marker.centre, t0: d.now + 100))
        d.run(for: 600)
        #expect(occurred(d).contains(.noteOpened(page: page, text: "A gilded initial", language: "en")))
        #expect(Occurrence.noteOpened(page: page, text: "A gilded initial", language: "en").meaning.speech == .note(text: "A gilded initial", language: "en"))
        let plan = try #require(d.core.notesPanel(frame: d.core.reader.frame))
        #expect(plan.card?.text == "A gilded initial" && plan.card?.outline.count == 4 && plan.open == NoteRef(page: page, index: 0))
        d.input(tap(at: Vec2(30, 400), t0: d.now + 100))
        d.run(for: 600)
        #expect(occurred(d).contains(.noteClosed(page: page)))
        #expect(d.core.notesPanel(frame: d.core.reader.frame)?.card == nil)
        #expect(!occurred(d).contains { if case .page = $0 { true } else { false } }, "the closing tap turned nothing")
    }

    static func wholePage(_ text: String) -> PageNote {
        PageNote(kind: .note, bodies: [.init(text: text, language: "de")], target: .page)
    }

    /// A note about the whole page (IIIF's most common kind: a target without a fragment) has a marker at the
    /// page's top outer corner: top left on a left-hand page, top right on a right-hand one. Several share one
    /// marker, whose card lists them all and whose tap says them all.
    @Test func wholePageNotesShareOneMarkerAtTheTopOuterCorner() throws {
        var d = Driver(settings: AccessibilityTests.settings(), page: 2)
        let spread = d.core.reader.frame.pages.sorted { $0.rect.minX < $1.rect.minX }
        try #require(spread.count == 2)
        let (left, right) = (spread[0], spread[1])
        d.handle(.pageNotes(page: left.page, notes: [Self.wholePage("Göttinger Marktplatz mit Gänseliesel Brunnen")], problems: []))
        d.handle(.pageNotes(page: right.page, notes: [Self.text, Self.wholePage("Eins"), Self.note, Self.wholePage("Zwei"),
                                                       Self.wholePage("Drei")], problems: []))
        let markers = d.core.markersOnScreen
        // The right page: its region note's marker and one for its three whole-page notes.
        #expect(markers.filter { $0.ref.page == right.page }.map(\.ref.index).sorted() == [1, 2])
        let diameter = AppCore.noteMarkerMM * GestureConfig.fallbackPixelsPerMM
        let l = try #require(markers.first { $0.ref == NoteRef(page: left.page, index: 0) }).centre
        let r = try #require(markers.first { $0.ref == NoteRef(page: right.page, index: 1) }).centre
        #expect(abs(l.x - (left.rect.minX + diameter)) < 1e-6 && abs(l.y - (left.rect.minY + diameter)) < 1e-6)
        #expect(abs(r.x - (right.rect.maxX - diameter)) < 1e-6 && abs(r.y - (right.rect.minY + diameter)) < 1e-6)
        // Clear of the controls.
        for button in d.core.controlBar?.buttons ?? [] {
            #expect(!button.rect.contains(l) && !button.rect.contains(r))
        }
        // The frame's plan draws it at the same place, one marker of three.
        let plan = try #require(d.core.notesPanel(frame: d.core.reader.frame))
        let at = try #require(plan.wholePage[right.page])
        #expect(abs(right.rect.minX + at.x * right.rect.width - r.x) < 1e-6)
        #expect(plan.markers.first { $0.page == right.page }?.wholePage == [1, 3, 4])

        d.input(tap(at: r, t0: d.now + 100))
        d.run(for: 600)
        #expect(occurred(d).contains(.noteOpened(page: right.page, text: "Eins\n\nZwei\n\nDrei", language: "de")))
        let card = try #require(d.core.notesPanel(frame: d.core.reader.frame)?.card)
        #expect(card.heading == "3 notes (de)" && card.text == "Eins\n\nZwei\n\nDrei" && card.outline.isEmpty)
        #expect(d.core.noteLabel(NoteRef(page: right.page, index: 1)) == "3 notes: Eins")
        #expect(d.core.noteLabel(NoteRef(page: left.page, index: 0)) == "Note: Göttinger Marktplatz mit Gänseliesel Brunnen")
        // Tab reaches it like any marker.
        #expect(d.core.focusOrder.contains(.note(NoteRef(page: right.page, index: 1))))
    }

    /// A single page's outer corner is its fore-edge: the right read left to right, the left read right to left.
    @Test func aSinglePagesWholePageMarkerSitsOnItsForeEdge() throws {
        for rtl in [false, true] {
            var s = AccessibilityTests.settings(rtl: rtl)
            s.spread = .single
            var d = Driver(settings: s, page: 3)
            let page = try #require(d.core.reader.frame.pages.first)
            d.handle(.pageNotes(page: page.page, notes: [Self.wholePage("Ganz")], problems: []))
            let centre = try #require(d.core.markersOnScreen.first).centre
            #expect(rtl ? centre.x < page.rect.center.x : centre.x > page.rect.center.x)
            #expect(centre.y < page.rect.minY + page.rect.height * 0.1)
        }
    }

    /// Where the corner lies under the controls, the marker goes below them, and always stays on the page.
    @Test func theWholePageMarkerKeepsClearOfTheControls() {
        let page = Rect(x: 100, y: 0, width: 500, height: 700)
        let free = WholePageMarker.place(on: page, outerIsRight: true, inset: 20, clear: [])
        #expect(abs(free.x - 480.0 / 500) < 1e-9 && abs(free.y - 20.0 / 700) < 1e-9)
        let control = Rect(x: 520, y: 10, width: 60, height: 60)
        let moved = WholePageMarker.place(on: page, outerIsRight: true, inset: 20, clear: [control])
        #expect(abs(moved.y - 90.0 / 700) < 1e-9 && moved.x == free.x)
        let tiny = WholePageMarker.place(on: Rect(x: 0, y: 0, width: 40, height: 30), outerIsRight: false, inset: 20, clear: [control])
        #expect(tiny.x >= 0 && tiny.x <= 1 && tiny.y >= 0 && tiny.y <= 1)
    }

    /// Notes read for a page that has its image but is not on screen change nothing on it: no frame is drawn.
    @Test func notesOfAPageOffScreenAskForNoFrame() throws {
        // The control row hidden: its layers control, which the first notes bring, is a change on screen.
        var d = Driver(settings: AccessibilityTests.settings(always: false), page: 1)
        let onScreen = Set(d.core.reader.frame.pages.map(\.page))
        let off = try #require(d.core.pages.all.filter { !onScreen.contains($0) }.max())
        d.frame()
        d.frame()
        let settled = !d.core.needsFrame(at: d.now)
        #expect(settled)
        d.handle(.pageNotes(page: off, notes: [Self.note, Self.wholePage("Ganz")], problems: []))
        let stillSettled = !d.core.needsFrame(at: d.now)
        #expect(stillSettled)
        #expect(d.core.notesPanel(frame: d.core.reader.frame) == nil)
    }

    @Test func escapeATurnAndTheLayersHiddenCloseTheCard() throws {
        var d = Self.driver()
        _ = Self.noted(&d)
        d.input(tap(at: try #require(d.core.markersOnScreen.first).centre, t0: d.now + 100))
        d.run(for: 600)
        press(Keysym.Escape, &d)
        #expect(d.core.controls.notes.open == nil)
        d.input(tap(at: try #require(d.core.markersOnScreen.first).centre, t0: d.now + 100))
        d.run(for: 600)
        #expect(d.core.controls.notes.open != nil)
        press(Keysym.Right, &d)
        d.run(for: 1500)
        #expect(d.core.controls.notes.open == nil)
    }

    @Test func theLayersControlStepsPastWhatTheSpreadLacksAndTheIdleResetBringsTheNotesBack() {
        var d = Self.driver()
        _ = Self.noted(&d)
        #expect(d.core.controlBar?.buttons.contains { $0.action == .layers } == true)
        var shown: [NoteLayers] = []
        for _ in 0..<4 {
            press(0x6c, &d)
            if case .occurred(.layers(let l))? = d.effects.last(where: { if case .occurred(.layers) = $0 { true } else { false } }) { shown.append(l) }
        }
        // English visitor: no translation into English, so that step is passed over.
        #expect(shown == [.transcription, .none, .notes, .transcription])
        #expect(d.core.notesPanel(frame: d.core.reader.frame)?.panel?.text == "In principio")
        _ = d.core.idleReset(now: d.now)
        #expect(d.core.controls.notes.layers == .notes)
    }

    @Test func theLanguageControlSwitchesTheScreenTheNotesTheNarrationAndTheVoiceAndTheIdleResetGoesBack() {
        var d = Self.driver(languages: "en,de")
        _ = Self.noted(&d)
        d.handle(.pageLabels(["i", "ii", "iii"]))
        d.handle(.bookTexts(language: "de", pageLabels: ["I", "II", "III"], attribution: ["Bereitgestellt von: Bibliothek"]))
        #expect(d.core.controlBar?.buttons.contains { $0.action == .language } == true)
        #expect(d.core.visitorLanguage == "en" && d.core.translator("Next page") == "Next page" && d.core.pageLabels == ["i", "ii", "iii"])
        press(0x67, &d)
        #expect(occurred(d).contains(.language("de")))
        #expect(d.core.visitorLanguage == "de" && d.core.translator("Next page") == "Nächste Seite")
        #expect(d.core.pageLabels == ["I", "II", "III"] && d.core.attribution == ["Bereitgestellt von: Bibliothek"])
        #expect(d.core.voiceLanguage == "de")
        #expect(Occurrence.language("de").meaning.speech == .language("de"))
        // The note's card and the translation layer in German.
        d.input(tap(at: d.core.markersOnScreen.first!.centre, t0: d.now + 100))
        d.run(for: 600)
        #expect(occurred(d).contains(.noteOpened(page: 1, text: "Eine goldene Initiale", language: "de")))
        _ = d.core.idleReset(now: d.now)
        #expect(d.core.visitorLanguage == "en" && d.core.translator("Next page") == "Next page")
    }

    @Test func narrationIsAskedAgainInTheLanguageChosen() {
        var s = AccessibilityTests.settings()
        s.languages = "en,de"
        s.narration = true
        var d = Driver(settings: s, page: 1)
        d.input(tap(at: Vec2(640, 400), t0: d.now + 100))
        d.run(for: 600)
        func plays(_ d: Driver) -> [String?] {
            d.effects.compactMap { if case .start(.narrate(.play(_, let language, _))) = $0 { language } else { nil } }
        }
        #expect(plays(d).last == "en")
        press(0x67, &d)
        #expect(plays(d).last == "de")
    }

    @Test func tabReachesTheMarkersAfterTheControlsAndEnterOpensTheCard() {
        var d = Self.driver()
        let page = Self.noted(&d)
        var labels: [String] = []
        for _ in 0..<12 {
            press(Keysym.Tab, &d)
            if case .occurred(.focus(let label, _, _))? = d.effects.last(where: { if case .occurred(.focus) = $0 { true } else { false } }) {
                labels.append(label)
            }
            if labels.last?.hasPrefix("Note") == true { break }
        }
        #expect(labels.last == "Note: A gilded initial", "\(labels)")
        press(Keysym.Return, &d)
        #expect(occurred(d).contains(.noteOpened(page: page, text: "A gilded initial", language: "en")))
    }

    @Test func thePanelScrollsByKeysAndByAFingerAndStartsAtTheTopOnAnotherSpread() throws {
        var d = Self.driver()
        let page = d.core.reader.frame.pages.map(\.page).min()!
        let long = (1...40).map { "Line \($0)" }.joined(separator: "\n")
        d.handle(.pageNotes(page: page, notes: [Self.note, PageNote(kind: .text, bodies: [.init(text: long, language: nil)], target: .page)],
                            problems: []))
        press(0x6c, &d)
        #expect(d.core.controls.notes.layers == .transcription)
        func first(_ d: Driver) -> String? { d.core.notesPanel(frame: d.core.reader.frame)?.panel?.text.split(separator: "\n").first.map(String.init) }
        #expect(first(d) == "Line 1")
        press(Keysym.Down, &d)
        press(Keysym.Down, &d)
        #expect(first(d) == "Line 7" && d.core.reader.page == page, "Down scrolls, it does not turn")
        press(Keysym.Up, &d)
        #expect(first(d) == "Line 4")
        // A finger dragged up the panel by four lines.
        let box = try #require(d.core.notesPanel(frame: d.core.reader.frame)?.panel?.box)
        let from = Vec2(box.center.x, box.maxY - 40), step = d.core.panelLineHeight, t0 = d.now + 50
        var stroke: [InputEvent] = [.touchDown(id: 0, position: from, time: t0), .touchFrame]
        for i in 1...8 {
            let t = t0 + Double(i) * 16
            stroke.append(.touchMotion(id: 0, position: Vec2(from.x, from.y - Double(i) * step / 2), time: t))
            stroke.append(.touchFrame)
        }
        stroke.append(.touchUp(id: 0, time: t0 + 160))
        d.input(stroke)
        d.run(for: 400)
        #expect(first(d) == "Line 8", "\(String(describing: first(d)))")
        for _ in 0..<30 { press(Keysym.Down, &d) }
        #expect(first(d) == "Line 40", "not past the last line")
        press(Keysym.Right, &d)
        d.run(for: 1500)
        d.handle(.pageNotes(page: d.core.reader.page, notes: [PageNote(kind: .text, bodies: [.init(text: long, language: nil)], target: .page)], problems: []))
        #expect(first(d) == "Line 1", "another spread starts at its top")
    }
}
