import Book
import Geometry

/// What one occurrence means to each of its consumers (`Occurrence.meaning`): the event log, speech mode, the visit
/// statistics, the Prometheus metrics and systemd. Each consumer reads its part and switches over none of the
/// occurrences.
public struct OccurrenceMeaning: Sendable, Equatable {
    /// Its line in the event log (`--log-events`) and to `recto ctl` clients; the shell adds what only it knows
    /// (the control socket's path to `ready`).
    public var log: LogEvent
    /// What speech mode says of it (the shell fills in a page's text, the shelf's titles); nil: nothing.
    public var speech: SpeechCue?
    /// What the visit recorder hears of it.
    public var visits: [VisitInput]
    /// What the metrics count of it.
    public var metrics: [MetricCount]
    /// What systemd's status hears of it; nil: nothing.
    public var systemd: SystemdNote?

    public init(log: LogEvent, speech: SpeechCue? = nil, visits: [VisitInput] = [], metrics: [MetricCount] = [],
                systemd: SystemdNote? = nil) {
        self.log = log
        self.speech = speech
        self.visits = visits
        self.metrics = metrics
        self.systemd = systemd
    }
}

/// A change to the counters and gauges of the metrics file (`MetricsRecorder`).
public enum MetricCount: Sendable, Equatable {
    /// A turn ended: committed or fallen back.
    case turnEnded(TurnDirection, committed: Bool)
    /// The first page on screen since start (`pageViewed` counts each page after it).
    case firstPageViewed(Int)
    /// A page (the first of a spread) settled on screen.
    case pageViewed(Int)
    case zoomSettled
    /// The idle reset went back to the cover (or the shelf).
    case reset
    /// A page is shown as a placeholder: it cannot be read.
    case placeholderShown
    /// Attract mode lifted the corner: its begin or a loop after it.
    case attractLoop
    /// The idle warning's countdown appeared, and a visitor answered it.
    case warningShown, warningAnswered
    /// The library's directory was read again.
    case libraryRead
    /// A kiosk's one book cannot be shown (its placeholder is), or a book can again.
    case awaitingBook(Bool)
    /// A page's recording began, and `ms` of one were heard.
    case narrationBegun
    case narrationHeard(ms: Double)
}

/// What systemd's status line (sd_notify) hears.
public enum SystemdNote: Sendable, Equatable {
    /// The first frame: readiness, with the status.
    case ready
    /// The settled page is `page` now.
    case page(Int)
    /// The book was read again: it has `pages` pages.
    case pages(Int)
    /// A kiosk's one book cannot be shown, for `reason`.
    case awaited(reason: String)
}
