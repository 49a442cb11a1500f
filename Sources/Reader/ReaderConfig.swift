import Book
import Curl
import Gestures

/// Tunables of the reader (all have flags; see `recto --help`).
public struct ReaderConfig: Sendable, Equatable {
    public var spread: SpreadPreference = .auto
    public var rightToLeft = false
    /// Margin around the pages as a fraction of the window's shorter side.
    public var marginFraction = 0.02
    public var curl = CurlConfig()
    public var release = ReleasePolicy()
    public var spring = SpringConfig()
    /// About how long (ms) a turn takes to land from rest (a key or tap flip), set on the spring: ω·T is
    /// 10.5–11.6 for a flip across a page in 800×600 to 1920×1080 windows (settling to 0.25 px takes the log
    /// of the page's size), so ω = 11.2 / T; the default ω of 16 is 700 ms.
    public var turnDuration: Double {
        get { 11_200 / spring.frequency }
        set { spring.frequency = 11_200 / newValue }
    }
    public var zoom = ZoomConfig()
    /// The recognizer's tunables; grab zones are laid out with `gestures.grabSize`.
    public var gestures = GestureConfig()
    /// How far (px) a drag at the first or last page may pull the page before it stops following.
    public var rubberBandReach = 60.0
    /// Turns cross-fade instead of curling (a drag decides at release, and nothing moves under the finger).
    public var reducedMotion = false
    /// How long a cross-fade of reduced motion takes, ms.
    public var fadeDuration = 250.0

    public init() {}
}

/// What the reader reports for the event log (`--log-events`).
public enum ReaderEvent: Sendable, Equatable {
    public enum Phase: String, Sendable { case begin, commit, cancel }
    case flip(Phase, forward: Bool)
    /// The settled page number (from 1) changed.
    case page(Int)
    /// A zoom gesture settled: scale and rotation in degrees.
    case zoom(scale: Double, rotation: Double)
}
