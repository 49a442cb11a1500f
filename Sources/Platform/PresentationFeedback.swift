import CWaylandClient
import CWaylandProtocols
import Glibc
import Posix

/// Which committed frames the compositor put on screen, when, and which it dropped (wp_presentation): the frame
/// scheduler learns the compositor's timing from it, `--stats` and the metrics report presented and discarded
/// frames and the time from input to presentation.
@MainActor public final class PresentationFeedback {
    public private(set) var presented = 0
    public private(set) var discarded = 0
    /// Milliseconds from the newest input a frame showed to the frame's presentation (monotonic clock only).
    public private(set) var inputToPresentation: [Double] = []
    /// Keep every latency in `inputToPresentation` (`--stats`); off, they only go to `onLatency`.
    public var keepsLatencies = true
    /// Each input-to-presentation latency (ms) as it is measured (the metrics' histogram).
    public var onLatency: (@MainActor (Double) -> Void)?
    /// Each presentation: when (ms, CLOCK_MONOTONIC) and the display's refresh interval (ms, 0: unknown).
    public var onPresented: (@MainActor (_ time: Double, _ refresh: Double) -> Void)?
    private unowned let display: WaylandDisplay
    private let surface: OpaquePointer
    private var listener: ListenerBox<wp_presentation_feedback_listener>?
    /// The newest input each outstanding feedback's frame showed, by feedback proxy.
    private var pending: [OpaquePointer: Double?] = [:]

    /// Nil when the compositor offers no wp_presentation.
    public init?(display: WaylandDisplay, surface: OpaquePointer) {
        guard display.presentation != nil else { return nil }
        self.display = display
        self.surface = surface
        listener = ListenerBox(wp_presentation_feedback_listener(
            sync_output: { _, _, _ in },
            presented: { data, fb, secHi, secLo, nsec, refresh, _, _, _ in
                let ms = (Double(UInt64(secHi) << 32 | UInt64(secLo)) * 1000) + Double(nsec) / 1_000_000
                withOwner(data, PresentationFeedback.self) {
                    $0.finished(fb, presentedAt: ms, refresh: Double(refresh) / 1_000_000)
                }
            },
            discarded: { data, fb in
                withOwner(data, PresentationFeedback.self) { $0.finished(fb, presentedAt: nil, refresh: 0) }
            }))
    }

    /// Asks about the frame committed next; call right before its commit (the swap). `newestInput`: when
    /// the newest input it shows was dispatched (`monotonicMilliseconds()`), nil for frames without input.
    public func request(newestInput: Double?) {
        guard let presentation = display.presentation, let l = listener,
              let fb = wp_presentation_feedback(presentation, surface) else { return }
        pending[fb] = newestInput
        wp_presentation_feedback_add_listener(fb, l.pointer, opaque(self))
    }

    private func finished(_ fb: OpaquePointer?, presentedAt ms: Double?, refresh: Double) {
        guard let fb else { return }
        let input = pending.removeValue(forKey: fb) ?? nil
        wp_presentation_feedback_destroy(fb)
        guard let ms else { discarded += 1; return }
        presented += 1
        guard let offset = clockOffset else { return }
        let time = ms - offset
        onPresented?(time, refresh)
        guard let input else { return }
        let latency = time - input
        guard latency >= 0 else { return }
        onLatency?(latency)
        if keepsLatencies { inputToPresentation.append(latency) }
    }

    /// The presentation clock minus CLOCK_MONOTONIC, ms. Weston stamps with CLOCK_MONOTONIC_RAW where it can;
    /// inputs and timers run on CLOCK_MONOTONIC. The two differ by an offset that drifts only with NTP
    /// slewing: read both now to convert.
    private var clockOffset: Double? {
        let clock = display.presentationClock
        guard clock >= 0 else { return nil }
        return milliseconds(on: clockid_t(clock)) - monotonicMilliseconds()
    }
}
