import Config
import Control
import FoundationEssentials
import Metrics
import Platform

/// What the fleet's tools see of a running reader: the control socket (`recto ctl`), systemd's notifications
/// and watchdog, and the Prometheus metrics file. Made by `ReaderApp.startOperations()`; each part is off when
/// its setting or environment is absent, and none of them wakes an idle reader except the watchdog (when
/// systemd asks for one) and the metrics heartbeat (once a minute, when a metrics file is set).
@MainActor final class Operations {
    var control: ControlServer?
    let notifier: SystemdNotifier?
    var watchdog: TimerSource?
    var metrics: MetricsRecorder?
    var metricsTimer: TimerSource?
    let metricsPath: String?
    /// ms between writes while something changes.
    let metricsInterval: Double
    /// ms between writes when nothing changes: the heartbeat an alert watches.
    static let metricsHeartbeat = 60_000.0
    var lastMetricsWrite = 0.0
    var metricsWarned = false
    let startedAt = monotonicMilliseconds()
    var bookPath: String
    /// `recto ctl screenshot` requests waiting for the next GL frame.
    var screenshots: [(path: String, client: Int)] = []
    var frames = 0
    var pageFailures = 0
    /// The settings in force: `recto ctl get` reads them, `recto ctl set` changes the live ones.
    var settings: Settings

    init(environment: [String: String], bookPath: String, settings: Settings, metricsPath: String?, metricsInterval: Double) {
        self.settings = settings
        notifier = SystemdNotifier(environment: environment)
        self.bookPath = bookPath
        self.metricsPath = metricsPath
        self.metricsInterval = metricsInterval * 1000
        if metricsPath != nil {
            var m = MetricsRecorder()
            m.book = bookPath
            metrics = m
        }
    }
}
