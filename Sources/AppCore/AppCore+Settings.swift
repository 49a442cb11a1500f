import Config
import Localization
import Reader

/// What the machine and the session tell the core beside the settings: facts, not choices.
public struct Host: Sendable {
    /// The compositor offers wl_shm (and one book is shown), so the first frames can be drawn by the CPU before
    /// the GL is up.
    public var softwareFrames = true
    /// What the visitor reads on screen, in the language the `language` setting and the locale choose (made once:
    /// the language does not change while recto runs).
    public var translator = Translator.english
    /// Test-only: a slow reduced-motion cross-fade (ms), so screenshots land inside one.
    public var fadeDuration: Double?

    public init(softwareFrames: Bool = true, translator: Translator = .english, fadeDuration: Double? = nil) {
        self.softwareFrames = softwareFrames
        self.translator = translator
        self.fadeDuration = fadeDuration
    }
}

/// What the policy reads of the settings: each a view of the one `Settings` value the core holds, never a copy.
extension AppCore {
    var kiosk: Bool { settings.kiosk }
    /// Without input for this long (ms) the book returns to the cover; nil = never.
    var idleReset: Double? { settings.idleResetMilliseconds }
    /// The idle warning's countdown before the idle reset or attract mode, ms; nil = none.
    var idleWarning: Double? { settings.idleWarningMilliseconds }
    /// Without input for this long (ms) the page corner lifts now and then to invite a touch; nil = never.
    var attractAfter: Double? { Self.attractAfter(settings) }

    static func attractAfter(_ settings: Settings) -> Double? {
        settings.attractAfterSeconds > 0 ? settings.attractAfterSeconds * 1000 : nil
    }
    /// Remember the page each book is left on (tablets; never in kiosk mode, which resets to the cover).
    var remembersPosition: Bool { settings.rememberPosition && !settings.kiosk }
    /// Resolution of moving frames: nil automatic, else that factor whenever the page moves.
    var motionScale: Double? { settings.motionScale > 0 ? settings.motionScale : nil }
    /// The on-screen controls show all the time (else with the overlay).
    var controlsAlways: Bool { settings.controls == "always" }
    /// The configuration or a flag set the reading direction: a book's own word (ComicInfo) does not change it.
    var directionFixed: Bool { settings.isGiven(\.rightToLeft) }

    /// The reader's tunables the settings give (the book's own direction and spine offset come as events).
    static func readerConfig(_ settings: Settings, host: Host) -> ReaderConfig {
        var config = settings.readerConfig
        if let fade = host.fadeDuration { config.fadeDuration = fade }
        return config
    }

    /// A changed book is read again once its directory has been quiet this long, ms (a copy in progress changes
    /// it many times; a half-copied page is not shown broken).
    static let reloadQuiet = 400.0
    /// Without a usable GL the program still shows its first page before it ends, waiting at most this long, ms.
    static let glFailureGrace = 3000.0
    /// The texture side assumed until the GL tells its own (pages decoded larger are scaled down at upload).
    public static let provisionalMaxTextureSize = 4096

    /// What the operator should hear at start when the idle reset leaves little reading time before its countdown.
    public static func idleWarningNotice(_ settings: Settings) -> String? {
        IdleWarningPolicy.startupNotice(idleReset: settings.idleResetMilliseconds, warning: settings.idleWarningMilliseconds)
    }
}
