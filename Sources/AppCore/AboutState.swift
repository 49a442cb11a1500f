import Book
import Geometry
import Gestures
import Occurrences
import Panels

/// "About this book" while it is open: the first line shown, and a finger or button on it.
struct AboutState: Sendable, Equatable {
    var scroll = 0
    /// Where the press on the panel went down and the first line then; `moved` once it scrolled.
    var pressStart: Vec2?
    var pressScroll = 0
    var pressMoved = false
    var pointer: Vec2?
    var fingers: Set<Int32> = []
}
