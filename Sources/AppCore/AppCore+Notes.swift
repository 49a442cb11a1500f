import Book
import Geometry
import Gestures
import Panels
import Reader

/// The book's layers over its pages (AppCore's part): which show (the layers control, L and keypad "."), the
/// notes' markers a tap opens, the open note's card (closed by a tap, Escape, a turn or the idle reset), and the
/// spread's words in a panel. Everything shown is derived per frame from the notes read, the layers and the
/// open note: nothing here keeps where a marker is.
extension AppCore {
    /// A marker's tap area, mm: a fingertip (as a link's).
    static let noteTargetMM = 9.0
    /// A marker's drawn diameter, mm: smaller than the finger's target, so it hides little of the page.
    static let noteMarkerMM = 6.0

    /// The notes of the pages lying flat on screen that have a marker, with where each sits on screen (px) and
    /// the square a tap reaches it in; none while a page turns, over the shelf, or with the layers hidden.
    var markersOnScreen: [(ref: NoteRef, centre: Vec2, tapArea: Rect)] {
        guard controls.notes.layers != .none, !pages.notes.isEmpty, shelf?.visible != true, !reader.isTurning else { return [] }
        let frame = reader.frame
        let side = Self.noteTargetMM * (screen.pixelsPerMM ?? GestureConfig.fallbackPixelsPerMM)
        let whole = wholePageMarkers(frame: frame)
        var out: [(ref: NoteRef, centre: Vec2, tapArea: Rect)] = []
        for placed in frame.pages.sorted(by: { $0.page < $1.page }) {
            guard let markers = pages.markers[placed.page] else { continue }
            let r = placed.rect
            var points = Array(zip(markers.points, markers.notes))
            if let first = markers.wholePage.first, let at = whole[placed.page] { points.append((at, first)) }
            for (at, index) in points {
                let centre = frame.view.apply(Vec2(r.minX + at.x * r.width, r.minY + at.y * r.height))
                out.append((NoteRef(page: placed.page, index: index), centre,
                            Rect(x: centre.x - side / 2, y: centre.y - side / 2, width: side, height: side)))
            }
        }
        return out
    }

    /// Where the marker of each page's whole-page notes sits in `frame` (fractions of the page): the page's top
    /// outer corner, as the page lies now (flat, or on the turning leaf), clear of the control row.
    func wholePageMarkers(frame: ReaderFrame) -> [Int: Vec2] {
        var lying = frame.pages.map { ($0.page, $0.rect) }
        if let leaf = frame.leaf { lying += [leaf.front, leaf.under].compactMap { $0 }.map { ($0, leaf.rect) } }
        lying = lying.filter { pages.markers[$0.0]?.wholePage.isEmpty == false }
        guard !lying.isEmpty else { return [:] }
        let diameter = Self.noteMarkerMM * (screen.pixelsPerMM ?? GestureConfig.fallbackPixelsPerMM)
        let clear = controlBar?.buttons.map(\.rect) ?? []
        var out: [Int: Vec2] = [:]
        for (page, rect) in lying {
            let outerIsRight = frame.spineX.map { rect.center.x >= $0 } ?? !reader.config.rightToLeft
            out[page] = WholePageMarker.place(on: rect, outerIsRight: outerIsRight, inset: diameter, clear: clear)
        }
        return out
    }

    /// The note `ref` names and, for a note about the whole page, the page's other whole-page notes: one marker
    /// opens them all.
    private func notesOpened(by ref: NoteRef) -> [PageNote] {
        guard let notes = pages.notes[ref.page], ref.index < notes.count else { return [] }
        guard notes[ref.index].target == .page, notes[ref.index].kind == .note else { return [notes[ref.index]] }
        return PageNotes(notes).wholePage.map { notes[$0] }
    }

    /// The bodies a card shows for `ref`, in the visitor's language where a note has one.
    private func bodiesOpened(by ref: NoteRef) -> [PageNote.Body] {
        notesOpened(by: ref).compactMap { $0.body(in: visitorLanguage) }
    }

    /// Where a tap acts for the notes: every marker, and the whole window while a card is open (a tap anywhere
    /// closes it).
    var noteTapAreas: [Rect] {
        if controls.notes.open != nil, let w = window { return [Rect(x: 0, y: 0, width: w.width, height: w.height)] }
        return markersOnScreen.map(\.tapArea)
    }

    /// A tap the notes take (nil: not theirs): on a marker it opens that note's card (another's closes); with a
    /// card open, anywhere else it closes it.
    mutating func noteTapped(at p: Vec2) -> [AppEffect]? {
        let hits = markersOnScreen.filter { $0.tapArea.contains(p) }
        let nearest = hits.min { ($0.centre - p).length < ($1.centre - p).length }
        if let nearest, nearest.ref != controls.notes.open { return openNote(nearest.ref) }
        guard controls.notes.open != nil else { return nil }
        return closeNote()
    }

    mutating func openNote(_ ref: NoteRef) -> [AppEffect] {
        let bodies = bodiesOpened(by: ref)
        guard let first = bodies.first else { return [] }
        controls.notes.open = ref
        // Several notes in one language are said in its voice; in several, in the first's.
        return [.occurred(.noteOpened(page: ref.page, text: bodies.map(\.text).joined(separator: "\n\n"), language: first.language))]
    }

    /// A marker's name where the focus rests on it: "Note: " (or "3 notes: ") and the first words of its text.
    func noteLabel(_ ref: NoteRef) -> String {
        let bodies = bodiesOpened(by: ref)
        guard let body = bodies.first else { return translator("Note") }
        let words = body.text.split(separator: " ").prefix(8).joined(separator: " ")
        return noteHeading(count: bodies.count) + ": " + words + (words.count < body.text.count ? "…" : "")
    }

    /// "Note", or "3 notes" where one marker stands for several.
    private func noteHeading(count: Int) -> String {
        count > 1 ? translator.format("{count} notes", ["count": "\(count)"]) : translator("Note")
    }

    mutating func closeNote() -> [AppEffect] {
        guard let open = controls.notes.open else { return [] }
        controls.notes.open = nil
        return [.occurred(.noteClosed(page: open.page))]
    }

    /// The layers control: the next layers the spread on screen has something for; `time`: the visitor's input,
    /// for `drawn`.
    mutating func cycleLayers(at time: Double) -> [AppEffect] {
        let spread = reader.frame.pagesShown.compactMap { pages.notes[$0] }.map(PageNotes.init)
        let hasText = spread.contains { $0.transcription(bookLanguage: nil) != nil }
        let hasTranslation = spread.contains { $0.translation(into: visitorLanguage, bookLanguage: nil) != nil }
        var next = controls.notes.layers
        repeat {
            next = NoteLayers(rawValue: (next.rawValue + 1) % NoteLayers.allCases.count) ?? .none
        } while (next == .transcription && !hasText) || (next == .translation && !hasTranslation)
        controls.notes.layers = next
        controls.notes.scroll = 0
        controls.awaitingScreen = ("layers=" + next.name, time)
        var out = next == .none ? closeNote() : []
        out.append(.occurred(.layers(next)))
        return out
    }

    /// L, l, and the keypad's "." (with Num Lock on or off).
    static func isLayersKey(_ sym: UInt32) -> Bool { sym == 0x6c || sym == 0x4c || sym == 0xffae || sym == 0xff9f }

    /// Whether the book has notes to show (the layers control is in the row).
    var hasNotes: Bool { !pages.notes.isEmpty }

    /// What to draw of the notes in `frame`.
    func notesPanel(frame: ReaderFrame) -> NotesPanel? {
        guard controls.notes.layers != .none, !pages.notes.isEmpty, shelf?.visible != true, let w = window else { return nil }
        let perMM = screen.pixelsPerMM ?? GestureConfig.fallbackPixelsPerMM
        let markers = frame.pagesShown.sorted().compactMap { pages.markers[$0] }
        var card: NotesPanel.Card?
        if let open = controls.notes.open, let centre = markersOnScreen.first(where: { $0.ref == open })?.centre,
           let note = pages.notes[open.page].flatMap({ open.index < $0.count ? $0[open.index] : nil }) {
            let bodies = bodiesOpened(by: open)
            let languages = Set(bodies.map(\.language))
            let heading = noteHeading(count: bodies.count)
                + (languages.count == 1 ? (bodies.first?.language).map { " (\($0))" } ?? "" : "")
            if !bodies.isEmpty {
                card = .init(page: open.page, outline: note.target.outlinePolygon, heading: heading,
                             text: bodies.map(\.text).joined(separator: "\n\n"),
                             markup: bodies.map(\.asMarkup).joined(separator: "\n\n"), anchor: centre,
                             maxWidth: min(460 * textScale, w.width * 0.45))
            }
        }
        var plan = NotesPanel(markers: markers, open: controls.notes.open, markerDiameter: Self.noteMarkerMM * perMM, card: card,
                         panel: textPanel(frame: frame, window: (w.width, w.height)), textScale: textScale)
        plan.wholePage = wholePageMarkers(frame: frame)
        plan.lines = lineOverlays(frame: frame)
        // Notes read for pages off screen change nothing on it: no plan, so no frame is drawn for them.
        let shows = plan.markers.contains { !$0.points.isEmpty || !$0.wholePage.isEmpty }
        return shows || plan.card != nil || plan.panel != nil || !plan.lines.isEmpty ? plan : nil
    }

    /// Most lines drawn over their regions in one frame: a page of a newspaper's lines; more are read in the panel.
    static let maxLinesShown = 600

    /// With the transcription or translation shown: each text aimed at a region of a page lying flat, in that layer's
    /// language, over its region.
    private func lineOverlays(frame: ReaderFrame) -> [NotesPanel.Line] {
        let layers = controls.notes.layers
        guard layers == .transcription || layers == .translation, !reader.isTurning else { return [] }
        var out: [NotesPanel.Line] = []
        for placed in frame.pages.sorted(by: { $0.page < $1.page }) {
            for note in pages.notes[placed.page] ?? [] where note.kind == .text {
                guard case .region(let r) = note.target, out.count < Self.maxLinesShown else { continue }
                let body = layers == .translation
                    ? PageNote.pick(note.bodies.filter { $0.language != nil }, visitorLanguage)
                    : PageNote.pick(note.bodies, nil) ?? note.bodies.first
                if let body { out.append(.init(page: placed.page, rect: r, markup: body.asMarkup)) }
            }
        }
        return out
    }

    /// The spread's words in the layer shown: beside the pages where either side of them has room for a column
    /// of 260 px, else over the lower 40 % of the window.
    private func textPanel(frame: ReaderFrame, window w: (width: Double, height: Double)) -> NotesPanel.Panel? {
        let layers = controls.notes.layers
        guard layers == .transcription || layers == .translation, !reader.isTurning else { return nil }
        let spread = frame.pages.sorted { $0.page < $1.page }.compactMap { pages.notes[$0.page].map(PageNotes.init) }
        let texts = spread.compactMap { notes in
            layers == .translation ? notes.translationMarkup(into: visitorLanguage, bookLanguage: nil)
                : notes.transcriptionMarkup(bookLanguage: nil)
        }
        guard !texts.isEmpty else { return nil }
        let corners = frame.pages.flatMap { p in
            [Vec2(p.rect.minX, p.rect.minY), Vec2(p.rect.maxX, p.rect.minY), Vec2(p.rect.minX, p.rect.maxY), Vec2(p.rect.maxX, p.rect.maxY)]
        }.map(frame.view.apply)
        let left = max(0, corners.map(\.x).min() ?? 0), right = max(0, w.width - (corners.map(\.x).max() ?? w.width))
        let margin = 16.0, column = 260.0 * textScale
        let top = (controlBar?.band.maxY ?? 0) + margin
        let box: Rect
        if max(left, right) >= column + 2 * margin {
            let width = min(max(left, right) - 2 * margin, 560 * textScale)
            let x = right >= left ? w.width - margin - width : margin
            box = Rect(x: x, y: top, width: width, height: max(80, w.height - top - 4 * margin))
        } else {
            let height = w.height * 0.4
            box = Rect(x: margin, y: w.height - height - margin, width: w.width - 2 * margin, height: height)
        }
        let heading = translator(layers == .translation ? "Translation" : "Transcription")
        let lines = texts.joined(separator: "\n\n").split(separator: "\n", omittingEmptySubsequences: false)
        let first = min(panelScroll, max(0, lines.count - 1))
        return .init(box: box, heading: heading + (first > 0 ? " ↑" : ""), text: lines[first...].joined(separator: "\n"),
                     linesAbove: first, language: layers == .translation ? visitorLanguage : nil)
    }

    /// The panel's first line shown: 0 on another spread than the one it was scrolled on.
    var panelScroll: Int {
        controls.notes.scrolledSpread == reader.position.spread.pages ? controls.notes.scroll : 0
    }

    /// One line of the panel's text, window px (`SceneRenderer.noteTextSize` set 1.25 apart).
    var panelLineHeight: Double { 22 * 1.25 * textScale }

    /// Shows the panel's text from `line` on, within its lines.
    mutating func scrollPanel(to line: Int) {
        let total = (notesPanel(frame: reader.frame)?.panel).map { $0.linesAbove + $0.text.split(separator: "\n", omittingEmptySubsequences: false).count } ?? 1
        controls.notes.scroll = max(0, min(line, total - 1))
        controls.notes.scrolledSpread = reader.position.spread.pages
    }

    /// A finger on the panel: dragged up, the text moves up with it, a line at a time.
    mutating func panelStroke(_ stroke: ControlStroke) -> [AppEffect] {
        switch stroke.phase {
        case .down: controls.notes.scrollAtDown = panelScroll
        case .move, .drag, .lift:
            let lines = Int(((stroke.start.y - stroke.position.y) / panelLineHeight).rounded())
            scrollPanel(to: controls.notes.scrollAtDown + lines)
        case .tap, .cancel: break
        }
        return []
    }

    /// Up and Down scroll the panel by three lines while it shows (and the focus does not, which they move).
    static func panelScrollStep(_ sym: UInt32) -> Int? {
        switch sym {
        case 0xff52: -3
        case 0xff54: 3
        default: nil
        }
    }
}
