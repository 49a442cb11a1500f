import Book
import Curl
import Geometry
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
    /// How long (ms) a turn takes to land from rest (a key or tap flip), set on the spring (`SpringConfig`).
    public var turnDuration: Double {
        get { spring.turnDuration }
        set { spring = SpringConfig(turnDuration: newValue, settleDistance: spring.settleDistance) }
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
    /// Pages before the cover, each shown alone in double spreads (`SpreadLayout.spineOffset`): the book's own.
    public var spineOffset = 0

    public init() {}
}

/// What the reader reports for the event log (`--log-events`).
public enum ReaderEvent: Sendable, Equatable {
    public enum Phase: String, Sendable { case begin, commit, cancel }
    case flip(Phase, TurnDirection)
    /// The settled page number (from 1) changed.
    case page(Int)
    /// A zoom gesture settled: scale and rotation in degrees.
    case zoom(scale: Double, rotation: Double)
}
