import Localization
import Reader

/// The app's policy settings (from the configuration and the flags). Times in ms.
public struct AppSettings: Sendable {
    public var reader = ReaderConfig()
    /// The configuration or a flag set the reading direction: a book's own word (ComicInfo) does not change it.
    public var directionFixed = false
    /// No quit key, closing the window does nothing.
    public var kiosk = false
    /// Without input for this long the book returns to the cover; nil = never.
    public var idleReset: Double?
    /// The idle warning's countdown before the idle reset (and attract mode over an open book), ms, at least
    /// `IdleWarningPolicy.minimumLength`; nil = none (the `idle-warning` setting gives 20 s unless set to 0).
    public var idleWarning: Double?
    /// Remember the page each book is left on (tablets; never in kiosk mode, which resets to the cover).
    public var remembersPosition = false
    /// Extrapolate the finger by one frame interval while dragging.
    public var predict = false
    /// Resolution of moving frames: nil automatic, else that factor whenever the page moves.
    public var motionScale: Double?
    /// The compositor offers wl_shm, so the first frames can be drawn by the CPU before the GL is up.
    public var softwareFrames = true
    /// A changed book is read again once its directory has been quiet this long (a copy in progress changes
    /// it many times; a half-copied page is not shown broken).
    public var reloadQuiet = 400.0
    /// How long the first frame waits for the first spread before it shows paper in its place.
    public var firstSpreadWait = 250.0
    /// After this long without the first spread, the wait is spent making the frame's buffer (pages from the
    /// disk cache come within a few ms, and faulting in the buffer costs ~5 ms the frame would wait).
    public var prepareAfter = 8.0
    /// Without a usable GL the program still shows its first page before it ends, waiting at most this long.
    public var glFailureGrace = 3000.0
    /// The texture side assumed until the GL tells its own (pages decoded larger are scaled down at upload).
    public var provisionalMaxTextureSize = 4096
    /// What the visitor reads on screen (placeholder pages, hints) is translated with this.
    public var translator = Translator.english
    /// Without input for this long (ms) the page corner lifts now and then to invite a touch; nil = never.
    public var attractAfter: Double?
    /// Time between attract-mode lifts, ms.
    public var attractPeriod = 6000.0
    /// The on-screen controls show all the time (else with the overlay); reach mode puts them and the shelf's
    /// covers in the lower part of the screen; large text for the overlay and the controls (AppCore+Controls).
    public var controlsAlways = false, reach = false, largeText = false

    public init() {}
}
