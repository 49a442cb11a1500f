import AppCore
import Geometry
import Occurrences

/// The reader's counters for Prometheus, fed by what the core says happened (its occurrences' `metrics`) and by the
/// shell's frame and memory figures. Pure and clock-injected (ms on CLOCK_MONOTONIC); `exposition` writes
/// the text format for node_exporter's textfile collector.
public struct MetricsRecorder: Sendable {
    public struct TurnKey: Hashable, Sendable {
        public var direction: TurnDirection
        public var committed: Bool
    }

    public private(set) var turns: [TurnKey: Int] = [:]
    public private(set) var pageViews: [Int: Int] = [:]
    /// Seconds each page has been on screen, not counting the page shown now (see `secondsShown`).
    private var pageSeconds: [Int: Double] = [:]
    private var shown: (page: Int, since: Double)?
    public private(set) var zooms = 0
    public private(set) var idleResets = 0
    /// Attract-mode loops: its begin (the first lift) and each lift after it.
    public private(set) var attractLoops = 0
    public private(set) var decodeFailures = 0
    /// Idle-warning countdowns shown (not their later steps), and extensions by a visitor's answer.
    public private(set) var idleWarnings = 0, idleExtensions = 0
    /// Times the library's directory changed and was read again.
    public private(set) var libraryReads = 0
    /// Page recordings begun, and the seconds of them heard (played out or stopped).
    public private(set) var narrations = 0
    public private(set) var narrationSeconds = 0.0
    /// Restarts of the PDF helper (`setHelperRestarts`, from the PDF module's count).
    public private(set) var helperRestarts = 0
    public private(set) var frames = 0
    private var lastFrameAt: Double?
    public private(set) var frameSeconds = Histogram(bounds: Histogram.frameBounds)
    public private(set) var inputToPresentationSeconds = Histogram(bounds: Histogram.frameBounds)
    public var book = ""
    /// A kiosk's one book cannot be shown now (its placeholder is).
    public private(set) var bookAwaited = false
    /// Something counted changed since `written()`.
    public private(set) var changed = true

    public init() {}

    /// Counts what the core says happened at `now` (`OccurrenceMeaning.metrics`).
    public mutating func observe(_ counts: [MetricCount], at now: Double) {
        for count in counts { apply(count, at: now) }
    }

    private mutating func apply(_ count: MetricCount, at now: Double) {
        switch count {
        case let .turnEnded(direction, committed): turns[TurnKey(direction: direction, committed: committed), default: 0] += 1
        case .firstPageViewed(let page):
            guard shown == nil else { return }
            show(page, at: now)
        case .pageViewed(let page): show(page, at: now)
        case .zoomSettled: zooms += 1
        case .reset: idleResets += 1
        case .placeholderShown: decodeFailures += 1
        case .attractLoop: attractLoops += 1
        case .warningShown: idleWarnings += 1
        case .warningAnswered: idleExtensions += 1
        case .libraryRead: libraryReads += 1
        case .awaitingBook(let awaited):
            guard awaited != bookAwaited else { return }
            bookAwaited = awaited
        case .narrationBegun: narrations += 1
        case .narrationHeard(let ms): narrationSeconds += ms / 1000
        }
        changed = true
    }

    private mutating func show(_ page: Int, at now: Double) {
        if let s = shown { pageSeconds[s.page, default: 0] += max(0, now - s.since) / 1000 }
        shown = (page, now)
        pageViews[page, default: 0] += 1
    }

    /// Seconds `page` has been on screen until `now`.
    public func secondsShown(_ page: Int, now: Double) -> Double {
        let running = shown.map { $0.page == page ? max(0, now - $0.since) / 1000 : 0 } ?? 0
        return pageSeconds[page, default: 0] + running
    }

    /// A frame was committed at `now`, costing `cost` ms.
    public mutating func frameDrawn(at now: Double, cost: Double) {
        frames += 1
        lastFrameAt = now
        frameSeconds.observe(cost / 1000)
        changed = true
    }

    /// A frame showing input was presented `latency` ms after that input's timestamp.
    public mutating func presented(latency: Double) {
        inputToPresentationSeconds.observe(latency / 1000)
        changed = true
    }

    /// The document helpers' restarts so far (the PDF module counts them).
    public mutating func setHelperRestarts(_ n: Int) {
        guard n != helperRestarts else { return }
        helperRestarts = n
        changed = true
    }
    public mutating func written() { changed = false }

    /// The text exposition at `now` (ms, monotonic). `wallOffset` (s) turns monotonic times into Unix time;
    /// memory figures are sampled by the shell when writing.
    public func exposition(now: Double, wallOffset: Double, residentBytes: Int, textureBytes: Int) -> String {
        var e = Exposition()
        e.family("recto_turns_total", "counter", "Page turns by direction and outcome (commit or cancel).")
        for direction in [TurnDirection.forward, .backward] {
            for committed in [true, false] {
                e.sample("recto_turns_total", ["direction": direction == .forward ? "forward" : "backward",
                                               "outcome": committed ? "commit" : "cancel"],
                         Double(turns[TurnKey(direction: direction, committed: committed)] ?? 0))
            }
        }
        let pages = Set(pageViews.keys).sorted()
        e.family("recto_page_views_total", "counter", "Times a page (the first of a spread) settled on screen.")
        for p in pages { e.sample("recto_page_views_total", ["page": String(p)], Double(pageViews[p] ?? 0)) }
        e.family("recto_page_seconds_total", "counter", "Seconds a page (the first of a spread) has been on screen.")
        for p in pages { e.sample("recto_page_seconds_total", ["page": String(p)], secondsShown(p, now: now)) }
        let counters: [(String, String, Int)] = [
            ("recto_zooms_total", "Zoom gestures that settled.", zooms),
            ("recto_idle_resets_total", "Returns to the cover after the idle timeout or `recto ctl idle-reset`.", idleResets),
            ("recto_attract_loops_total", "Attract-mode loops played.", attractLoops),
            ("recto_idle_warnings_total", "Idle-warning countdowns shown before the idle reset or attract mode.", idleWarnings),
            ("recto_idle_extensions_total", "Times a visitor's touch or key answered the idle warning and extended the time.", idleExtensions),
            ("recto_library_reads_total", "Times the library's directory changed and its shelf was read again.", libraryReads),
            ("recto_decode_failures_total", "Pages shown as a placeholder because they could not be read.", decodeFailures),
            ("recto_helper_restarts_total", "Restarts of the document helper process.", helperRestarts),
            ("recto_frames_total", "Frames committed to the compositor.", frames),
        ]
        for (name, help, value) in counters {
            e.family(name, "counter", help)
            e.sample(name, [:], Double(value))
        }
        e.family("recto_narrations_total", "counter", "Page recordings begun.")
        e.sample("recto_narrations_total", [:], Double(narrations))
        e.family("recto_narration_seconds_total", "counter", "Seconds of page recordings heard.")
        e.sample("recto_narration_seconds_total", [:], narrationSeconds)
        e.histogram("recto_frame_seconds", "Time to draw and commit a frame.", frameSeconds)
        e.histogram("recto_input_to_presentation_seconds", "From an input event's timestamp to the presentation of the frame showing it.",
                    inputToPresentationSeconds)
        e.family("recto_last_frame_timestamp_seconds", "gauge", "Unix time of the last frame committed (0: none yet).")
        e.sample("recto_last_frame_timestamp_seconds", [:], lastFrameAt.map { $0 / 1000 + wallOffset } ?? 0)
        e.family("recto_heartbeat_timestamp_seconds", "gauge", "Unix time this file was written by the reader's loop.")
        e.sample("recto_heartbeat_timestamp_seconds", [:], now / 1000 + wallOffset)
        e.family("recto_resident_memory_bytes", "gauge", "Resident set size of the reader.")
        e.sample("recto_resident_memory_bytes", [:], Double(residentBytes))
        e.family("recto_texture_bytes", "gauge", "Bytes of page textures held.")
        e.sample("recto_texture_bytes", [:], Double(textureBytes))
        e.family("recto_book_awaited", "gauge", "1 while a kiosk's book cannot be shown (missing, unreadable, refused) and its placeholder says why.")
        e.sample("recto_book_awaited", [:], bookAwaited ? 1 : 0)
        e.family("recto_book_info", "gauge", "The book shown (always 1).")
        e.sample("recto_book_info", ["book": book], 1)
        return e.text
    }
}
