/// One setting: a key of the configuration file and, with `--` before it, a flag of the same name.
/// The one place where a setting's type, range and help text are written down; the file parser, the flag
/// overrides and `recto --help` all read them from here.
public enum SettingKey: String, CaseIterable, Sendable {
    case book, library, books, kiosk, spread, rtl, background, radius, output
    case idleReset = "idle-reset"
    case logLevel = "log-level"
    case logEvents = "log-events"
    case maxZoom = "max-zoom"
    case doubleTapZoom = "double-tap-zoom"
    case snapRotation = "snap-rotation"
    case pinchRotate = "pinch-rotate"
    case momentum
    case grabZone = "grab-zone"
    case tapZones = "tap-zones"
    case doubleTapInterval = "double-tap-interval"
    case commitProgress = "commit-progress"
    case flickSpeed = "flick-speed"
    case swipeSpeed = "swipe-speed"
    case margin
    case cacheMB = "cache-mb"
    case diskCacheMB = "disk-cache-mb"
    case motionScale = "motion-scale"
    case predict
    case rememberPosition = "remember-position"
    case controlSocket = "control-socket"
    case metricsFile = "metrics-file"
    case metricsInterval = "metrics-interval"
    case language
    case reducedMotion = "reduced-motion"
    case attractAfter = "attract-after"
    // Visit statistics (issue 30).
    case visitStats = "visit-stats"
    case visitRetentionDays = "visit-retention-days"

    /// What values a setting takes.
    public enum Kind: Sendable, Equatable {
        /// true or false; on the command line `--key` / `--no-key`.
        case toggle
        /// A non-empty string.
        case text
        /// A file system path (relative paths in a file are relative to the file).
        case path
        /// A non-empty list of paths (relative as for `path`); on the command line, the paths after the flag.
        case paths
        case choice([String])
        /// `#rrggbb`.
        case colour
        /// A number (integer or float) in `min...max`.
        case number(min: Double, max: Double)
        /// An integer in `min...max`.
        case whole(min: Int, max: Int)
    }

    /// Which commands use the setting (all of them accept every key in the file).
    public enum Scope: Sendable { case everyCommand, reader }

    public var kind: Kind {
        switch self {
        case .book, .library, .controlSocket, .metricsFile: .path
        case .books: .paths
        case .output, .language: .text
        case .kiosk, .rtl, .logEvents, .snapRotation, .pinchRotate, .momentum, .tapZones, .predict, .rememberPosition,
             .reducedMotion: .toggle
        case .spread: .choice(["auto", "single", "double"])
        case .logLevel: .choice(["trace", "debug", "info", "notice", "warning", "error", "critical"])
        case .background: .colour
        case .radius: .number(min: 2, max: 200)
        case .idleReset, .attractAfter: .number(min: 0, max: 86_400)
        case .maxZoom: .number(min: 1, max: 32)
        case .doubleTapZoom: .number(min: 1, max: 32)
        case .grabZone: .number(min: 0, max: 1000)
        case .doubleTapInterval: .number(min: 0, max: 1000)
        case .commitProgress: .number(min: 0.05, max: 0.95)
        case .flickSpeed, .swipeSpeed: .number(min: 50, max: 20_000)
        case .margin: .number(min: 0, max: 0.25)
        case .cacheMB: .whole(min: 16, max: 65_536)
        case .diskCacheMB: .whole(min: 0, max: 1_048_576)
        case .motionScale: .number(min: 0, max: 1)
        case .metricsInterval: .number(min: 1, max: 3600)
        case .visitStats: .toggle
        case .visitRetentionDays: .whole(min: 1, max: 36_500)
        }
    }

    public var scope: Scope {
        switch self {
        case .book, .spread, .rtl, .background, .radius, .margin, .logLevel: .everyCommand
        default: .reader
        }
    }

    /// The placeholder shown in help: `--max-zoom <x>`.
    public var valueName: String {
        switch self {
        case .book: "dir-or-image"
        case .library: "dir"
        case .books: "book"
        case .output: "name"
        case .language: "code"
        case .spread: "auto|single|double"
        case .logLevel: "level"
        case .background: "#rrggbb"
        case .radius, .grabZone: "px"
        case .idleReset, .attractAfter: "seconds"
        case .maxZoom, .doubleTapZoom: "x"
        case .doubleTapInterval: "ms"
        case .commitProgress, .margin: "fraction"
        case .flickSpeed, .swipeSpeed: "px/s"
        case .cacheMB, .diskCacheMB: "MiB"
        case .motionScale: "fraction"
        case .controlSocket, .metricsFile: "path"
        case .metricsInterval: "seconds"
        case .visitRetentionDays: "days"
        default: "bool"
        }
    }

    /// One or two sentences for `--help`, with the unit and the range.
    public var help: String {
        switch self {
        case .book: "A directory of page images (PNG, JPEG, WebP, AVIF; sub-folders too) in natural order, a CBZ, or one image; a ComicInfo.xml is read. Default: the bundled demo book."
        case .library: "A library: a directory whose entries are books (folders of images, CBZs, PDFs), shown as covers on a shelf; a tap opens one. A directory given as the book is a library by itself when it holds no image directly, a CBZ or PDF, and at least two books (default none)."
        case .books: "A library as a list of books (directories, CBZs, PDFs, images), shown as covers on a shelf in this order; wins over library and book (default none)."
        case .kiosk: "Kiosk mode: no quit key, no way out of the book, cursor hidden, idle reset on (default off)."
        case .spread: "Spread layout: auto (two pages when the window is wider than tall), single or double (default auto)."
        case .rtl: "Right-to-left book: spine on the right, forward turns from the left (default off)."
        case .background: "Background colour around the pages (default #29292b)."
        case .radius: "Base radius of the page curl, 2–200 px (default 20)."
        case .output: "Output (connector name, e.g. HDMI-A-1) to go full-screen on (default: the compositor's choice)."
        case .idleReset: "Seconds without input before the book returns to the cover with zoom reset; 0 = never (default 120 with --kiosk, else 0)."
        case .logLevel: "Least severe log message written to stderr: trace, debug, info, notice, warning, error or critical (default notice)."
        case .logEvents: "Write JSON-lines events (ready, page, flip, zoom, idle-reset…) to stdout (default off)."
        case .maxZoom: "Largest zoom, 1–32 × the fitted page (default 8)."
        case .doubleTapZoom: "Zoom a double tap goes to, 1–32 × the fitted page, at most max-zoom (default 2.5)."
        case .snapRotation: "Settle a two-finger rotation to the nearest right angle on release (default on)."
        case .pinchRotate: "Let two fingers rotate the page (default on)."
        case .momentum: "A pan of a zoomed page keeps gliding after release (default on)."
        case .grabZone: "Size of the corner and edge zones that pick a page up, 0–1000 px; 0 = no grabbing (default 80)."
        case .tapZones: "Taps on the outer thirds of the window turn the page (default on)."
        case .doubleTapInterval: "Longest gap between the taps of a double tap, 0–1000 ms; 0 = no double tap (default 300)."
        case .commitProgress: "A slow release completes the turn when the page is this far over, 0.05–0.95; 0.5 = at the spine (default 0.5)."
        case .flickSpeed: "A release at least this fast completes (or cancels) the turn from anywhere, 50–20000 px/s (default 400)."
        case .swipeSpeed: "A swipe at least this fast turns the page, 50–20000 px/s (default 500)."
        case .margin: "Margin around the pages, 0–0.25 of the window's shorter side (default 0.02)."
        case .cacheMB: "Memory for decoded pages kept as textures, 16–65536 MiB (default: 20 pages at what a page costs, at most 256)."
        case .diskCacheMB: "Disk space for decoded pages kept between runs (fast restarts), MiB; 0 turns it off (default 512)."
        case .motionScale: "Resolution of moving frames: 0 = automatic (reduced only on slow renderers), else a fraction 0.25–1 (default 0)."
        case .predict: "Extrapolate the finger by one frame interval while dragging (default off)."
        case .rememberPosition: "Reopen each book at the page it was left on, kept per book in $XDG_STATE_HOME/recto; never in kiosk mode, where the idle reset returns to the cover (default on)."
        case .controlSocket: "Absolute path of the control socket for `recto ctl` (default $XDG_RUNTIME_DIR/recto-DISPLAY-PID.sock; none without XDG_RUNTIME_DIR)."
        case .metricsFile: "Absolute path of a file the reader keeps Prometheus metrics in, e.g. for node_exporter's textfile collector (default none: off)."
        case .metricsInterval: "Seconds between writes of the metrics file while something changes, 1–3600 (default 10); at least once a minute otherwise."
        case .attractAfter: "Seconds without input (0–86400) before the page corner starts lifting now and then to invite a touch (attract mode); 0 = never; off with reduced-motion (default 30 with --kiosk, else 0)."
        case .reducedMotion: "Reduced motion: turns cross-fade instead of curling (a drag turns on release if it would have), zoom snaps, no attract mode (default off)."
        case .visitStats: "Record visits (start, length, pages and time on each, turns by kind, zoom centres, attract mode; nothing personal) in $XDG_STATE_HOME/recto/visits.db for `recto report` (default on with --kiosk, else off)."
        case .visitRetentionDays: "Days visits are kept before they are deleted, 1–36500 (default 365)."
        case .language: "Language of the text visitors see (placeholder pages, hints): de, fr or en (default: from LANGUAGE, LC_ALL, LC_MESSAGES or LANG, else English)."
        }
    }

    /// The known key nearest to `word` by edit distance, when it is close enough to be a likely typo.
    public static func suggestion(for word: String) -> SettingKey? {
        let scored = allCases.map { ($0, editDistance(Array(word.lowercased()), Array($0.rawValue))) }
        guard let best = scored.min(by: { $0.1 < $1.1 }), best.1 <= Swift.max(2, word.count / 3) else { return nil }
        return best.0
    }

    private static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
        var row = Array(0...b.count)
        for i in 1...Swift.max(a.count, 1) where !a.isEmpty {
            var previous = row[0]
            row[0] = i
            for j in stride(from: 1, through: b.count, by: 1) {
                let current = row[j]
                row[j] = Swift.min(row[j] + 1, row[j - 1] + 1, previous + (a[i - 1] == b[j - 1] ? 0 : 1))
                previous = current
            }
        }
        return a.isEmpty ? b.count : row[b.count]
    }
}
