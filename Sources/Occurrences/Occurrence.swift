import Book
import Panels
import Geometry
import Reader

/// What happened, as the core reports it: one case per kind of news, with typed payloads, and what each means to
/// the event log, speech, the visit statistics, the metrics and systemd (`meaning`, below) in the same file.
public enum Occurrence: Sendable, Equatable {
    /// The first frame was committed: the window in logical pixels, its scale, the book's pages.
    case ready(width: Int, height: Int, scale: Double, pages: Int)
    /// The first frame showing a page image; `page` is the first of its spread.
    case shown(page: Int)
    /// The GL drew its first frame, `startupMS` after it was asked to start.
    case renderer(startupMS: Double)
    /// The book was read again or replaced: it has `pages` pages now.
    case book(pages: Int)
    /// A kiosk's one book cannot be shown (`reason`): its one page says so while its path is watched.
    case bookAwaited(reason: String)
    /// Shelf book `path` (`title`, `pages` pages) was opened.
    case opened(path: String, title: String, pages: Int)
    /// Shelf book `path` (`title`) was chosen but cannot be opened now (`reason`): the shelf stays.
    case shelfBookFailed(path: String, title: String, reason: String)
    /// The shelf is shown, with `books` books.
    case shelf(books: Int)
    /// The library's directory changed and was read again: it holds `books` books, `added` of them new,
    /// `removed` gone, `changed` read again with another title, attribution or problem.
    case library(books: Int, added: Int, removed: Int, changed: Int)
    /// A turn began, committed or fell back.
    /// `by`: how the visitor asked for the turn, on its commit (or, without one, its page change).
    case flip(ReaderEvent.Phase, TurnDirection, by: TurnKind?)
    /// The settled page (the first of its spread, from 1) changed.
    case page(Int, by: TurnKind?)
    /// A zoom gesture settled: scale and rotation in degrees.
    case zoom(scale: Double, rotation: Double, centre: PagePoint?)
    /// A sharper region of `page` arrived `waitMS` after it was asked for, and is drawn.
    case region(page: Int, waitMS: Double)
    /// Page `page` cannot be read: a placeholder saying `message` is shown instead.
    case pageFailed(page: Int, message: String)
    /// A turn waits for its pages behind `waiting` others.
    case turnWaits(TurnDirection, waiting: Int)
    /// A press came while `TurnGate.carryFrom` turns wait: the last of them carries it and lands `spreads` away.
    case turnCarried(TurnDirection, spreads: Int)
    /// A turn was refused: `waiting` turns already wait.
    case turnRefused(TurnDirection, waiting: Int)
    /// `count` waiting turns were dropped (`reason`: moved, jump, idle-reset, book).
    case turnsCleared(count: Int, reason: String)
    /// A drag began on pages not yet decoded: it is held, after `afterTurns` waiting turns.
    case dragHeld(TurnDirection, afterTurns: Int)
    /// The held drag begins, `waitedMS` after the finger came down.
    case dragBegins(waitedMS: Double)
    /// A held drag was lifted before it began; `turns`: it turns the page as a flick.
    case dragLifted(turns: Bool)
    /// Back to the cover (or the shelf) after the idle time or `recto ctl idle-reset`, from `page`.
    case idleReset(page: Int)
    /// The overlay (scrubber, home) was shown or hidden.
    case overlay(shown: Bool)
    /// The scrubber jumped from page `from` to page `to`.
    case jump(from: Int, to: Int)
    /// A link on page `from` was followed to page `to` (tapped, or Enter on it).
    case linkFollowed(from: Int, to: Int)
    /// The table of contents opened or closed.
    case contents(shown: Bool)
    /// "About this book" opened (what it says, in `language`, the visitor's) or closed.
    case about(shown: Bool, text: String, language: String?)
    /// A note's card opened (a tap on its marker): its text in the language shown.
    case noteOpened(page: Int, text: String, language: String?)
    /// The open note's card closed (a tap, Escape, a turn, the layers hidden).
    case noteClosed(page: Int)
    /// The layers control showed these layers.
    case layers(NoteLayers)
    /// The visitor chose to read in this language (the language control).
    case language(String)
    /// A visitor's choice (`layers=…`, `language=…`) reached the screen: the frame showing it was committed
    /// `afterMS` after the input that made it.
    case drawn(String, afterMS: Double)
    /// Some of a page's notes cannot be shown: `reason` says which and why (said once per page read).
    case notesLeftOut(page: Int, reason: String)
    /// An entry of the table of contents was opened: from the page on screen to the entry's.
    case sectionOpened(from: Int, to: Int, title: String)
    /// Attract mode began (its first lift is its first loop).
    case attractBegan
    /// Attract mode lifted the corner again: loop `loop` (from 2; the first came with `attractBegan`).
    case attractLooped(loop: Int)
    /// A visitor ended attract mode.
    case attractEnded
    /// Speech mode: switched, a text sent to speech-dispatcher, speech stopped, the server missing.
    case speech(SpeechNote)
    /// Narration: a page's recording began or ended, or cannot be played; its captions are broken.
    case narration(NarrationNote)
    /// The paper's sound cannot be played (no sound server takes it): the pages turn silently.
    case pageSound(PageSoundNote)
    /// The visitor started (`on`: the spread's recording from its start) or stopped the narration.
    case narrationSwitched(on: Bool)
    /// A frame showing these caption lines reached the screen (empty: the caption band went away).
    case captions([String])
    /// The keyboard focus moved to a control, a shelf cover or a link: its label in the visitor's language ("Next
    /// page", a book's title, "Link to page 40"), and its place in the focus order (`index` from 0 of `count`).
    case focus(label: String, index: Int, count: Int)
    /// The idle warning's countdown appeared (at least 20 s left), or reached a step a listener should hear
    /// (`IdleWarningPolicy.announcedSteps`: 10 s left).
    case idleWarning(secondsLeft: Int)
    /// A touch, button or key answered the countdown: the time was extended, for the `count`th time since the
    /// countdown last ran out.
    case idleExtended(count: Int)
    /// In speech mode a tap on the page (not a control) asked to hear page `page`'s spread again (explore by
    /// touch: the tap neither turns nor shows the overlay; a tap that stopped speech leaves it silent).
    case pageAsked(page: Int)
    /// `recto ctl set` changed live settings: the idle reset now in force (ms, nil: never), which the visit
    /// recorder ends visits by as the reader resets by it.
    case retuned(idleReset: Double?)
}

extension Occurrence {
    /// What the occurrence means to each consumer, said here beside the others: its log line, its speech cue, what
    /// the visit statistics hear, what the metrics count and what systemd is told. The consumers read this and
    /// switch over no occurrence: a new occurrence is its case above and its line here (and the tests' tables of
    /// decisions, which fail until each meaning is written down there too).
    public var meaning: OccurrenceMeaning {
        switch self {
        case let .ready(width, height, scale, pages):
            OccurrenceMeaning(log: LogEvent("ready", ["width": .int(width), "height": .int(height), "scale": .double(scale), "pages": .int(pages)]),
                              systemd: .ready)
        // The first page on screen; `page` is every settled page after it.
        case .shown(let page):
            OccurrenceMeaning(log: LogEvent("shown", ["page": .int(page)]), speech: .firstPage(page), metrics: [.firstPageViewed(page)])
        case .renderer(let ms): OccurrenceMeaning(log: LogEvent("renderer", ["startup_ms": .double(Self.tenths(ms))]))
        // The awaited book's placeholder is followed by the book that replaces it: the gauge follows both.
        case .book(let pages):
            OccurrenceMeaning(log: LogEvent("book", ["pages": .int(pages)]), metrics: [.awaitingBook(false)], systemd: .pages(pages))
        case .bookAwaited(let reason):
            OccurrenceMeaning(log: LogEvent("book-awaited", ["reason": .string(reason)]), metrics: [.awaitingBook(true)],
                              systemd: .awaited(reason: reason))
        case let .opened(path, title, pages):
            OccurrenceMeaning(log: LogEvent("open", ["book": .string(path), "title": .string(title), "pages": .int(pages)]),
                              speech: .opened(title: title, pages: pages))
        // The shelf stays as it was; its cover says why once the library is read again.
        case let .shelfBookFailed(path, title, reason):
            OccurrenceMeaning(log: LogEvent("open-failed", ["book": .string(path), "title": .string(title), "reason": .string(reason)]))
        case .shelf(let books): OccurrenceMeaning(log: LogEvent("shelf", ["books": .int(books)]), speech: .shelf(books: books))
        // The curator's doing: heard when the visitor moves over the shelf (titles, focus), not counted as a visit.
        case let .library(books, added, removed, changed):
            OccurrenceMeaning(log: LogEvent("library", ["books": .int(books), "added": .int(added), "removed": .int(removed),
                                                        "changed": .int(changed)]),
                              metrics: [.libraryRead])
        case let .flip(phase, direction, by):
            OccurrenceMeaning(log: LogEvent("flip", ["phase": .string(phase.rawValue), "direction": Self.name(direction)]).by(by),
                              visits: phase == .commit ? by.map { [.turn($0)] } ?? [] : [],
                              metrics: phase == .begin ? [] : [.turnEnded(direction, committed: phase == .commit)])
        case let .page(page, by):
            OccurrenceMeaning(log: LogEvent("page", ["page": .int(page)]).by(by), speech: .page(page),
                              visits: (by.map { [.turn($0)] } ?? []) + [.page(page)], metrics: [.pageViewed(page)],
                              systemd: .page(page))
        // Said to the percent; a settle back to fit too ("100 percent"), so the visitor knows.
        case let .zoom(scale, rotation, centre):
            OccurrenceMeaning(log: LogEvent("zoom", ["scale": .double(scale), "rotation": .double(rotation)]).at(centre),
                              speech: .zoom(percent: Int((scale * 100).rounded())), visits: [.zoom(scale: scale, centre: centre)],
                              metrics: [.zoomSettled])
        case let .region(page, ms): OccurrenceMeaning(log: LogEvent("region", ["page": .int(page), "wait_ms": .double(Self.tenths(ms))]))
        case let .pageFailed(page, message):
            OccurrenceMeaning(log: LogEvent("page-failed", ["page": .int(page), "message": .string(message)]), metrics: [.placeholderShown])
        // The turn queue's workings: the page that follows says where the visitor is.
        case let .turnWaits(direction, waiting):
            OccurrenceMeaning(log: LogEvent("turn-waits", ["direction": Self.name(direction), "waiting": .int(waiting)]))
        case let .turnCarried(direction, spreads):
            OccurrenceMeaning(log: LogEvent("turn-carried", ["direction": Self.name(direction), "spreads": .int(spreads)]))
        case let .turnRefused(direction, waiting):
            OccurrenceMeaning(log: LogEvent("turn-refused", ["direction": Self.name(direction), "waiting": .int(waiting)]))
        case let .turnsCleared(count, reason):
            OccurrenceMeaning(log: LogEvent("turns-cleared", ["turns": .int(count), "reason": .string(reason)]))
        case let .dragHeld(direction, afterTurns):
            OccurrenceMeaning(log: LogEvent("drag-held", ["direction": Self.name(direction), "after_turns": .int(afterTurns)]))
        case .dragBegins(let ms): OccurrenceMeaning(log: LogEvent("drag-begins", ["waited_ms": .double(Self.tenths(ms))]))
        case .dragLifted(let turns): OccurrenceMeaning(log: LogEvent("drag-lifted", ["turns": .bool(turns)]))
        // Nothing is said: rate and volume go back to their settings.
        case .idleReset(let page):
            OccurrenceMeaning(log: LogEvent("idle-reset", ["page": .int(page)]), speech: .reset, visits: [.idleReset], metrics: [.reset])
        case .overlay(let shown):
            OccurrenceMeaning(log: LogEvent("overlay", ["state": .string(shown ? "shown" : "hidden")]), visits: shown ? [.overlay] : [])
        case let .jump(from, to): OccurrenceMeaning(log: LogEvent("jump", ["from": .int(from), "to": .int(to)]), visits: [.scrubber])
        // A link is a way to another page, as Home and End are.
        case let .linkFollowed(from, to): OccurrenceMeaning(log: LogEvent("link", ["from": .int(from), "to": .int(to)]), visits: [.turn(.jump)])
        case .contents(let shown):
            OccurrenceMeaning(log: LogEvent("contents", ["state": .string(shown ? "shown" : "hidden")]), visits: shown ? [.contentsOpened] : [])
        case let .about(shown, text, language):
            OccurrenceMeaning(log: LogEvent("about", ["state": .string(shown ? "shown" : "hidden")]),
                              speech: shown ? .about(text: text, language: language) : nil, visits: shown ? [.aboutOpened] : [])
        case let .noteOpened(page, text, language):
            OccurrenceMeaning(log: LogEvent("note", ["state": .string("opened"), "page": .int(page), "language": .string(language ?? "none"),
                                                     "text": .string(String(text.prefix(120)))]),
                              speech: .note(text: text, language: language), visits: [.noteOpened])
        case .noteClosed(let page): OccurrenceMeaning(log: LogEvent("note", ["state": .string("closed"), "page": .int(page)]))
        case .layers(let layers): OccurrenceMeaning(log: LogEvent("layers", ["shown": .string(layers.name)]), speech: .layers(layers), visits: [.layers])
        case .language(let code):
            OccurrenceMeaning(log: LogEvent("language", ["code": .string(code)]), speech: .language(code), visits: [.language(code)])
        case let .drawn(what, ms): OccurrenceMeaning(log: LogEvent("drawn", ["change": .string(what), "after_ms": .double(Self.tenths(ms))]))
        case let .notesLeftOut(page, reason):
            OccurrenceMeaning(log: LogEvent("notes-left-out", ["page": .int(page), "reason": .string(reason)]))
        case let .sectionOpened(from, to, title):
            OccurrenceMeaning(log: LogEvent("section", ["from": .int(from), "to": .int(to), "title": .string(title)]), visits: [.turn(.jump)])
        // Its begin is its first loop.
        case .attractBegan:
            OccurrenceMeaning(log: LogEvent("attract", ["phase": .string("begin")]), visits: [.attractBegan], metrics: [.attractLoop])
        // Its own name: watchers of `attract` see the mode begin and end, not every lift between.
        case .attractLooped(let loop): OccurrenceMeaning(log: LogEvent("attract-loop", ["loop": .int(loop)]), metrics: [.attractLoop])
        case .attractEnded: OccurrenceMeaning(log: LogEvent("attract", ["phase": .string("end")]), visits: [.attractEnded])
        // Only the visitor's switch is said ("Speech on"); the rest is the machine's business.
        case .speech(let note):
            OccurrenceMeaning(log: note.logEvent, speech: note.visitorSwitched.map { .mode(on: $0) })
        case .narration(let note): OccurrenceMeaning(log: note.logEvent, visits: note.visits, metrics: note.metrics)
        case .pageSound(.unavailable(let reason)):
            OccurrenceMeaning(log: LogEvent("page-sound", ["state": .string("unavailable"), "reason": .string(reason)]))
        case .narrationSwitched(let on):
            OccurrenceMeaning(log: LogEvent("narration", ["state": .string(on ? "on" : "off"), "by": .string("visitor")]),
                              speech: .narration(on: on))
        // A listener hears the recording itself: its captions are for those who cannot.
        case .captions(let lines):
            OccurrenceMeaning(log: lines.isEmpty ? LogEvent("captions", ["state": .string("hidden")])
                              : LogEvent("captions", ["state": .string("shown"), "text": .string(lines.joined(separator: " / "))]))
        // The log counts the focus order from 0; a listener hears the first control as "1 of 6".
        case let .focus(label, index, count):
            OccurrenceMeaning(log: LogEvent("focus", ["label": .string(label), "index": .int(index), "count": .int(count)]),
                              speech: .focus(label: label, index: index + 1, count: count))
        // A countdown counts once, at its appearance, not at the step said at 10 s left.
        case .idleWarning(let left):
            OccurrenceMeaning(log: LogEvent("idle-warning", ["seconds_left": .int(left)]), speech: .idleWarning(secondsLeft: left),
                              metrics: IdleWarningLength.isAppearance(secondsLeft: left) ? [.warningShown] : [])
        case .idleExtended(let count):
            OccurrenceMeaning(log: LogEvent("idle-extended", ["count": .int(count)]), speech: .idleExtended, metrics: [.warningAnswered])
        case .pageAsked(let page): OccurrenceMeaning(log: LogEvent("page-asked", ["page": .int(page)]), speech: .pageAgain(page))
        // Visits end by the idle reset in force, as the reader resets by it.
        case .retuned(let idleReset):
            OccurrenceMeaning(log: LogEvent("retuned", ["idle_reset_s": .double(Self.tenths((idleReset ?? 0) / 1000))]),
                              visits: [.idleTimeout(idleReset)])
        }
    }

    private static func name(_ direction: TurnDirection) -> LogEvent.Value { .string(direction == .forward ? "forward" : "backward") }
    /// Durations are logged to a tenth of a millisecond.
    private static func tenths(_ ms: Double) -> Double { (ms * 10).rounded() / 10 }
}
