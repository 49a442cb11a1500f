import Book
import Geometry
import Gestures
import Panels

/// The table of contents: opened from its control (by touch, or by Tab and Enter), it lies over the book and
/// takes every input until it closes. A tap on an entry goes to its page with the cross-fade; a finger drags
/// the list, the wheel and the arrow keys scroll it, Enter opens the entry the keys are on; a tap beside it,
/// Escape or the idle reset closes it. In speech mode a tap on an entry says it and the next tap on it opens it.
extension AppCore {
    var contentsLayout: ContentsLayout? {
        window.map {
            ContentsLayout(width: $0.width, height: $0.height, pixelsPerMM: pixelsPerMM, large: settings.largeText,
                           entries: book.contents.count)
        }
    }

    /// A finger's travel before a press on the panel scrolls it rather than taps (window px).
    static let contentsSlop = 12.0

    mutating func openContents(at time: Double) -> [AppEffect] {
        guard !book.contents.isEmpty, let layout = contentsLayout, controls.contents == nil, shelf?.visible != true else { return [] }
        let panel = ContentsState(entries: book.contents, page: reader.page, visibleRows: layout.visibleRows)
        controls.contents = panel
        return [.occurred(.contents(shown: true)), focusOccurrence(panel.focus, opening: true)]
    }

    mutating func closeContents() -> [AppEffect] {
        guard controls.contents != nil else { return [] }
        controls.contents = nil
        return [.occurred(.contents(shown: false))]
    }

    /// "Chapter 2, page 14": what speech says of an entry and the focus label shows.
    func contentsLabel(_ entry: Int) -> String {
        guard entry < book.contents.count else { return "" }
        let e = book.contents[entry]
        return translator.format("{title}, page {page}", ["title": e.title, "page": name(of: e.page)])
    }

    private func focusOccurrence(_ entry: Int, opening: Bool = false) -> AppEffect {
        let label = contentsLabel(entry)
        return .occurred(.focus(label: opening ? translator("Contents") + ": " + label : label, index: entry,
                                count: book.contents.count))
    }

    /// Goes to the entry's page (with the scrubber's cross-fade) and closes the panel.
    private mutating func openEntry(_ entry: Int, at time: Double) -> [AppEffect] {
        guard entry >= 0, entry < book.contents.count else { return [] }
        let e = book.contents[entry]
        var out = closeContents()
        out.append(.occurred(.sectionOpened(from: reader.page, to: e.page, title: e.title)))
        if e.page != reader.page { out += log(reader.jump(toPage: e.page, at: time)) }
        return out
    }

    /// Every input while the panel is open.
    mutating func contentsInput(_ event: InputEvent, at time: Double) -> [AppEffect] {
        guard var panel = controls.contents, let layout = contentsLayout else { return [] }
        let count = book.contents.count, rows = layout.visibleRows
        defer { if controls.contents != nil { controls.contents = panel } }
        switch event {
        case let .key(sym, true, _, _):
            let step: Int? = switch sym {
            case Keysym.Up, Keysym.KP_Up, Keysym.ISO_Left_Tab: -1
            case Keysym.Down, Keysym.KP_Down, Keysym.Tab: 1
            case Keysym.Page_Up, Keysym.KP_Prior: -rows
            case Keysym.Page_Down, Keysym.KP_Next: rows
            case Keysym.Home, Keysym.KP_Home: -count
            case Keysym.End, Keysym.KP_End: count
            default: nil
            }
            if let step {
                let before = panel.focus
                panel.move(by: step, count: count, visibleRows: rows)
                controls.focus.visible = true
                return panel.focus == before ? [] : [focusOccurrence(panel.focus)]
            }
            switch sym {
            case Keysym.Return, Keysym.KP_Enter, Keysym.space: return openEntry(panel.focus, at: time)
            case Keysym.Escape, Keysym.BackSpace: return closeContents()
            default: return []
            }
        case let .touchDown(id, p, _):
            panel.fingers.insert(id)
            // A second finger makes the touch no tap: lifting opens nothing and closes nothing.
            if panel.press != nil { panel.press?.moved = true } else { panel.press = (p, panel.first, false) }
        case .pointerButton(_, true, _):
            if let p = panel.pointer { panel.press = (p, panel.first, false) }
        case let .touchMotion(_, p, _), let .pointerMotion(p, _):
            if case .pointerMotion = event { panel.pointer = p }
            guard let press = panel.press, layout.box.contains(press.start) else { return [] }
            let dy = p.y - press.start.y
            if press.moved || abs(dy) > Self.contentsSlop {
                panel.press?.moved = true
                panel.first = ContentsState.clamped(press.first - Int((dy / layout.row).rounded()), count: count, visibleRows: rows)
            }
        case .touchUp, .pointerButton(_, false, _):
            guard let press = panel.press else { return [] }
            if case .touchUp(let id, _) = event {
                panel.fingers.remove(id)
                guard panel.fingers.isEmpty else { return [] }  // the last finger ends the touch
            }
            panel.press = nil
            guard !press.moved else { return [] }
            guard layout.box.contains(press.start) else { return closeContents() }
            if let row = layout.visibleRow(at: press.start), panel.first + row < count {
                let entry = panel.first + row
                // In speech mode the first tap says the entry, the next on it opens it (explore by touch).
                if controls.speechMode, panel.focus != entry {
                    panel.focus = entry
                    return [focusOccurrence(entry)]
                }
                return openEntry(entry, at: time)
            }
        case .touchCancel:
            panel.press = nil
            panel.fingers = []
        case let .pointerAxis(.vertical, value, _, _):
            panel.first = ContentsState.clamped(panel.first + (value > 0 ? 3 : -3), count: count, visibleRows: rows)
        default: break
        }
        return []
    }

    /// What to draw of the panel (nil: closed).
    func contentsPanel() -> ContentsPanel? {
        guard let panel = controls.contents, let layout = contentsLayout else { return nil }
        let current = BookContents.section(of: reader.page, in: book.contents)
        let shown = panel.first..<min(book.contents.count, panel.first + layout.visibleRows)
        let rows = shown.enumerated().map { i, entry in
            let e = book.contents[entry]
            return ContentsPanel.Row(rect: layout.rowRect(i), title: e.title, page: name(of: e.page), level: e.level,
                                    current: entry == current, focused: entry == panel.focus)
        }
        return ContentsPanel(box: layout.box, title: translator("Contents"), titleRect: layout.header, rows: rows,
                            textScale: textScale, focusShown: controls.focus.visible, moreAbove: panel.first > 0,
                            moreBelow: shown.upperBound < book.contents.count)
    }

    /// The section the page on screen is in, for the overlay (nil without contents or before the first entry).
    var currentSection: String? {
        BookContents.section(of: reader.page, in: book.contents).map { book.contents[$0].title }
    }
}
