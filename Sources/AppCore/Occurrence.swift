import Geometry
import Reader

/// What happened, as the core reports it: one case per kind of news, with typed payloads. Every consumer (the
/// event log below, the Prometheus metrics, systemd's status, control clients) switches over it with no
/// `default:`, so a new case does not compile until each of them has decided what it means for them.
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

/// What the speech output did, for the log and `recto ctl status`.
public enum SpeechNote: Sendable, Equatable {
    /// Speech mode switched: by the visitor's speech key (said aloud: "Speech on"), or back to its setting at the
    /// idle reset (silent: the next visitor has not asked for anything yet).
    case mode(on: Bool, byVisitor: Bool)
    /// Connected to speech-dispatcher at `socket`.
    case connected(socket: String)
    /// Nobody listens where speech-dispatcher should (or it went away): said once, the reader goes on.
    case unavailable(reason: String)
    /// A SPEAK's text went to the server, `afterMS` after what it says happened (its SPEAK command went
    /// `commandMS` after; the text follows the server's `230`), in the voice of `language` (nil: the server's).
    case sent(text: String, afterMS: Double, commandMS: Double, language: String? = nil)
    /// The server began to say a message.
    case speaking
    /// A touch or key asked to stop: the CANCEL was written `afterMS` after its handler began (`waits`: it
    /// went behind a SPEAK still waiting for the server's `230`, and is written when that comes).
    case stopping(afterMS: Double, waits: Bool)
    /// The server confirmed speech was cancelled, `afterMS` after the touch or key that stopped it.
    case stopped(afterMS: Double)
}

extension Occurrence {
    /// The occurrence's line in the event log (`--log-events`); the shell adds what only it knows (the
    /// control socket's path to `ready`).
    public var logEvent: LogEvent {
        switch self {
        case let .ready(width, height, scale, pages):
            LogEvent("ready", ["width": .int(width), "height": .int(height), "scale": .double(scale), "pages": .int(pages)])
        case .shown(let page): LogEvent("shown", ["page": .int(page)])
        case .renderer(let ms): LogEvent("renderer", ["startup_ms": .double(Self.tenths(ms))])
        case .book(let pages): LogEvent("book", ["pages": .int(pages)])
        case .bookAwaited(let reason): LogEvent("book-awaited", ["reason": .string(reason)])
        case let .opened(path, title, pages):
            LogEvent("open", ["book": .string(path), "title": .string(title), "pages": .int(pages)])
        case .shelf(let books): LogEvent("shelf", ["books": .int(books)])
        case let .library(books, added, removed, changed):
            LogEvent("library", ["books": .int(books), "added": .int(added), "removed": .int(removed), "changed": .int(changed)])
        case let .flip(phase, direction, by):
            LogEvent("flip", ["phase": .string(phase.rawValue), "direction": Self.name(direction)]).by(by)
        case let .page(page, by): LogEvent("page", ["page": .int(page)]).by(by)
        case let .zoom(scale, rotation, centre):
            LogEvent("zoom", ["scale": .double(scale), "rotation": .double(rotation)]).at(centre)
        case let .region(page, ms): LogEvent("region", ["page": .int(page), "wait_ms": .double(Self.tenths(ms))])
        case let .pageFailed(page, message): LogEvent("page-failed", ["page": .int(page), "message": .string(message)])
        case let .turnWaits(direction, waiting):
            LogEvent("turn-waits", ["direction": Self.name(direction), "waiting": .int(waiting)])
        case let .turnCarried(direction, spreads):
            LogEvent("turn-carried", ["direction": Self.name(direction), "spreads": .int(spreads)])
        case let .turnRefused(direction, waiting):
            LogEvent("turn-refused", ["direction": Self.name(direction), "waiting": .int(waiting)])
        case let .turnsCleared(count, reason): LogEvent("turns-cleared", ["turns": .int(count), "reason": .string(reason)])
        case let .dragHeld(direction, afterTurns):
            LogEvent("drag-held", ["direction": Self.name(direction), "after_turns": .int(afterTurns)])
        case .dragBegins(let ms): LogEvent("drag-begins", ["waited_ms": .double(Self.tenths(ms))])
        case .dragLifted(let turns): LogEvent("drag-lifted", ["turns": .bool(turns)])
        case .idleReset(let page): LogEvent("idle-reset", ["page": .int(page)])
        case .overlay(let shown): LogEvent("overlay", ["state": .string(shown ? "shown" : "hidden")])
        case let .jump(from, to): LogEvent("jump", ["from": .int(from), "to": .int(to)])
        case let .linkFollowed(from, to): LogEvent("link", ["from": .int(from), "to": .int(to)])
        case .contents(let shown): LogEvent("contents", ["state": .string(shown ? "shown" : "hidden")])
        case let .noteOpened(page, text, language):
            LogEvent("note", ["state": .string("opened"), "page": .int(page), "language": .string(language ?? "none"),
                              "text": .string(String(text.prefix(120)))])
        case .noteClosed(let page): LogEvent("note", ["state": .string("closed"), "page": .int(page)])
        case .layers(let layers): LogEvent("layers", ["shown": .string(layers.name)])
        case .language(let code): LogEvent("language", ["code": .string(code)])
        case let .drawn(what, ms): LogEvent("drawn", ["change": .string(what), "after_ms": .double(Self.tenths(ms))])
        case let .notesLeftOut(page, reason): LogEvent("notes-left-out", ["page": .int(page), "reason": .string(reason)])
        case let .sectionOpened(from, to, title): LogEvent("section", ["from": .int(from), "to": .int(to), "title": .string(title)])
        case .attractBegan: LogEvent("attract", ["phase": .string("begin")])
        // Its own name: watchers of `attract` see the mode begin and end, not every lift between.
        case .attractLooped(let loop): LogEvent("attract-loop", ["loop": .int(loop)])
        case .attractEnded: LogEvent("attract", ["phase": .string("end")])
        case .speech(let note): note.logEvent
        case .narration(let note): note.logEvent
        case .captions(let lines):
            lines.isEmpty ? LogEvent("captions", ["state": .string("hidden")])
                : LogEvent("captions", ["state": .string("shown"), "text": .string(lines.joined(separator: " / "))])
        case .narrationSwitched(let on): LogEvent("narration", ["state": .string(on ? "on" : "off"), "by": .string("visitor")])
        case let .focus(label, index, count):
            LogEvent("focus", ["label": .string(label), "index": .int(index), "count": .int(count)])
        case .idleWarning(let left): LogEvent("idle-warning", ["seconds_left": .int(left)])
        case .idleExtended(let count): LogEvent("idle-extended", ["count": .int(count)])
        case .pageAsked(let page): LogEvent("page-asked", ["page": .int(page)])
        case .retuned(let idleReset): LogEvent("retuned", ["idle_reset_s": .double(Self.tenths((idleReset ?? 0) / 1000))])
        }
    }

    private static func name(_ direction: TurnDirection) -> LogEvent.Value { .string(direction == .forward ? "forward" : "backward") }
    /// Durations are logged to a tenth of a millisecond.
    private static func tenths(_ ms: Double) -> Double { (ms * 10).rounded() / 10 }
}

extension SpeechNote {
    var logEvent: LogEvent {
        switch self {
        case let .mode(on, byVisitor):
            LogEvent("speech", ["state": .string(on ? "on" : "off"), "by": .string(byVisitor ? "visitor" : "reset")])
        case .connected(let socket): LogEvent("speech", ["state": .string("connected"), "socket": .string(socket)])
        case .unavailable(let reason): LogEvent("speech", ["state": .string("unavailable"), "reason": .string(reason)])
        case let .sent(text, ms, command, language):
            LogEvent("speech", ["state": .string("sent"), "after_ms": .double((ms * 10).rounded() / 10),
                                "command_ms": .double((command * 100).rounded() / 100), "language": .string(language ?? "default"),
                                "text": .string(text)])
        case .speaking: LogEvent("speech", ["state": .string("speaking")])
        case let .stopping(ms, waits):
            LogEvent("speech", ["state": .string("stopping"), "after_ms": .double((ms * 100).rounded() / 100), "waits": .bool(waits)])
        case .stopped(let ms): LogEvent("speech", ["state": .string("stopped"), "after_ms": .double((ms * 10).rounded() / 10)])
        }
    }
}

extension NarrationNote {
    var logEvent: LogEvent {
        switch self {
        case let .started(page, duration, captions, _, after):
            LogEvent("narration", ["state": .string("started"), "page": .int(page), "after_ms": .double((after * 10).rounded() / 10),
                                   "duration_ms": .double(duration.rounded()), "captions": .int(captions?.cues.count ?? 0)])
        case let .ended(page, heard, duration, completed):
            LogEvent("narration", ["state": .string(completed ? "ended" : "stopped"), "page": .int(page),
                                   "heard_ms": .double(heard.rounded()), "duration_ms": .double(duration.rounded())])
        case let .failed(page, reason):
            LogEvent("narration", ["state": .string("failed"), "page": .int(page), "reason": .string(reason)])
        case let .captionsFailed(page, reason):
            LogEvent("narration", ["state": .string("captions-failed"), "page": .int(page), "reason": .string(reason)])
        case .unavailable(let reason): LogEvent("narration", ["state": .string("unavailable"), "reason": .string(reason)])
        case let .paused(page, at): LogEvent("narration", ["state": .string("paused"), "page": .int(page), "at_ms": .double(at.rounded())])
        case .resumed(let page, _): LogEvent("narration", ["state": .string("resumed"), "page": .int(page)])
        }
    }
}

extension LogEvent {
    /// A turn's kind, where it is known, as the line's `by` field.
    func by(_ kind: TurnKind?) -> LogEvent {
        var e = self
        if let kind { e.append("by", .string(kind.rawValue)) }
        return e
    }

    /// Where a settled zoom looks: the page under the window's centre and the point on it (fractions).
    func at(_ centre: PagePoint?) -> LogEvent {
        var e = self
        if let centre {
            e.append("page", .int(centre.page))
            e.append("x", .double((centre.x * 10_000).rounded() / 10_000))
            e.append("y", .double((centre.y * 10_000).rounded() / 10_000))
        }
        return e
    }
}
