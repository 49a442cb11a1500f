@testable import AppCore
import Book
import Config
import Geometry
import Gestures
import Occurrences
import Panels
import Testing

/// "About this book": opened from its control, `i` and the keypad's `*`; what the book says in the visitor's language,
/// a fact a line; scrolled by a finger and keys; said in speech mode; closed by its key, Escape, a tap, another
/// book and the idle reset; counted for the visit statistics.
struct AboutPanelTests {
    /// A museum's manifest as the IIIF reader gives it: labels and values in English and German.
    static var about: BookAbout {
        var a = BookAbout()
        a.setSummary(LocalizedText(entries: [(key: "en", text: "A book of hours, Ghent, about 1500."),
                                             (key: "de", text: "Ein Stundenbuch, Gent, um 1500.")]))
        a.append(.given(LocalizedText(entries: [(key: "en", text: "Date"), (key: "de", text: "Datierung")])),
                 LocalizedText(entries: [(key: "en", text: "about 1500"), (key: "de", text: "um 1500")]))
        a.append(.author, "Master of the Prayer Books")
        a.append(.named(.rights), LocalizedText("Public domain"))
        a.setRequiredStatement(.named(.attribution), LocalizedText(entries: [(key: "en", text: "The Library"),
                                                                             (key: "de", text: "Die Bibliothek")]))
        a.append(BookAbout.Provider(label: LocalizedText("The Library"), homepage: "https://library.example/"))
        for i in 1...60 { a.append(.keywords, "word \(i)") }
        return a
    }

    static func driver(languages: String? = nil, speech: Bool = false, about: BookAbout = Self.about) -> Driver {
        var s = Driver.settings
        s.controls = "always"
        s.doubleTapInterval = 0
        s.spread = .single
        s.languages = languages
        s.speech = speech
        var d = Driver(settings: s, page: 1)
        _ = d.handle(.bookAbout(about))
        d.run(for: 100)
        return d
    }

    func press(_ sym: UInt32, _ d: inout Driver) {
        d.input([.key(keysym: sym, pressed: true, modifiers: [], time: d.now + 60),
                 .key(keysym: sym, pressed: false, modifiers: [], time: d.now + 90)])
        d.run(for: 100)
    }

    func occurred(_ d: Driver) -> [Occurrence] { d.effects.compactMap { if case .occurred(let o) = $0 { o } else { nil } } }

    @Test func itsControlOpensItWithTheFactsAndATapClosesIt() throws {
        var d = Self.driver()
        let button = try #require(d.core.controlsPanel(now: d.now)?.buttons.first { $0.action == .about })
        #expect(button.rect == d.core.controlsPanel(now: d.now)?.buttons.last?.rect, "its control ends the row")
        d.input(tap(at: button.rect.center, t0: d.now + 100))
        d.run(for: 200)
        let panel = try #require(d.core.aboutPanel())
        #expect(panel.heading == "About this book" && panel.linesAbove == 0)
        let lines = panel.markup.split(separator: "\n").map(String.init)
        #expect(lines.prefix(3) == ["A book of hours, Ghent, about 1500.", "<b>Date</b>: about 1500",
                                   "<b>Author</b>: Master of the Prayer Books"])
        #expect(lines.contains("<b>Attribution</b>: The Library") && lines.contains("<b>Provided by</b>: The Library, https://library.example/"))
        #expect(d.logLines.contains("about state=shown"))
        // The frame drawn shows what the core decided.
        #expect(d.core.pacing.drawn?.panels.about == panel, "\(String(describing: d.core.pacing.drawn?.panels))")
        d.input(tap(at: panel.box.center, t0: d.now + 100))
        d.run(for: 200)
        #expect(d.core.aboutPanel() == nil && d.logLines.contains("about state=hidden") && d.core.reader.page == 1,
                "a tap closes it and turns nothing")
    }

    @Test func inGermanTheLabelsAndValuesAreGermanAndTheLanguageControlSwitchesThem() throws {
        var d = Self.driver(languages: "de,en")
        press(0x69, &d)
        let panel = try #require(d.core.aboutPanel())
        #expect(panel.heading == "Über dieses Buch")
        let lines = panel.markup.split(separator: "\n").map(String.init)
        #expect(lines.prefix(3) == ["Ein Stundenbuch, Gent, um 1500.", "<b>Datierung</b>: um 1500",
                                   "<b>Autor</b>: Master of the Prayer Books"])
        #expect(lines.contains("<b>Nachweis</b>: Die Bibliothek") && lines.contains("<b>Rechte</b>: Public domain"))
    }

    @Test func theKeypadsStarOpensItKeysScrollAndCloseIt() throws {
        var d = Self.driver()
        press(Keysym.KP_Multiply, &d)
        #expect(d.core.aboutPanel() != nil)
        press(Keysym.Down, &d)
        press(Keysym.Page_Down, &d)
        let scrolled = try #require(d.core.aboutPanel())
        #expect(scrolled.linesAbove == 6 && scrolled.heading == "About this book ↑")
        press(Keysym.Home, &d)
        #expect(d.core.aboutPanel()?.linesAbove == 0)
        press(Keysym.Right, &d)
        #expect(d.core.reader.page == 1, "the panel takes the keys: no turn")
        press(Keysym.Escape, &d)
        #expect(d.core.aboutPanel() == nil)
        press(0x49, &d)
        #expect(d.core.aboutPanel() != nil)
        press(0xffbe, &d)
        #expect(d.core.aboutPanel() == nil, "F1 closes it again")
    }

    @Test func aFingerScrollsItWithoutClosingIt() throws {
        var d = Self.driver()
        press(0x69, &d)
        let box = try #require(d.core.aboutPanel()).box
        let start = Vec2(box.center.x, box.maxY - 40)
        d.input(stroke(from: start, to: start - Vec2(0, 200), steps: 10, interval: 16, at: d.now + 100))
        d.run(for: 200)
        let panel = try #require(d.core.aboutPanel())
        #expect(panel.linesAbove > 3, "dragged up some lines: \(panel.linesAbove)")
        #expect(d.core.reader.page == 1)
    }

    @Test func speechModeSaysItAndTheVisitCountsIt() throws {
        var d = Self.driver(speech: true)
        press(0x69, &d)
        let said = d.effects.compactMap { if case .say(.about(let text, let language)) = $0 { (text, language) } else { nil } }
        #expect(said.count == 1 && said.first?.1 == "en")
        #expect(said.first?.0.hasPrefix("A book of hours, Ghent, about 1500.\nDate: about 1500\nAuthor: Master") == true)
        let opened = occurred(d).filter { if case .about(true, _, _) = $0 { true } else { false } }
        #expect(opened.count == 1 && opened.first?.meaning.visits == [.aboutOpened])
    }

    @Test func theIdleResetAndAnotherBookCloseIt() throws {
        var d = Self.driver()
        press(0x69, &d)
        _ = d.core.idleReset(now: d.now)
        #expect(d.core.aboutPanel() == nil)
        press(0x69, &d)
        #expect(d.core.aboutPanel() != nil)
        _ = d.handle(.bookAbout(BookAbout()))
        #expect(d.core.aboutPanel() == nil)
        press(0x69, &d)
        #expect(d.core.aboutPanel() == nil, "a book that says nothing about itself has no panel")
        #expect(d.core.controlsPanel(now: d.now)?.buttons.contains { $0.action == .about } == false)
    }

    @Test func notWhileAFingerIsOnTheScreenAndOnceItLifts() throws {
        var d = Self.driver()
        let frame = d.core.reader.frame
        let page = try #require(frame.pages.first).rect
        let corner = frame.view.apply(Vec2(page.maxX - 8, page.maxY - 8))
        d.input(stroke(from: corner, to: corner - Vec2(300, 0), steps: 8, interval: 16, at: d.now + 50, lift: false))
        press(0x69, &d)
        #expect(d.core.aboutPanel() == nil, "the key does not open it under a finger")
        d.input([.touchMotion(id: 0, position: corner - Vec2(900, 0), time: d.now + 16), .touchFrame,
                 .touchUp(id: 0, time: d.now + 32), .touchFrame])
        d.run(for: 1500)
        #expect(!d.core.reader.isDragging && d.core.input.recognizer.touchCount == 0, "the stroke ended as the reader's")
        press(0x69, &d)
        #expect(d.core.aboutPanel() != nil)
    }
}
