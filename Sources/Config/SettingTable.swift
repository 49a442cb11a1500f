import Book

/// Every setting recto has, one declaration each, in the order `--help` and README list them. Adding a
/// setting is one `let` here and its use (read it as `settings.name`); the file parser, the flags, `--help`
/// and README's table (`recto settings --markdown`) come from this table.
public struct SettingTable: Sendable {
    public let book = Setting<String?>("book", nil, .path, unit: "dir-or-image", scope: .everyCommand, argument: "BOOK",
        default: ": the bundled demo book",
        help: "A directory of page images (PNG, JPEG, WebP, AVIF; sub-folders too) in natural order, a CBZ, CBR or CB7 comic, a fixed-layout EPUB, a PDF, or one image; a ComicInfo.xml is read")
    public let library = Setting<String?>("library", nil, .path, unit: "dir",
        help: "A library: a directory whose entries are books (folders of images, CBZs, CBRs, CB7s, EPUBs, PDFs), shown as covers on a shelf; a tap opens one. A directory given as the book is a library by itself when it holds no image directly, a comic archive or PDF, and at least two books")
    public let books = Setting<[String]?>("books", nil, .paths, unit: "book",
        help: "A library as a list of books (directories, CBZs, CBRs, CB7s, EPUBs, PDFs, images), shown as covers on a shelf in this order; wins over library and book")
    public let kiosk = Setting("kiosk", false, .toggle,
        help: "Kiosk mode: no quit key, no way out of the book, cursor hidden, idle reset on")
    public let spread = Setting("spread", SpreadPreference.auto, .choice(SpreadPreference.allCases.map(\.rawValue)),
        scope: .everyCommand, help: "Spread layout: auto (two pages when the window is wider than tall), single or double")
    public let rightToLeft = Setting("rtl", false, .toggle, scope: .everyCommand,
        help: "Right-to-left book: spine on the right, forward turns from the left")
    public let spineOffset = Setting("spine-offset", 0, .whole(min: 0, max: 16), unit: "pages", scope: .everyCommand,
        help: "Pages before the cover, 0–16, each shown alone in two-page spreads so that the pairs after the cover are the printed book's (1 for a digitised book whose first canvas is a colour-calibration target); a book's own recto.toml (in its folder, or NAME.recto.toml beside its file) wins")
    public let background = Setting("background", Settings.Colour(red: 0x29, green: 0x29, blue: 0x2b), .colour,
        scope: .everyCommand, help: "Background colour around the pages")
    public let curlRadius = Setting("radius", 20.0, .number(min: 2, max: 200), unit: "px", scope: .everyCommand, live: true,
        help: "Base radius of the page curl, 2–200 px")
    public let output = Setting<String?>("output", nil, .text, unit: "name", default: ": the compositor's choice",
        help: "Output (connector name, e.g. HDMI-A-1) to go full-screen on")
    /// Nil: `Settings.defaultKioskIdleReset` in kiosk mode, off otherwise (`idleResetSeconds`).
    public let idleReset = Setting<Double?>("idle-reset", nil, .number(min: 0, max: 86_400), unit: "seconds", live: true,
        default: "120 with --kiosk, else 0",
        help: "Seconds without input before the book returns to the cover with zoom reset; 0 = never")
    public let idleWarning = Setting("idle-warning", 20.0, .number(min: 0, max: 600), unit: "seconds",
        accepts: { $0 == 0 || $0 >= 20 },
        help: "Seconds the countdown \"Still reading?\" shows before the idle reset or attract mode takes over an open book, 20–600 (WCAG 2.2.1: a touch or key extends, as often as asked); 0 = no warning")
    public let logLevel = Setting("log-level", LogLevel.notice, .choice(LogLevel.allCases.map(\.rawValue)),
        unit: "level", scope: .everyCommand,
        help: "Least severe log message written to stderr: trace, debug, info, notice, warning, error or critical")
    public let logEvents = Setting("log-events", false, .toggle,
        help: "Write JSON-lines events (ready, page, flip, zoom, idle-reset…) to stdout")
    public let maxZoom = Setting("max-zoom", 8.0, .number(min: 1, max: 32), unit: "x", live: true,
        help: "Largest zoom, 1–32 × the fitted page")
    public let doubleTapZoom = Setting("double-tap-zoom", ZoomStep.times(2.5), .number(min: 1, max: 32, words: ["actual"]),
        unit: "x", live: true,
        help: "Zoom a double tap goes to, 1–32 × the fitted page (at most max-zoom), or actual: 1:1 with the page's own pixels where they are larger than the screen (a scan; other pages go to 2.5 ×)")
    public let snapRotation = Setting("snap-rotation", true, .toggle, live: true,
        help: "Settle a two-finger rotation to the nearest right angle on release")
    public let pinchRotate = Setting("pinch-rotate", true, .toggle, live: true, help: "Let two fingers rotate the page")
    public let momentum = Setting("momentum", true, .toggle, live: true, help: "A pan of a zoomed page keeps gliding after release")
    public let grabZone = Setting("grab-zone", 80.0, .number(min: 0, max: 1000), unit: "px", live: true,
        help: "Size of the corner and edge zones that pick a page up, 0–1000 px; 0 = no grabbing")
    public let tapZones = Setting("tap-zones", true, .toggle, live: true, help: "Taps on the outer thirds of the window turn the page")
    public let doubleTapInterval = Setting("double-tap-interval", 300.0, .number(min: 0, max: 1000), unit: "ms", live: true,
        help: "Longest gap between the taps of a double tap, 0–1000 ms; 0 = no double tap")
    public let commitProgress = Setting("commit-progress", 0.5, .number(min: 0.05, max: 0.95), unit: "fraction", live: true,
        help: "A slow release completes the turn when the page is this far over, 0.05–0.95; 0.5 = at the spine")
    public let flickSpeed = Setting("flick-speed", 400.0, .number(min: 50, max: 20_000), unit: "px/s", live: true,
        help: "A release at least this fast completes (or cancels) the turn from anywhere, 50–20000 px/s")
    public let swipeSpeed = Setting("swipe-speed", 500.0, .number(min: 50, max: 20_000), unit: "px/s", live: true,
        help: "A swipe at least this fast turns the page, 50–20000 px/s")
    public let turnDuration = Setting("turn-duration", 400.0, .number(min: 150, max: 2000), unit: "ms", live: true,
        help: "Time a page turn takes to land after a key, a tap or a slow release, 150–2000 ms (a fast release lands sooner)")
    public let margin = Setting("margin", 0.02, .number(min: 0, max: 0.25), unit: "fraction", scope: .everyCommand,
        help: "Margin around the pages, 0–0.25 of the window's shorter side")
    /// Given, it bounds the cache in bytes alone; unset, `Settings.defaultCachePages` pages, capped by it.
    public let cacheMB = Setting("cache-mb", 256, .whole(min: 16, max: 65_536), unit: "MiB",
        default: ": 20 pages at what a page costs, at most 256",
        help: "Memory for decoded pages kept as textures, 16–65536 MiB")
    public let diskCacheMB = Setting("disk-cache-mb", 512, .whole(min: 0, max: 1_048_576), unit: "MiB",
        help: "Disk space for decoded pages kept between runs (fast restarts), MiB; 0 turns it off")
    public let webCacheMB = Setting("web-cache-mb", 1024, .whole(min: 0, max: 1_048_576), unit: "MiB",
        help: "Disk space for IIIF manifests, info.json and tiles fetched over HTTP (a book once seen reads offline), MiB; 0 turns it off")
    public let motionScale = Setting("motion-scale", 0.0, .number(min: 0, max: 1), unit: "fraction",
        accepts: { $0 == 0 || $0 >= 0.25 },
        help: "Resolution of moving frames: 0 = automatic (reduced only on slow renderers), else a fraction 0.25–1")
    public let predict = Setting("predict", false, .toggle,
        help: "Extrapolate the finger by one frame interval while dragging")
    public let rememberPosition = Setting("remember-position", true, .toggle,
        help: "Reopen each book at the page it was left on, kept per book in $XDG_STATE_HOME/recto; never in kiosk mode, where the idle reset returns to the cover")
    public let controlSocket = Setting<String?>("control-socket", nil, .path, unit: "path",
        default: "$XDG_RUNTIME_DIR/recto-DISPLAY-PID.sock; none without XDG_RUNTIME_DIR",
        help: "Absolute path of the control socket for `recto ctl`")
    public let metricsFile = Setting<String?>("metrics-file", nil, .path, unit: "path", default: "none: off",
        help: "Absolute path of a file the reader keeps Prometheus metrics in, e.g. for node_exporter's textfile collector")
    public let metricsInterval = Setting("metrics-interval", 10.0, .number(min: 1, max: 3600), unit: "seconds",
        help: "Seconds between writes of the metrics file while something changes (at least once a minute otherwise), 1–3600")
    public let language = Setting<String?>("language", nil, .text, unit: "code",
        default: ": from LANGUAGE, LC_ALL, LC_MESSAGES or LANG, else English",
        help: "Language of the text visitors see (placeholder pages, hints): de, fr or en")
    public let languages = Setting<String?>("languages", nil, .text, unit: "codes",
        default: ": the language setting's alone, no language control", accepts: { $0.map { LanguageList($0) != nil } ?? true },
        help: "Languages a visitor can switch between with the language control, in order, e.g. de,en,fr: the screen's text, the IIIF labels and attribution, notes, narration and the voice follow; the first at start and after each idle reset")
    public let reducedMotion = Setting("reduced-motion", false, .toggle,
        help: "Reduced motion: turns cross-fade instead of curling (a drag turns on release if it would have), zoom snaps, no attract mode")
    /// Nil: `Settings.defaultKioskAttractAfter` in kiosk mode, off otherwise (`attractAfterSeconds`).
    public let controls = Setting("controls", "overlay", .choice(["always", "overlay"]),
        help: "On-screen buttons (previous and next page, zoom out, fit, zoom in, pan steps while zoomed): always on screen, or with the page overlay (a tap in the middle); Tab shows them too")
    public let reach = Setting("reach", false, .toggle,
        help: "Reach mode: the buttons, the scrubber and the shelf's covers in the lower part of the screen (a screen mounted high, a seated visitor)")
    public let largeText = Setting("large-text", false, .toggle,
        help: "Large text on the page overlay and beside the focused control (capitals at least 7.3 mm tall on the screen) and larger buttons")
    public let attractAfter = Setting<Double?>("attract-after", nil, .number(min: 0, max: 86_400), unit: "seconds",
        default: "30 with --kiosk, else 0",
        help: "Seconds without input (0–86400) before the page corner starts lifting now and then to invite a touch (attract mode); 0 = never; off with reduced-motion")
    /// Nil: on in kiosk mode, off otherwise (`visitStatsOn`).
    public let visitStats = Setting<Bool?>("visit-stats", nil, .toggle, default: "on with --kiosk, else off",
        help: "Record visits (start, length, pages and time on each, turns by kind, zoom centres, attract mode; nothing personal) in $XDG_STATE_HOME/recto/visits.db for `recto report`")
    public let visitRetentionDays = Setting("visit-retention-days", 365, .whole(min: 1, max: 36_500), unit: "days",
        help: "Days visits are kept before they are deleted, 1–36500")

    public let speech = Setting("speech", false, .toggle,
        help: "Speech mode at start and after each idle reset: pages, shelf titles, focused controls and changes are spoken through speech-dispatcher. Keypad 5 repeats; the speech key toggles it")
    public let speechKey = Setting("speech-key", "keypad-5-hold", .choice(["keypad-5-hold", "keypad-multiply", "none"]),
        unit: "key", help: "Key that toggles speech mode: keypad-5-hold (hold keypad 5, the key with the tactile dot, for speech-hold ms), keypad-multiply (a press), or none")
    public let speechHold = Setting("speech-hold", 1000.0, .number(min: 300, max: 5000), unit: "ms",
        help: "How long keypad 5 is held to toggle speech mode, 300–5000 ms; a shorter press repeats the last utterance")
    public let speechLanguage = Setting<String?>("speech-language", nil, .text, unit: "code",
        default: ": the language setting's",
        help: "Language of the voice for pages of a book that states none (ComicInfo LanguageISO, IIIF), e.g. en, de, fr")
    public let speechRate = Setting("speech-rate", 0, .whole(min: -100, max: 100), unit: "step",
        help: "Speech rate, -100–100 (0: speech-dispatcher's default); back to it at each idle reset")
    public let speechVolume = Setting("speech-volume", 0, .whole(min: -100, max: 100), unit: "step",
        help: "Speech volume, -100–100 (0: speech-dispatcher's default); back to it at each idle reset")

    public let narration = Setting("narration", false, .toggle, live: true,
        help: "Play each page's recorded narration (page-003.opus, .ogg, .mp3, .flac or .wav beside the page; page-003.de.opus in a language) when the page settles, with its WebVTT captions (page-003.vtt) on screen, through the sound server")
    public let narrationVolume = Setting("narration-volume", 100, .whole(min: 0, max: 100), unit: "percent", live: true,
        help: "Loudness of the narration and the page sound, 0–100 % of the recording's own")
    public let quietHours = Setting<String?>("quiet-hours", nil, .text, unit: "HH:MM-HH:MM", live: true,
        default: ": none", accepts: { $0.map { QuietHours($0) != nil } ?? true },
        help: "Local hours when narration and the page sound play at quiet-volume, e.g. 18:00-09:00 (may run past midnight)")
    public let quietVolume = Setting("quiet-volume", 30, .whole(min: 0, max: 100), unit: "percent", live: true,
        help: "Loudness of the narration and the page sound during quiet-hours, 0–100 % of the recording's own")
    public let pageSound = Setting("page-sound", false, .toggle, live: true,
        help: "The paper's sound as a page turns: soft as a drag lifts the corner, louder the faster a flick or a let-go page goes over, through the sound server")

    init() {}

    /// The one table.
    public static let declared = SettingTable()

    /// The declarations in the order written above (Swift keeps stored properties' order for reflection).
    public static let all: [any AnySetting] = Mirror(reflecting: declared).children.compactMap { $0.value as? any AnySetting }

    /// Position in `all` by key.
    static let index: [String: Int] = Dictionary(uniqueKeysWithValues: all.enumerated().map { ($1.key.rawValue, $0) })
}
