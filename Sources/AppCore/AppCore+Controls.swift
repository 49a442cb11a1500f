import Geometry
import Gestures
import Panels

/// The text on the overlay and the controls, set at 22 px. DejaVu Sans (fontconfig's sans here) designs its
/// capitals 0.729 em tall, but Pango's hinted rendering measured 0.69 em of ink at 200/255 coverage (26 px at
/// 37.8 px, AccessibilityEndToEndTests): 0.66 keeps a margin for other hinting.
public enum TextSize {
    public static let overlayPixels = 22.0
    public static let capitalRatio = 0.66
    /// 0.7° of the visual field at 600 mm (EN 301 549 asks for large text where a screen is read from afar).
    public static let largeCapitalMM = 7.3

    /// The factor on the overlay's text size that makes capitals `largeCapitalMM` tall (1 for normal text).
    public static func scale(large: Bool, pixelsPerMM: Double?) -> Double {
        guard large else { return 1 }
        let perMM = pixelsPerMM.flatMap { $0 > 0 && $0.isFinite ? $0 : nil } ?? OverlayLayout.fallbackPixelsPerMM
        return max(1, largeCapitalMM * perMM / (overlayPixels * capitalRatio))
    }
}

extension AppCore {
    /// The row of controls for the window as it is (nil before the first configure).
    var controlBar: ControlBar? {
        guard let w = window else { return nil }
        return ControlBar(width: w.width, height: w.height, pixelsPerMM: pixelsPerMM, reach: settings.reach,
                          large: settings.largeText, rightToLeft: reader.config.rightToLeft,
                          zoomed: reader.zoom.isZoomed, home: shelf != nil, contents: !book.contents.isEmpty,
                          narration: settings.narration, layers: hasNotes,
                          language: languageChoices.count >= 2, about: !book.about.isEmpty)
    }

    /// Whether the row shows now: always, or with the overlay (`controls` setting); always in speech mode, where
    /// a touch finds the controls by exploring (the page's taps say the page, they no longer show the overlay);
    /// never over the shelf.
    var controlsShown: Bool {
        window != nil && shelf?.visible != true
            && (controlsAlways || controls.speechMode || controls.overlay.visible)
    }

    /// The buttons a touch can reach now (home has its own zone, shown with every book from the shelf).
    var controlZones: [ControlZone] {
        guard controlsShown, let bar = controlBar else { return [] }
        return bar.buttons.filter { $0.action != .home }.map { ControlZone(rect: $0.rect, control: .button($0.action.rawValue)) }
    }

    /// How far the overlay's scrubber stays above the bottom edge: clear of the row in reach mode.
    var overlayBottomInset: Double {
        guard settings.reach, let bar = controlBar, let w = window else { return 0 }
        return w.height - bar.band.minY
    }

    /// The text factor for the overlay and the controls.
    public var textScale: Double { TextSize.scale(large: settings.largeText, pixelsPerMM: pixelsPerMM) }

    // MARK: focus

    /// The focus order as the screen is now: the shelf's covers, or the controls in reading order with the
    /// scrubber where it lies (below the row at the top, above it in reach mode).
    var focusOrder: [FocusItem] {
        if let s = shelf, s.visible {
            return s.books.indices.filter { s.books[$0].problem == nil }.map(FocusItem.cover)
        }
        var items: [FocusItem] = []
        if let bar = controlBar {
            let shown = controlsShown
            items = bar.buttons.filter { shown || $0.action == .home }.map { .control($0.action) }
        }
        if controls.overlay.visible { settings.reach ? items.insert(.control(.scrubber), at: 0) : items.append(.control(.scrubber)) }
        // The markers after the links, at most the first hundred (a page of line notes is not a tab order).
        return items + linksOnScreen.map(\.item) + markersOnScreen.prefix(100).map { .note($0.ref) }
    }

    func focusCommand(for input: InputEvent) -> FocusCommand? {
        FocusState.command(for: input, visible: controls.focus.visible, onScrubber: controls.focus.item == .control(.scrubber),
                           shelfShown: shelf?.visible == true, rightToLeft: reader.config.rightToLeft)
    }

    mutating func perform(_ command: FocusCommand, at time: Double) -> [AppEffect] {
        switch command {
        case .move(let step): return moveFocus(by: step, at: time)
        case .activate:
            guard controls.focus.visible, let item = controls.focus.item, focusOrder.contains(item) else { return moveFocus(by: 0, at: time) }
            switch item {
            case .cover(let book): return openCover(book)
            case .control(let action): return activate(action, at: time, cause: .key)
            case .link: return followFocusedLink(item, at: time)
            case .note(let ref): return openNote(ref)
            }
        case .scrub(let step):
            let count = reader.position.pageCount
            let page = max(1, min(count, (controls.overlay.scrub ?? reader.page) + step))
            controls.overlay.scrubber(controls.overlay.scrub == nil ? .down : .move, page: page)
            return [.occurred(.focus(label: scrubLabel(page), index: focusIndex, count: focusOrder.count))]
        case .home:
            if let s = shelf, !s.visible { return activate(.home, at: time, cause: .key) }
            if shelf?.visible == true { return [] }
            return dispatch(TimedIntent(.jump(.first), at: time))
        }
    }

    private var focusIndex: Int { controls.focus.item.flatMap { focusOrder.firstIndex(of: $0) } ?? 0 }

    private func scrubLabel(_ page: Int) -> String { pageOfCount(page) }

    /// Moves the focus (0: shows it where it rests), showing the controls first when they hide with the controls.overlay.
    private mutating func moveFocus(by step: Int, at time: Double) -> [AppEffect] {
        var out: [AppEffect] = []
        if shelf?.visible != true, !controlsAlways, !controls.overlay.visible { out += toggleOverlay(at: time) }
        let order = focusOrder
        guard let next = FocusState.moved(from: controls.focus.item, visible: controls.focus.visible, by: step, in: order),
              let index = order.firstIndex(of: next) else { return out }
        if next != controls.focus.item { controls.cancelScrub(page: reader.page) }
        controls.focus.item = next
        controls.focus.visible = true
        if case .cover(let book) = next, var s = shelf, let layout = shelfLayout, layout.page(of: book) != s.page {
            s.show(page: layout.page(of: book), layout: layout, now: time, animated: !reader.config.reducedMotion)
            shelf = s
        }
        return out + [.occurred(.focus(label: label(of: next), index: index, count: order.count))]
    }

    /// The item's label in the visitor's language (a cover's is its book's title).
    func label(of item: FocusItem) -> String {
        switch item {
        case .cover(let book): shelf.map { book < $0.books.count ? $0.books[book].title : "" } ?? ""
        case .control(.scrubber): scrubLabel(controls.overlay.scrub ?? reader.page)
        case .control(let action): translator(action.label)
        case .link: linksOnScreen.first { $0.item == item }.map { linkLabel(toPage: $0.target) } ?? ""
        case .note(let ref): noteLabel(ref)
        }
    }

    private mutating func openCover(_ book: Int) -> [AppEffect] {
        guard let s = shelf, s.visible, s.pending == nil, book < s.books.count, s.books[book].problem == nil else { return [] }
        shelf?.pending = book
        return [.start(.openShelfBook(book: book, path: s.books[book].path))]
    }

    // MARK: activation

    /// A stroke on a button: it acts where it lifts on the button (a tap, or a press held there); dragged off
    /// first, it does nothing (WCAG 2.5.2).
    mutating func buttonStroke(_ stroke: ControlStroke, raw: Int, at time: Double) -> [AppEffect] {
        guard stroke.phase == .tap || stroke.phase == .lift, let action = ControlAction(rawValue: raw),
              controlsShown, let button = controlBar?.buttons.first(where: { $0.action == action }),
              button.rect.contains(stroke.position) else { return [] }
        return activate(action, at: time, cause: .tap)
    }

    /// What a control does, through the intents its gesture makes.
    mutating func activate(_ action: ControlAction, at time: Double, cause: TurnCause) -> [AppEffect] {
        let step = reader.config.gestures.zoomStep
        func intent(_ i: Intent) -> [AppEffect] { dispatch(TimedIntent(i, at: time)) }
        switch action {
        case .home:
            return homeStroke(ControlStroke(.home, .tap, start: .zero, position: .zero), at: time)
        case .previous: return intent(.turn(.backward, cause: cause))
        case .next: return intent(.turn(.forward, cause: cause))
        case .zoomIn: return intent(.zoomBy(factor: step, around: nil))
        case .zoomOut: return intent(.zoomBy(factor: 1 / step, around: nil))
        case .fit: return intent(.zoomReset)
        case .panLeft, .panRight, .panUp, .panDown:
            guard let w = window, reader.zoom.isZoomed else { return [] }
            // A step of a third of the window: the view moves toward the side named, the page the other way.
            let dx = w.width / 3, dy = w.height / 3
            let move: Vec2 = switch action {
            case .panLeft: Vec2(dx, 0)
            case .panRight: Vec2(-dx, 0)
            case .panUp: Vec2(0, dy)
            default: Vec2(0, -dy)
            }
            let centre = Vec2(w.width / 2, w.height / 2)
            return intent(.panBegin(at: centre)) + intent(.panMove(translation: move))
                + intent(.panEnd(translation: move, velocity: .zero))
        case .contents: return openContents(at: time)
        case .about: return openAbout()
        case .narration: return toggleNarration(now: time)
        case .replay: return replayNarration()
        case .layers: return cycleLayers(at: time)
        case .language: return cycleLanguage(at: time)
        case .scrubber:
            let jump = controls.overlay.scrubber(.tap, page: controls.overlay.scrub ?? reader.page)
            guard let jump, jump != reader.page else { return [] }
            var out: [AppEffect] = [.occurred(.jump(from: reader.page, to: jump))]
            out += log(reader.jump(toPage: jump, at: time))
            return out
        }
    }

    // MARK: drawing

    /// What to draw of the controls and the focus at `now` (nil: nothing).
    public func controlsPanel(now: Double) -> ControlsPanel? {
        // The table of contents, while open, is the screen's only control.
        guard controls.contents == nil else { return nil }
        let shown = controlsShown, bar = controlBar
        let buttons = shown ? (bar?.buttons.filter { $0.action != .home } ?? []) : []
        var ring: Rect?
        if controls.focus.visible, let item = controls.focus.item, focusOrder.contains(item) { ring = rect(of: item, bar: bar, now: now) }
        guard !buttons.isEmpty || ring != nil, let w = window else { return nil }
        let scale = textScale
        var labelCentre = Vec2(w.width / 2, w.height / 2)
        if let r = ring {
            // Beside the focus, toward the middle of the screen, half a line of text away; in reach mode above
            // the overlay's scrubber and its label too.
            let gap = 0.9 * TextSize.overlayPixels * scale + 24 * scale / 2
            let below = r.center.y < w.height / 2
            var top = r.minY
            if !below, controls.overlay.visible, let layout = overlayLayout {
                top = min(top, layout.track.center.y - layout.thumb / 2 - layout.thumb * scale - 2 * gap)
            }
            labelCentre = Vec2(min(max(r.center.x, w.width * 0.15), w.width * 0.85), below ? r.maxY + gap : top - gap)
        }
        // The scrubber's own label says its page.
        let text = controls.focus.item == .control(.scrubber) || ring == nil ? nil : controls.focus.item.map(label(of:))
        return ControlsPanel(buttons: buttons, focus: ring, focusLabel: text, focusLabelCentre: labelCentre, textScale: scale)
    }

    func rect(of item: FocusItem, bar: ControlBar?, now: Double) -> Rect? {
        switch item {
        case .control(.scrubber): return overlayLayout?.hitArea
        case .control(.home): return homeRect
        case .control(let a): return bar?.buttons.first { $0.action == a }?.rect
        case .link: return linksOnScreen.first { $0.item == item }?.rect
        case .note(let ref): return markersOnScreen.first { $0.ref == ref }?.tapArea
        case .cover(let book):
            guard let s = shelf, let layout = shelfLayout, book < layout.count else { return nil }
            let scroll = s.scroll(at: now, layout: layout).x, slot = layout.slotRect(book)
            return layout.coverRect(in: Rect(x: slot.minX - scroll, y: slot.minY, width: slot.width, height: slot.height),
                                    size: s.coverSizes[book])
        }
    }
}
