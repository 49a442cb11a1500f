import AppCore
import Control
import Decoding
import Diagnostics
import FoundationEssentials
import Occurrences
import Platform
import Renderer

/// What the fleet's tools see of a running reader: the control socket (`recto ctl`), systemd's notifications
/// and watchdog, and the Prometheus metrics file. Made by the reader at start; each part is off when its setting
/// or environment is absent, and none of them wakes an idle reader except the watchdog (when systemd asks for
/// one) and the metrics heartbeat (once a minute, when a metrics file is set). Both are deadlines the reader's
/// one timer is armed at (`nextDeadline`, `due(now:)`), so a loop that hangs stops the pings, as systemd wants.
@MainActor public final class Operations {
    public var control: ControlServer?
    public let notifier: SystemdNotifier?
    /// How often systemd's watchdog is pinged (ms), and when next; nil when systemd asks for none.
    let watchdogInterval: Double?
    var nextPing: Double?
    public var metrics: MetricsRecorder?
    public let metricsPath: String?
    let metricsInterval: Double
    static let metricsHeartbeat = 60_000.0
    var lastMetricsWrite = 0.0
    var metricsWarned = false
    public let startedAt = monotonicMilliseconds()
    public var bookPath: String
    public var screenshots: [(path: String, client: Int)] = []
    public var frames = 0
    public var pageFailures = 0

    public init(environment: [String: String], bookPath: String, metricsPath: String?, metricsInterval: Double) {
        notifier = SystemdNotifier(environment: environment)
        watchdogInterval = notifier == nil ? nil : SystemdNotifier.watchdogPingInterval(environment: environment)
        let start = startedAt
        nextPing = watchdogInterval.map { start + $0 }
        self.bookPath = bookPath
        self.metricsPath = metricsPath
        self.metricsInterval = metricsInterval * 1000
        if metricsPath != nil {
            var m = MetricsRecorder()
            m.book = bookPath
            metrics = m
            lastMetricsWrite = startedAt
        }
    }

    /// Every occurrence's meaning passes here: the metrics count it, systemd hears of the first frame and of pages.
    public func observe(_ meaning: OccurrenceMeaning, page: Int, pageCount: Int, awaited: String?) {
        if meaning.metrics.contains(.placeholderShown) { pageFailures += 1 }
        metrics?.observe(meaning.metrics, at: monotonicMilliseconds())
        if let notifier, let note = meaning.systemd {
            notifier.send(SystemdStatus.message(for: note, page: page, pageCount: pageCount, book: bookPath, awaited: awaited))
        }
    }

    /// A frame was committed at `now`, costing `cost` ms.
    public func frameDone(at now: Double, cost: Double) {
        frames += 1
        metrics?.frameDrawn(at: now, cost: cost)
    }

    /// When the watchdog is pinged next, or the metrics file is written next: at `metrics-interval` while
    /// counters change, else once a heartbeat.
    public var nextDeadline: Double? { [nextPing, metricsDue].compactMap { $0 }.min() }

    private var metricsDue: Double? { metrics.map { lastMetricsWrite + ($0.changed ? metricsInterval : Self.metricsHeartbeat) } }

    /// At the reader's timer: pings the watchdog when due; returns whether the metrics file is due (the reader
    /// writes it, with its own figures).
    public func due(now: Double) -> Bool {
        if let interval = watchdogInterval, let ping = nextPing, ping <= now {
            notifier?.send("WATCHDOG=1")
            nextPing = now + interval
        }
        return metricsDue.map { $0 <= now } ?? false
    }

    /// The metrics file written atomically, with the process's figures given and `extra` text (the visit counters)
    /// after the recorder's; a failure is warned of once until a write works again.
    public func writeMetrics(residentBytes: Int, textureBytes: Int, helperRestarts: Int?, extra: String,
                             warn: (String) -> Void) {
        if let helperRestarts { metrics?.setHelperRestarts(helperRestarts) }
        guard let path = metricsPath, let metrics else { return }
        let now = monotonicMilliseconds()
        let wallOffset = Date().timeIntervalSince1970 - now / 1000
        let text = metrics.exposition(now: now, wallOffset: wallOffset, residentBytes: residentBytes,
                                      textureBytes: textureBytes) + extra
        do {
            try FileIO.writeAtomically(Array(text.utf8), to: path)
            metricsWarned = false
        } catch {
            if !metricsWarned { warn("cannot write the metrics file \(path): \(error)") }
            metricsWarned = true
        }
        self.metrics?.written()
        lastMetricsWrite = now
    }

    /// Reads the frame just drawn back from the GL (before it is presented) and writes each pending screenshot;
    /// returns the replies, to send once the frame is presented.
    public func writeScreenshots(width: Int, height: Int) -> [(client: Int, reply: String)] {
        guard !screenshots.isEmpty else { return [] }
        var pixels = FrameReadback.bottomUp(width: width, height: height)
        // The window is opaque: the compositor ignores alpha, so the file does too.
        for i in stride(from: 3, to: pixels.count, by: 4) { pixels[i] = 255 }
        defer { screenshots.removeAll() }
        return screenshots.map { path, client in
            do {
                let png = try PNGEncoder.encode(rgba: pixels, width: width, height: height, rowOrder: .bottomUp)
                try FileIO.writeAtomically(png, to: path)
                return (client, ControlReply.ok("\(path) \(width)x\(height)"))
            } catch {
                return (client, ControlReply.error("cannot write \(path): \(error)"))
            }
        }
    }

    public func reply(_ replies: [(client: Int, reply: String)]) {
        for r in replies { control?.reply(to: r.client, r.reply) }
    }

    /// `recto ctl status`: the core's fields with this process's figures.
    public func status(_ core: LogEvent, version: String, glErrors: Int, textureBytes: Int,
                       speech: (state: String, reason: String?)?) -> LogEvent {
        var status = LogEvent("status", ["book": .string(bookPath)])
        status.fields += core.fields
        let now = monotonicMilliseconds()
        status.append("version", .string(version))
        status.append("uptime_seconds", .double(((now - startedAt) / 1000).rounded()))
        status.append("frames", .int(frames))
        status.append("gl_errors", .int(glErrors))
        status.append("page_failures", .int(pageFailures))
        status.append("rss_bytes", .int(ProcessStatus.residentKB() * 1024))
        status.append("texture_bytes", .int(textureBytes))
        // This request's own client among them: a client recto hung up on, or that hung up, is gone from the count.
        status.append("control_clients", .int(control?.clientCount ?? 0))
        if let speech {
            status.append("speech", .string(speech.state))
            if let reason = speech.reason { status.append("speech_reason", .string(reason)) }
        }
        return status
    }

    /// Socket file removed and systemd told; the caller writes the last metrics.
    public func stop() {
        control?.shutdown()
        notifier?.send("STOPPING=1")
    }
}
