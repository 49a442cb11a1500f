import Book
import Logging

/// Everything recto can be told, from its configuration file and its flags, as one plain value.
///
/// Fields hold what was asked for, already validated (every range is checked by `set(_:_:)`); the
/// properties at the end derive what depends on several fields (the idle reset's kiosk default).
/// Defaults are the program's defaults: `Settings()` is what recto does with no file and no flags.
public struct Settings: Sendable, Equatable {
    /// An opaque colour, 8 bits per channel.
    public struct Colour: Sendable, Hashable, CustomStringConvertible {
        public var red: UInt8, green: UInt8, blue: UInt8

        public init(red: UInt8, green: UInt8, blue: UInt8) { self.red = red; self.green = green; self.blue = blue }

        /// Parses exactly `#rrggbb` (hex digits, either case). Nil for anything else.
        public init?(hex: String) {
            guard hex.hasPrefix("#"), hex.count == 7 else { return nil }
            let digits = hex.dropFirst()
            guard digits.allSatisfy(\.isHexDigit), let v = UInt32(digits, radix: 16) else { return nil }
            self.init(red: UInt8(v >> 16 & 0xff), green: UInt8(v >> 8 & 0xff), blue: UInt8(v & 0xff))
        }

        /// `#rrggbb`, lower case.
        public var description: String {
            func two(_ c: UInt8) -> String { (c < 16 ? "0" : "") + String(c, radix: 16) }
            return "#" + two(red) + two(green) + two(blue)
        }
    }

    /// The book to open (a directory or one image); nil for the bundled demo book. A relative path read
    /// from a configuration file is resolved against that file's directory.
    public var book: String?
    /// A library's directory (`library`), shown as a shelf; resolved like `book`.
    public var library: String?
    /// A library as a list of books (`books`), resolved like `book`.
    public var books: [String]?
    /// No quit key, no way out of the book, cursor hidden, idle reset on by default.
    public var kiosk = false
    public var spread: SpreadPreference = .auto
    public var rightToLeft = false
    public var background = Colour(red: 0x29, green: 0x29, blue: 0x2b)
    /// Base radius of the page curl, px (2…200).
    public var curlRadius = 20.0
    /// Output (wl_output name) to go full-screen on; nil for the compositor's choice.
    public var output: String?
    /// Seconds without input before returning to the cover (0 = never); nil for the default
    /// (`defaultKioskIdleReset` in kiosk mode, off otherwise). See `idleResetSeconds`.
    public var idleReset: Double?
    public var logLevel: Logger.Level = .notice
    /// JSON-lines event log on stdout.
    public var logEvents = false
    /// Largest zoom, × the fitted page (1…32).
    public var maxZoom = 8.0
    /// Zoom a double tap goes to, × the fitted page (1…32; never more than `maxZoom`).
    public var doubleTapZoom = 2.5
    /// Settle a two-finger rotation to the nearest right angle on release.
    public var snapRotation = true
    /// Let two fingers rotate the page at all.
    public var pinchRotate = true
    /// A pan of a zoomed page keeps gliding after release.
    public var momentum = true
    /// Size of the corner and edge zones that pick a page up, px (0 = no grabbing: taps and swipes only).
    public var grabZone = 80.0
    /// Taps on the outer thirds of the window turn the page.
    public var tapZones = true
    /// Longest gap between the two taps of a double tap, ms (0 = no double tap; single taps act at once).
    public var doubleTapInterval = 300.0
    /// A slow release completes the turn when the page is at least this far over (0.05…0.95; 0.5 = at the spine).
    public var commitProgress = 0.5
    /// A release at least this fast (px/s) completes, or cancels, the turn from anywhere.
    public var flickSpeed = 400.0
    /// A swipe (a drag that did not pick up a page) at least this fast (px/s) turns the page.
    public var swipeSpeed = 500.0
    /// Margin around the pages as a fraction of the window's shorter side (0…0.25).
    public var margin = 0.02
    /// Budget for decoded pages kept as textures, MiB; unless given, only the cap of `cachePages`.
    public var cacheMB = 256
    /// Disk space for decoded pages kept between runs, MiB; 0 = off.
    public var diskCacheMB = 512
    /// Resolution of moving frames: 0 = automatic, else the fraction.
    public var motionScale = 0.0
    /// Touch prediction while dragging.
    public var predict = false
    /// Reopen a book at its last page (not in kiosk mode).
    public var rememberPosition = true
    /// The keys the file or the flags set (the rest are defaults a book's own metadata may override).
    public internal(set) var given: Set<SettingKey> = []
    /// The control socket's path; nil for the default in XDG_RUNTIME_DIR.
    public var controlSocket: String?
    /// Where Prometheus metrics are written; nil = not at all.
    public var metricsFile: String?
    /// Seconds between metrics writes while counters change.
    public var metricsInterval = 10.0
    /// Language of the on-screen text (a code like "de" or "fr_CA"); nil to follow the locale.
    public var language: String?
    /// Turns cross-fade, zoom snaps, attract mode off.
    public var reducedMotion = false
    /// Seconds without input before attract mode (0 = never); nil for the default (`defaultKioskAttractAfter`
    /// in kiosk mode, off otherwise). See `attractAfterSeconds`.
    public var attractAfter: Double?
    /// Visit statistics (issue 30): nil for the default (on in kiosk mode); days they are kept.
    public var visitStats: Bool?
    public var visitRetentionDays = 365
    public var visitStatsOn: Bool { visitStats ?? kiosk }

    /// Idle reset default in kiosk mode, seconds.
    public static let defaultKioskIdleReset = 120.0

    public init() {}

    /// The idle reset in force, seconds; 0 when off.
    public var idleResetSeconds: Double { idleReset ?? (kiosk ? Self.defaultKioskIdleReset : 0) }

    /// Attract mode default in kiosk mode, seconds.
    public static let defaultKioskAttractAfter = 30.0

    /// The attract-mode wait in force, seconds; 0 when off (always with reduced motion).
    public var attractAfterSeconds: Double {
        reducedMotion ? 0 : attractAfter ?? (kiosk ? Self.defaultKioskAttractAfter : 0)
    }

    /// The texture budget in bytes.
    public var cacheBytes: Int { cacheMB * 1024 * 1024 }

    /// Pages kept by default: the ten wanted around the spread on screen (it and two spreads each way) and as
    /// many again, so a reader turning back finds pages ready. On a software renderer textures are process
    /// memory: 20 pages of a 1920×1080 window keep a 1000-page book under 300 MB (README, Performance).
    public static let defaultCachePages = 20

    /// The budget in pages, each at what a page's texture really costs; nil when `cache-mb` was given (then
    /// `cacheBytes` alone bounds it, else it caps this).
    public var cachePages: Int? { given.contains(.cacheMB) ? nil : Self.defaultCachePages }
}
