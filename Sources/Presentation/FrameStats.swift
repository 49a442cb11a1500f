import AppCore
import Diagnostics
import Occurrences

/// `--stats`: input-to-commit latency (from dispatching a motion to committing the frame that shows it)
/// and frame cost (drawing to swap), kept as raw samples; a histogram at exit, periodic summaries.
public struct FrameStats {
    public init() {}

    /// From the oldest input a frame shows (includes waiting for the frame callback).
    public private(set) var latencies: [Double] = []
    /// From the newest input a frame shows: what the frame itself adds once the input is there.
    public private(set) var newestLatencies: [Double] = []
    public private(set) var frameCosts: [Double] = []
    /// Per GL frame: the share of the buffer the compositor was told changed.
    public private(set) var damagedShares: [Double] = []
    public private(set) var frames = 0
    public private(set) var callbacks = 0
    /// Dispatch time (ms) of the oldest input not yet shown.
    private var pendingInput: Double?
    /// Dispatch time (ms) of the newest input not yet shown.
    public private(set) var newestInput: Double?
    private var lastSummary = 0.0
    /// Frames the compositor presented and discarded, and input-to-presentation times (wp_presentation).
    public var presented = 0
    public var discarded = 0
    public var inputToPresentation: [Double] = []

    public mutating func inputDispatched(at ms: Double) {
        if pendingInput == nil { pendingInput = ms }
        newestInput = ms
    }

    public mutating func frameCallback() { callbacks += 1 }

    public mutating func committed(at ms: Double, cost: Double, damaged: Double) {
        frames += 1
        frameCosts.append(cost)
        damagedShares.append(damaged)
        if let t = pendingInput { latencies.append(ms - t) }
        if let t = newestInput { newestLatencies.append(ms - t) }
        pendingInput = nil
        newestInput = nil
    }

    /// A summary line every two seconds of activity (checked at commits: no timer, no idle wakeup).
    public mutating func summaryDue(at ms: Double) -> Bool {
        guard ms - lastSummary >= 2000 else { return false }
        lastSummary = ms
        return true
    }

    /// The periodic `stats` event.
    public func event(textures: Int, glErrors: Int, rssKB: Int, fds: Int, framesMissingPages: Int) -> LogEvent {
        let p = Self.percentile
        return LogEvent("stats", [
            "frames": .int(frames), "callbacks": .int(callbacks),
            "latency_p50": .double(p(latencies, 0.5)), "latency_p99": .double(p(latencies, 0.99)),
            "newest_latency_p50": .double(p(newestLatencies, 0.5)), "newest_latency_p99": .double(p(newestLatencies, 0.99)),
            "frame_p50": .double(p(frameCosts, 0.5)), "frame_p99": .double(p(frameCosts, 0.99)),
            "frame_max": .double(frameCosts.max() ?? 0),
            "damaged_p50": .double(p(damagedShares, 0.5)),
            "presented": .int(presented), "discarded": .int(discarded),
            "present_latency_p50": .double(p(inputToPresentation, 0.5)),
            "present_latency_p99": .double(p(inputToPresentation, 0.99)),
            "frames_missing_pages": .int(framesMissingPages), "textures": .int(textures), "gl_errors": .int(glErrors), "rss_kb": .int(rssKB), "fds": .int(fds),
        ])
    }

    public static func percentile(_ xs: [Double], _ p: Double) -> Double {
        guard !xs.isEmpty else { return 0 }
        let s = xs.sorted()
        return s[min(s.count - 1, Int((Double(s.count - 1) * p).rounded()))]
    }

    public var report: String {
        var out = "recto stats: \(frames) frames committed, \(callbacks) frame callbacks\n"
        out += "input-to-commit (ms): p50 \(r(Self.percentile(latencies, 0.5))) p99 \(r(Self.percentile(latencies, 0.99))) max \(r(latencies.max() ?? 0)) over \(latencies.count) inputs\n"
        out += "newest-input-to-commit (ms): p50 \(r(Self.percentile(newestLatencies, 0.5))) p99 \(r(Self.percentile(newestLatencies, 0.99)))\n"
        out += "frame cost (ms): p50 \(r(Self.percentile(frameCosts, 0.5))) p99 \(r(Self.percentile(frameCosts, 0.99)))\n"
        out += "share of the buffer damaged per frame: p50 \(r(Self.percentile(damagedShares, 0.5)))\n"
        out += "presented \(presented), discarded \(discarded); input-to-presentation (ms): p50 \(r(Self.percentile(inputToPresentation, 0.5))) p99 \(r(Self.percentile(inputToPresentation, 0.99)))\n"
        if presented > 0 { out += "frames drawn ÷ presented: \(r(Double(frames) / Double(presented)))\n" }
        out += "CPU (user + system, all threads): \(r(ProcessStatus.cpuSeconds())) s\n"
        let buckets: [Double] = [1, 2, 4, 8, 16, 24, 33, 50, 100, .infinity]
        var lower = 0.0
        for b in buckets {
            let n = latencies.filter { $0 >= lower && $0 < b }.count
            let label = b.isInfinite ? "≥\(Int(lower))" : "\(Int(lower))–\(Int(b))"
            out += "  \(label.padding(6)) ms \(String(repeating: "#", count: min(60, n))) \(n)\n"
            lower = b
        }
        return out
    }

    private func r(_ x: Double) -> String { String((x * 100).rounded() / 100) }
}
