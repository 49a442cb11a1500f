import ArgumentParser
import Config

/// The interactive reader's setting flags (`recto open`). Optional, so only given flags override the file.
struct ReaderFlags: ParsableArguments {
    @Option(help: help(.library)) var library: String?
    @Option(parsing: .upToNextOption, help: help(.books)) var books: [String] = []
    @Flag(inversion: .prefixedNo, help: help(.kiosk)) var kiosk: Bool?
    @Option(help: help(.output)) var output: String?
    @Option(name: .customLong("idle-reset"), help: help(.idleReset)) var idleReset: Double?
    @Flag(name: .customLong("log-events"), inversion: .prefixedNo, help: help(.logEvents)) var logEvents: Bool?
    @Option(name: .customLong("max-zoom"), help: help(.maxZoom)) var maxZoom: Double?
    @Option(name: .customLong("double-tap-zoom"), help: help(.doubleTapZoom)) var doubleTapZoom: Double?
    @Flag(name: .customLong("snap-rotation"), inversion: .prefixedNo, help: help(.snapRotation)) var snapRotation: Bool?
    @Flag(name: .customLong("pinch-rotate"), inversion: .prefixedNo, help: help(.pinchRotate)) var pinchRotate: Bool?
    @Flag(inversion: .prefixedNo, help: help(.momentum)) var momentum: Bool?
    @Option(name: .customLong("grab-zone"), help: help(.grabZone)) var grabZone: Double?
    @Flag(name: .customLong("tap-zones"), inversion: .prefixedNo, help: help(.tapZones)) var tapZones: Bool?
    @Option(name: .customLong("double-tap-interval"), help: help(.doubleTapInterval)) var doubleTapInterval: Double?
    @Option(name: .customLong("commit-progress"), help: help(.commitProgress)) var commitProgress: Double?
    @Option(name: .customLong("flick-speed"), help: help(.flickSpeed)) var flickSpeed: Double?
    @Option(name: .customLong("swipe-speed"), help: help(.swipeSpeed)) var swipeSpeed: Double?
    @Option(name: .customLong("cache-mb"), help: help(.cacheMB)) var cacheMB: Int?
    @Option(name: .customLong("disk-cache-mb"), help: help(.diskCacheMB)) var diskCacheMB: Int?
    @Option(name: .customLong("motion-scale"), help: help(.motionScale)) var motionScale: Double?
    @Flag(inversion: .prefixedNo, help: help(.predict)) var predict: Bool?
    @Flag(inversion: .prefixedNo, help: help(.rememberPosition)) var rememberPosition: Bool?
    @Option(name: .customLong("control-socket"), help: help(.controlSocket)) var controlSocket: String?
    @Option(name: .customLong("metrics-file"), help: help(.metricsFile)) var metricsFile: String?
    @Option(name: .customLong("metrics-interval"), help: help(.metricsInterval)) var metricsInterval: Double?
    @Option(help: help(.language)) var language: String?
    @Flag(name: .customLong("reduced-motion"), inversion: .prefixedNo, help: help(.reducedMotion)) var reducedMotion: Bool?
    @Option(name: .customLong("attract-after"), help: help(.attractAfter)) var attractAfter: Double?
    // Visit statistics (issue 30).
    @Flag(name: .customLong("visit-stats"), inversion: .prefixedNo, help: help(.visitStats)) var visitStats: Bool?
    @Option(name: .customLong("visit-retention-days"), help: help(.visitRetentionDays)) var visitRetentionDays: Int?

    /// The flags that were given, as settings.
    var overrides: [(SettingKey, ConfigValue)] {
        let given: [(SettingKey, ConfigValue?)] = [
            (.library, library.map(ConfigValue.string)), (.books, books.isEmpty ? nil : .strings(books)),
            (.kiosk, kiosk.map(ConfigValue.bool)), (.output, output.map(ConfigValue.string)),
            (.idleReset, idleReset.map(ConfigValue.number)), (.logEvents, logEvents.map(ConfigValue.bool)),
            (.maxZoom, maxZoom.map(ConfigValue.number)), (.doubleTapZoom, doubleTapZoom.map(ConfigValue.number)),
            (.snapRotation, snapRotation.map(ConfigValue.bool)), (.pinchRotate, pinchRotate.map(ConfigValue.bool)),
            (.momentum, momentum.map(ConfigValue.bool)), (.grabZone, grabZone.map(ConfigValue.number)),
            (.tapZones, tapZones.map(ConfigValue.bool)), (.doubleTapInterval, doubleTapInterval.map(ConfigValue.number)),
            (.commitProgress, commitProgress.map(ConfigValue.number)), (.flickSpeed, flickSpeed.map(ConfigValue.number)),
            (.swipeSpeed, swipeSpeed.map(ConfigValue.number)), (.cacheMB, cacheMB.map(ConfigValue.integer)),
            (.diskCacheMB, diskCacheMB.map(ConfigValue.integer)), (.motionScale, motionScale.map(ConfigValue.number)),
            (.predict, predict.map(ConfigValue.bool)),
            (.rememberPosition, rememberPosition.map(ConfigValue.bool)),
            (.controlSocket, controlSocket.map(ConfigValue.string)), (.metricsFile, metricsFile.map(ConfigValue.string)),
            (.metricsInterval, metricsInterval.map(ConfigValue.number)),
            (.predict, predict.map(ConfigValue.bool)), (.language, language.map(ConfigValue.string)),
            (.reducedMotion, reducedMotion.map(ConfigValue.bool)), (.attractAfter, attractAfter.map(ConfigValue.number)),
            (.visitStats, visitStats.map(ConfigValue.bool)), (.visitRetentionDays, visitRetentionDays.map(ConfigValue.integer)),
        ]
        return given.compactMap { key, value in value.map { (key, $0) } }
    }
}
