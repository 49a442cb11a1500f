import AppCore
import Occurrences
import Reader
import Testing
import Visits
@testable import Operations

/// Every occurrence has a line in the event log and an explicit decision in the metrics, checked on one sample
/// of each case. The samples cannot fall behind the enum: `kind` below switches over `Occurrence` (a new case
/// does not compile until it has a kind) and `sample` over `Kind` (a new kind does not compile until it has a
/// sample); the tables below then fail until the new case's log line and metrics decision are written down.
@Suite struct OccurrenceCoverageTests {
    enum Kind: CaseIterable, Hashable {
        case ready, shown, renderer, book, bookAwaited, opened, shelfBookFailed, shelf, library, flip, page, zoom, region, pageFailed, turnWaits, turnCarried, turnRefused,
             turnsCleared, dragHeld, dragBegins, dragLifted, idleReset, overlay, jump, linkFollowed, contents, about, noteOpened, noteClosed, layers, language, drawn, notesLeftOut, sectionOpened, attractBegan, attractLooped,
             attractEnded, speech, narration, pageSound, narrationSwitched, captions, focus, idleWarning, idleExtended, pageAsked, retuned
    }

    static func kind(_ o: Occurrence) -> Kind {
        switch o {
        case .ready: .ready
        case .shown: .shown
        case .renderer: .renderer
        case .book: .book
        case .bookAwaited: .bookAwaited
        case .opened: .opened
        case .shelfBookFailed: .shelfBookFailed
        case .shelf: .shelf
        case .library: .library
        case .flip: .flip
        case .page: .page
        case .zoom: .zoom
        case .region: .region
        case .pageFailed: .pageFailed
        case .turnWaits: .turnWaits
        case .turnCarried: .turnCarried
        case .turnRefused: .turnRefused
        case .turnsCleared: .turnsCleared
        case .dragHeld: .dragHeld
        case .dragBegins: .dragBegins
        case .dragLifted: .dragLifted
        case .idleReset: .idleReset
        case .overlay: .overlay
        case .jump: .jump
        case .linkFollowed: .linkFollowed
        case .contents: .contents
        case .about: .about
        case .noteOpened: .noteOpened
        case .noteClosed: .noteClosed
        case .layers: .layers
        case .language: .language
        case .drawn: .drawn
        case .notesLeftOut: .notesLeftOut
        case .sectionOpened: .sectionOpened
        case .attractBegan: .attractBegan
        case .attractLooped: .attractLooped
        case .attractEnded: .attractEnded
        case .speech: .speech
        case .narration: .narration
        case .pageSound: .pageSound
        case .narrationSwitched: .narrationSwitched
        case .captions: .captions
        case .focus: .focus
        case .idleWarning: .idleWarning
        case .idleExtended: .idleExtended
        case .pageAsked: .pageAsked
        case .retuned: .retuned
        }
    }

    static func sample(_ kind: Kind) -> Occurrence {
        switch kind {
        case .ready: .ready(width: 1280, height: 800, scale: 2, pages: 14)
        case .shown: .shown(page: 1)
        case .renderer: .renderer(startupMS: 83.24)
        case .book: .book(pages: 6)
        case .bookAwaited: .bookAwaited(reason: "no book at /srv/atlas: no such file or directory")
        case .opened: .opened(path: "/srv/atlas", title: "Atlas", pages: 40)
        case .shelfBookFailed: .shelfBookFailed(path: "/srv/atlas", title: "Atlas", reason: "truncated archive")
        case .shelf: .shelf(books: 3)
        case .library: .library(books: 4, added: 1, removed: 0, changed: 1)
        case .flip: .flip(.commit, .backward, by: .key)
        case .page: .page(4, by: .tap)
        case .zoom: .zoom(scale: 2.5, rotation: -3, centre: PagePoint(page: 4, x: 0.25, y: 0.75))
        case .region: .region(page: 2, waitMS: 41.26)
        case .pageFailed: .pageFailed(page: 3, message: "truncated PNG")
        case .turnWaits: .turnWaits(.forward, waiting: 2)
        case .turnCarried: .turnCarried(.forward, spreads: 3)
        case .turnRefused: .turnRefused(.backward, waiting: 8)
        case .turnsCleared: .turnsCleared(count: 2, reason: "jump")
        case .dragHeld: .dragHeld(.forward, afterTurns: 1)
        case .dragBegins: .dragBegins(waitedMS: 120.04)
        case .dragLifted: .dragLifted(turns: true)
        case .idleReset: .idleReset(page: 7)
        case .overlay: .overlay(shown: false)
        case .jump: .jump(from: 3, to: 9)
        case .linkFollowed: .linkFollowed(from: 1, to: 40)
        case .contents: .contents(shown: true)
        case .about: .about(shown: true, text: "Author: A. Person", language: "en")
        case .noteOpened: .noteOpened(page: 3, text: "A gilded initial", language: "en")
        case .noteClosed: .noteClosed(page: 3)
        case .layers: .layers(.transcription)
        case .language: .language("de")
        case .drawn: .drawn("layers=notes", afterMS: 41.26)
        case .notesLeftOut: .notesLeftOut(page: 3, reason: "2 annotations aimed outside the canvas (or at no size) left out")
        case .sectionOpened: .sectionOpened(from: 1, to: 12, title: "Roots")
        case .attractBegan: .attractBegan
        case .attractLooped: .attractLooped(loop: 2)
        case .attractEnded: .attractEnded
        case .speech: .speech(.sent(text: "Page 4 of 14.", afterMS: 1.26, commandMS: 0.123, language: "en"))
        case .narration: .narration(.ended(page: 3, heardMS: 12_400, durationMS: 30_000, completed: false))
        case .pageSound: .pageSound(.unavailable(reason: "no sound server takes the page sound: connection refused"))
        case .narrationSwitched: .narrationSwitched(on: false)
        case .captions: .captions(["Curator: The first leaf", "of the book"])
        case .focus: .focus(label: "Next page", index: 2, count: 6)
        case .idleWarning: .idleWarning(secondsLeft: 20)
        case .idleExtended: .idleExtended(count: 3)
        case .pageAsked: .pageAsked(page: 5)
        case .retuned: .retuned(idleReset: 600_000)
        }
    }

    /// Each sample's log line, as "name key=value …" in field order. These are the lines the end-to-end tests
    /// and log readers parse: a change here is a change of the log's format.
    static let logLines: [Kind: String] = [
        .ready: "ready width=1280 height=800 scale=2.0 pages=14",
        .shown: "shown page=1",
        .renderer: "renderer startup_ms=83.2",
        .book: "book pages=6",
        .bookAwaited: "book-awaited reason=no book at /srv/atlas: no such file or directory",
        .opened: "open book=/srv/atlas title=Atlas pages=40",
        .shelfBookFailed: "open-failed book=/srv/atlas title=Atlas reason=truncated archive",
        .shelf: "shelf books=3",
        .library: "library books=4 added=1 removed=0 changed=1",
        .flip: "flip phase=commit direction=backward by=key",
        .page: "page page=4 by=tap",
        .zoom: "zoom scale=2.5 rotation=-3.0 page=4 x=0.25 y=0.75",
        .region: "region page=2 wait_ms=41.3",
        .pageFailed: "page-failed page=3 message=truncated PNG",
        .turnWaits: "turn-waits direction=forward waiting=2",
        .turnCarried: "turn-carried direction=forward spreads=3",
        .turnRefused: "turn-refused direction=backward waiting=8",
        .turnsCleared: "turns-cleared turns=2 reason=jump",
        .dragHeld: "drag-held direction=forward after_turns=1",
        .dragBegins: "drag-begins waited_ms=120.0",
        .dragLifted: "drag-lifted turns=true",
        .idleReset: "idle-reset page=7",
        .overlay: "overlay state=hidden",
        .jump: "jump from=3 to=9",
        .linkFollowed: "link from=1 to=40",
        .contents: "contents state=shown",
        .about: "about state=shown",
        .noteOpened: "note state=opened page=3 language=en text=A gilded initial",
        .noteClosed: "note state=closed page=3",
        .layers: "layers shown=transcription",
        .language: "language code=de",
        .drawn: "drawn change=layers=notes after_ms=41.3",
        .notesLeftOut: "notes-left-out page=3 reason=2 annotations aimed outside the canvas (or at no size) left out",
        .sectionOpened: "section from=1 to=12 title=Roots",
        .attractBegan: "attract phase=begin",
        .attractLooped: "attract-loop loop=2",
        .attractEnded: "attract phase=end",
        .speech: "speech state=sent after_ms=1.3 command_ms=0.12 language=en text=Page 4 of 14.",
        .narration: "narration state=stopped page=3 heard_ms=12400.0 duration_ms=30000.0",
        .pageSound: "page-sound state=unavailable reason=no sound server takes the page sound: connection refused",
        .narrationSwitched: "narration state=off by=visitor",
        .captions: "captions state=shown text=Curator: The first leaf / of the book",
        .focus: "focus label=Next page index=2 count=6",
        .idleWarning: "idle-warning seconds_left=20",
        .idleExtended: "idle-extended count=3",
        .pageAsked: "page-asked page=5",
        .retuned: "retuned idle_reset_s=600.0",
    ]

    /// The metric families each sample changes; empty: it counts nothing (a decision too).
    static let metricFamilies: [Kind: Set<String>] = [
        .ready: [], .shown: ["recto_page_views_total", "recto_page_seconds_total"], .renderer: [], .book: [], .bookAwaited: ["recto_book_awaited"],
        .opened: [], .shelfBookFailed: [], .shelf: [], .library: ["recto_library_reads_total"], .flip: ["recto_turns_total"],
        .page: ["recto_page_views_total", "recto_page_seconds_total"], .zoom: ["recto_zooms_total"], .region: [],
        .pageFailed: ["recto_decode_failures_total"], .turnWaits: [], .turnCarried: [], .turnRefused: [], .turnsCleared: [],
        .dragHeld: [], .dragBegins: [], .dragLifted: [], .idleReset: ["recto_idle_resets_total"], .overlay: [],
        .jump: [], .linkFollowed: [], .contents: [], .about: [], .noteOpened: [], .noteClosed: [], .layers: [], .language: [], .drawn: [], .notesLeftOut: [], .sectionOpened: [], .attractBegan: ["recto_attract_loops_total"], .attractLooped: ["recto_attract_loops_total"],
        .attractEnded: [], .speech: [], .narration: ["recto_narration_seconds_total"], .pageSound: [], .narrationSwitched: [], .captions: [], .focus: [], .idleWarning: ["recto_idle_warnings_total"], .idleExtended: ["recto_idle_extensions_total"],
        .pageAsked: [], .retuned: [],
    ]

    static func text(_ e: LogEvent) -> String {
        ([e.name] + e.fields.map { f in
            let v = switch f.value {
            case .int(let v): "\(v)"
            case .double(let v): "\(v)"
            case .string(let v): v
            case .bool(let v): "\(v)"
            }
            return "\(f.key)=\(v)"
        }).joined(separator: " ")
    }

    /// The sample lines of the exposition, by family (histogram series under their family's name).
    static func samples(_ m: MetricsRecorder) -> [String: Set<String>] {
        let text = m.exposition(now: 1000, wallOffset: 0, residentBytes: 0, textureBytes: 0)
        var out: [String: Set<String>] = [:]
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            var name = String(line.prefix { $0 != "{" && $0 != " " })
            for suffix in ["_bucket", "_sum", "_count"] where name.hasSuffix(suffix) { name.removeLast(suffix.count) }
            out[name, default: []].insert(String(line))
        }
        return out
    }

    @Test func theSamplesCoverEveryCase() {
        for kind in Kind.allCases { #expect(Self.kind(Self.sample(kind)) == kind, "the sample of \(kind)") }
    }

    @Test func everyOccurrenceHasALogLine() {
        for kind in Kind.allCases {
            let line = Self.text(Self.sample(kind).meaning.log)
            #expect(Self.logLines[kind] != nil, "no log line written down for \(kind): \(line)")
            #expect(line == Self.logLines[kind], "\(kind)")
        }
    }

    @Test func everyOccurrenceHasAMetricsDecision() {
        for kind in Kind.allCases {
            var m = MetricsRecorder()
            m.written()
            let before = Self.samples(m)
            m.observe(Self.sample(kind).meaning.metrics, at: 500)
            let after = Self.samples(m)
            let changed = Set(before.keys).union(after.keys).filter { before[$0] != after[$0] }
                .subtracting(["recto_heartbeat_timestamp_seconds"])
            guard let expected = Self.metricFamilies[kind] else {
                Issue.record("no metrics decision written down for \(kind); it changes \(changed.sorted())")
                continue
            }
            #expect(changed == expected, "\(kind)")
            #expect(m.changed == !expected.isEmpty, "\(kind): the file is written again only when a count changed")
        }
    }

    /// What the visit statistics hear of each sample: written down for every case, like the metrics.
    static let visitDecisions: [Kind: [VisitInput]] = [
        .ready: [], .shown: [], .renderer: [], .book: [], .bookAwaited: [], .opened: [], .shelfBookFailed: [], .shelf: [], .library: [],
        .flip: [.turn(.key)], .page: [.turn(.tap), .page(4)],
        .zoom: [.zoom(scale: 2.5, centre: PagePoint(page: 4, x: 0.25, y: 0.75))], .region: [], .pageFailed: [],
        .turnWaits: [], .turnCarried: [], .turnRefused: [], .turnsCleared: [], .dragHeld: [], .dragBegins: [], .dragLifted: [],
        .idleReset: [.idleReset], .overlay: [], .jump: [.scrubber], .linkFollowed: [.turn(.jump)],
        .contents: [.contentsOpened], .about: [.aboutOpened], .noteOpened: [.noteOpened], .noteClosed: [], .layers: [.layers], .language: [.language("de")],
        .drawn: [], .notesLeftOut: [], .sectionOpened: [.turn(.jump)], .attractBegan: [.attractBegan],
        .attractLooped: [], .attractEnded: [.attractEnded], .speech: [], .narration: [.narrationHeard(ms: 12_400)], .pageSound: [], .narrationSwitched: [], .captions: [], .focus: [], .idleWarning: [], .idleExtended: [],
        .pageAsked: [], .retuned: [.idleTimeout(600_000)],
    ]

    @Test func everyOccurrenceHasAVisitDecision() {
        for kind in Kind.allCases {
            let heard = Self.sample(kind).meaning.visits
            guard let expected = Self.visitDecisions[kind] else {
                Issue.record("no visit decision written down for \(kind); it gives \(heard)")
                continue
            }
            #expect(heard == expected, "\(kind)")
        }
    }

    /// What speech mode says of each sample; nil: nothing.
    static let speechDecisions: [Kind: SpeechCue?] = [
        .ready: nil, .shown: .firstPage(1), .renderer: nil, .book: nil, .bookAwaited: nil, .opened: .opened(title: "Atlas", pages: 40), .shelfBookFailed: nil,
        .shelf: .shelf(books: 3), .library: nil, .flip: nil, .page: .page(4), .zoom: .zoom(percent: 250), .region: nil,
        .pageFailed: nil, .turnWaits: nil, .turnCarried: nil, .turnRefused: nil, .turnsCleared: nil, .dragHeld: nil, .dragBegins: nil,
        .dragLifted: nil, .idleReset: .reset, .overlay: nil, .jump: nil, .linkFollowed: nil, .contents: nil, .about: .about(text: "Author: A. Person", language: "en"), .noteOpened: .note(text: "A gilded initial", language: "en"), .noteClosed: nil,
        .layers: .layers(.transcription), .language: .language("de"), .drawn: nil, .notesLeftOut: nil, .sectionOpened: nil, .attractBegan: nil, .attractLooped: nil,
        .attractEnded: nil, .speech: nil, .narration: nil, .pageSound: nil, .narrationSwitched: .narration(on: false), .captions: nil, .focus: .focus(label: "Next page", index: 3, count: 6),
        .idleWarning: .idleWarning(secondsLeft: 20), .idleExtended: .idleExtended,
        .pageAsked: .pageAgain(5), .retuned: nil,
    ]

    @Test func everyOccurrenceHasASpeechDecision() {
        for kind in Kind.allCases {
            let cue = Self.sample(kind).meaning.speech
            guard let expected = Self.speechDecisions[kind] else {
                Issue.record("no speech decision written down for \(kind); it gives \(String(describing: cue))")
                continue
            }
            #expect(cue == expected, "\(kind)")
        }
    }

    @Test func attractLoopsCountTheBeginAndEachLoop() {
        var m = MetricsRecorder()
        for o: Occurrence in [.attractBegan, .attractLooped(loop: 2), .attractLooped(loop: 3), .attractEnded, .attractBegan] {
            m.observe(o.meaning.metrics, at: 0)
        }
        #expect(Self.samples(m)["recto_attract_loops_total"] == ["recto_attract_loops_total 4"])
    }

    /// A countdown counts once: its step at 10 s left (for speech) is not another warning.
    @Test func idleWarningsCountTheirAppearanceNotTheirSteps() {
        var m = MetricsRecorder()
        for o: Occurrence in [.idleWarning(secondsLeft: 20), .idleWarning(secondsLeft: 10), .idleExtended(count: 1),
                              .idleWarning(secondsLeft: 21), .idleWarning(secondsLeft: 10)] {
            m.observe(o.meaning.metrics, at: 0)
        }
        #expect(Self.samples(m)["recto_idle_warnings_total"] == ["recto_idle_warnings_total 2"])
        #expect(Self.samples(m)["recto_idle_extensions_total"] == ["recto_idle_extensions_total 1"])
    }

    @Test func systemdHearsTheFirstFrameThePageAndTheBook() {
        let say = { (o: Occurrence) in o.meaning.systemd.map { SystemdStatus.message(for: $0, page: 3, pageCount: 14, book: "/b") } }
        #expect(say(.ready(width: 1, height: 1, scale: 1, pages: 14)) == "READY=1\nSTATUS=page 3 of 14: /b")
        #expect(say(.page(5, by: nil)) == "STATUS=page 5 of 14: /b")
        #expect(say(.book(pages: 6)) == "STATUS=page 3 of 6: /b")
        #expect(say(.bookAwaited(reason: "no book at /b: no such file or directory")) == "STATUS=waiting for the book /b: no book at /b: no such file or directory")
        // While the book is awaited, readiness and the page say what it waits for.
        #expect(SystemdStatus.message(for: .ready, page: 1, pageCount: 1, book: "/b", awaited: "gone")
                == "READY=1\nSTATUS=waiting for the book /b: gone")
        #expect(Kind.allCases.filter { say(Self.sample($0)) != nil } == [.ready, .book, .bookAwaited, .page])
    }

    /// The awaited book's gauge is 1 from its placeholder on and back to 0 with the book that follows it.
    @Test func theAwaitedBookIsAGauge() {
        var m = MetricsRecorder()
        #expect(Self.samples(m)["recto_book_awaited"] == ["recto_book_awaited 0.0"] || Self.samples(m)["recto_book_awaited"] == ["recto_book_awaited 0"])
        m.observe(Occurrence.book(pages: 1).meaning.metrics, at: 0)
        m.observe(Occurrence.bookAwaited(reason: "no book at /b: no such file or directory").meaning.metrics, at: 0)
        #expect(Self.samples(m)["recto_book_awaited"]?.first?.hasSuffix(" 1") == true)
        m.observe(Occurrence.book(pages: 14).meaning.metrics, at: 0)
        #expect(Self.samples(m)["recto_book_awaited"]?.first?.hasSuffix(" 0") == true)
    }
}
