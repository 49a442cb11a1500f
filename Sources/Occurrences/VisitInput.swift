import Geometry
import Reader

/// What the recorder hears, in small typed values: nothing identifies a visitor, no touch positions are kept.
public enum VisitInput: Sendable, Equatable {
    /// A touch, key, button or wheel event (its kind and position are not kept).
    case input
    /// A book was opened; `name` is its file name, not its path.
    case book(String)
    /// The page now shown (a spread is counted under its first page).
    case page(Int)
    /// A page turn that completed.
    case turn(TurnKind)
    /// The view came to rest at `scale` (1: fit); `centre`: the point under the window's centre (nil when it
    /// lies on no page).
    case zoom(scale: Double, centre: PagePoint?)
    /// The page overlay was shown.
    case overlay
    /// The scrubber took the reader to another page.
    case scrubber
    /// The reader went back to its cover (or shelf) after the idle timeout or on request.
    case idleReset
    case attractBegan
    case attractEnded
    /// The idle reset now in force (ms, nil: never), changed while the reader runs: visits end by it from now on.
    case idleTimeout(Double?)
    /// A page's recorded narration began (`captioned`: with captions on screen).
    case narration(captioned: Bool)
    /// A narration ended after `ms` of it were heard.
    case narrationHeard(ms: Double)
    /// The layers control was used, a note's card opened, the table of contents opened, a language chosen.
    case layers
    case noteOpened
    case contentsOpened
    /// "About this book" opened.
    case aboutOpened
    case language(String)
}
