import Book
import Geometry
import Gestures
import Occurrences
import Panels

/// What the book says about itself, over the book: opened from its control (by touch, or by Tab and Enter), by
/// `i` or the keypad's `*`, said in speech mode; scrolled by a finger, the wheel and Up and Down; closed by the same key,
/// Escape, a tap, another book, attract mode and the idle reset.
extension AppCore {
    /// Keys that open and close it: `i`, Help and F1, and the keypad's `*` where it is not the speech key (every
    /// other keypad key turns, zooms, moves the focus, plays the narration or switches the layers).
    func isAboutKey(_ sym: UInt32) -> Bool {
        sym == 0x69 || sym == 0x49 || sym == 0xff6a || sym == 0xffbe
            || (sym == Keysym.KP_Multiply && settings.speechKey != "keypad-multiply")
    }

    mutating func openAbout() -> [AppEffect] {
        // Not while a finger is on the screen (a key pressed meanwhile): the panel would take its lift, and a
        // leaf it holds would stay up.
        guard !book.about.isEmpty, controls.about == nil, shelf?.visible != true, window != nil,
              input.recognizer.touchCount == 0, !reader.isDragging, !reader.zoom.isInteracting else { return [] }
        let out = closeContents() + closeNote()
        controls.about = AboutState()
        let lines = aboutLines()
        return out + [.occurred(.about(shown: true, text: lines.map(\.plain).joined(separator: "\n"), language: aboutLanguages.first))]
    }

    mutating func closeAbout() -> [AppEffect] {
        guard controls.about != nil else { return [] }
        controls.about = nil
        return [.occurred(.about(shown: false, text: "", language: nil))]
    }

    /// The languages a text is picked in: the visitor's, then English; else the one the book gives.
    private var aboutLanguages: [String] { (visitorLanguage.map { [$0] } ?? []) + ["en"] }

    /// What the book says, a fact a line: plain for speech, Pango markup for the panel (the label in bold).
    func aboutLines() -> [(plain: String, markup: String)] {
        let about = book.about, languages = aboutLanguages
        var lines: [(plain: String, markup: String)] = []
        func add(_ label: String?, _ value: String) {
            guard !value.isEmpty else { return }
            guard let label, !label.isEmpty else { return lines.append((value, PageNote.escaped(value))) }
            lines.append(("\(label): \(value)", "<b>\(PageNote.escaped(label))</b>: \(PageNote.escaped(value))"))
        }
        func label(_ l: BookAbout.Label) -> String? {
            switch l {
            case .named(let field): translator(Self.aboutLabel(field))
            case .given(let text): text.best(languages)?.text
            }
        }
        if let summary = about.summary?.best(languages)?.text {
            for paragraph in summary.split(separator: "\n", omittingEmptySubsequences: true) { add(nil, String(paragraph)) }
        }
        for entry in about.entries { add(label(entry.label), entry.value.best(languages)?.text ?? "") }
        if let statement = about.requiredStatement { add(label(statement.label), statement.value.best(languages)?.text ?? "") }
        if let rights = about.rights { add(translator("Rights"), rights) }
        for provider in about.providers {
            let name = provider.label?.best(languages)?.text
            add(translator("Provided by"), [name, provider.homepage].compactMap { $0 }.joined(separator: ", "))
        }
        return lines
    }

    /// The panel's box (window px): centred, below the controls' row, as wide as a column of text reads well.
    var aboutBox: Rect? {
        guard let w = window else { return nil }
        let margin = 24.0, top = (controlBar?.band.maxY ?? 0) + margin
        let width = max(1, min(w.width - 2 * margin, 760 * textScale))
        return Rect(x: (w.width - width) / 2, y: top, width: width, height: max(80, w.height - top - margin))
    }

    /// What to draw of it (nil: closed).
    func aboutPanel() -> AboutPanel? {
        guard let state = controls.about, let box = aboutBox else { return nil }
        let lines = aboutLines().map(\.markup)
        let first = min(state.scroll, max(0, lines.count - 1))
        let heading = translator("About this book")
        return AboutPanel(box: box, heading: heading + (first > 0 ? " ↑" : ""), markup: lines[first...].joined(separator: "\n"),
                          linesAbove: first, textScale: textScale)
    }

    private mutating func scrollAbout(to line: Int) {
        let last = aboutLines().count - 1
        controls.about?.scroll = max(0, min(line, last))
    }

    /// Every input while it is open: it is the screen's only control.
    mutating func aboutInput(_ event: InputEvent, at time: Double) -> [AppEffect] {
        guard var state = controls.about, let box = aboutBox else { return [] }
        let lineHeight = 22 * 1.25 * textScale
        switch event {
        case let .key(sym, true, _, _):
            switch sym {
            case Keysym.Up, Keysym.KP_Up: scrollAbout(to: state.scroll - 1)
            case Keysym.Down, Keysym.KP_Down: scrollAbout(to: state.scroll + 1)
            case Keysym.Page_Up, Keysym.KP_Prior: scrollAbout(to: state.scroll - 5)
            case Keysym.Page_Down, Keysym.KP_Next: scrollAbout(to: state.scroll + 5)
            case Keysym.Home, Keysym.KP_Home: scrollAbout(to: 0)
            case Keysym.Escape, Keysym.BackSpace, Keysym.Return, Keysym.KP_Enter, Keysym.space: return closeAbout()
            default: if isAboutKey(sym) { return closeAbout() }
            }
            return []
        case let .touchDown(id, p, _):
            state.fingers.insert(id)
            // A second finger makes the touch no tap: lifting closes nothing.
            if state.pressStart != nil { state.pressMoved = true } else { (state.pressStart, state.pressScroll, state.pressMoved) = (p, state.scroll, false) }
        case .pointerButton(_, true, _):
            if let p = state.pointer { (state.pressStart, state.pressScroll, state.pressMoved) = (p, state.scroll, false) }
        case let .touchMotion(_, p, _), let .pointerMotion(p, _):
            if case .pointerMotion = event { state.pointer = p }
            guard let start = state.pressStart, box.contains(start) else { break }
            let dy = start.y - p.y
            if state.pressMoved || abs(dy) > Self.contentsSlop {
                state.pressMoved = true
                controls.about = state
                scrollAbout(to: state.pressScroll + Int((dy / lineHeight).rounded()))
                state.scroll = controls.about?.scroll ?? state.scroll
            }
        case .touchUp, .pointerButton(_, false, _):
            guard state.pressStart != nil else { return [] }
            if case .touchUp(let id, _) = event {
                state.fingers.remove(id)
                guard state.fingers.isEmpty else { break }  // the last finger ends the touch
            }
            let tapped = !state.pressMoved
            state.pressStart = nil
            controls.about = state
            // A tap closes it: the book is under it.
            return tapped ? closeAbout() : []
        case .touchCancel:
            state.pressStart = nil
            state.fingers = []
        case let .pointerAxis(.vertical, value, _, _):
            controls.about = state
            scrollAbout(to: state.scroll + (value > 0 ? 3 : -3))
            return []
        default: break
        }
        controls.about = state
        return []
    }

    /// A fact's label in English (a msgid of Locales/*.po).
    static func aboutLabel(_ field: BookAbout.Field) -> String {
        switch field {
        case .author: "Author"
        case .illustrator: "Illustrator"
        case .translator: "Translator"
        case .editor: "Editor"
        case .artist: "Artist"
        case .photographer: "Photographer"
        case .narrator: "Narrator"
        case .contributor: "Contributor"
        case .writer: "Writer"
        case .penciller: "Penciller"
        case .inker: "Inker"
        case .colorist: "Colourist"
        case .letterer: "Letterer"
        case .coverArtist: "Cover artist"
        case .publisher: "Publisher"
        case .imprint: "Imprint"
        case .date: "Date"
        case .series: "Series"
        case .number: "Number"
        case .volume: "Volume"
        case .storyArc: "Story arc"
        case .isbn: "ISBN"
        case .format: "Format"
        case .subject: "Subject"
        case .keywords: "Keywords"
        case .genre: "Genre"
        case .tags: "Tags"
        case .characters: "Characters"
        case .teams: "Teams"
        case .locations: "Locations"
        case .ageRating: "Age rating"
        case .rights: "Rights"
        case .web: "Web"
        case .creatorTool: "Made with"
        case .producer: "Produced by"
        case .created: "Created"
        case .attribution: "Attribution"
        }
    }
}
