import Book
import Geometry
import Gestures
import Reader

/// A finger that picked up a page while turns wait (it comes after them) or whose turn would show pages not
/// decoded yet. Nothing moves until they are there: the page waits under the finger, then lifts from rest where
/// the finger is by then and comes to it within `Reader.catchUpDuration` (a page that jumped to the finger in one
/// frame would jump as far as the finger went meanwhile).
struct HeldDrag: Sendable {
    var begin: CurlBegin
    /// When the finger picked the page up.
    let pickedUp: Double
    /// The finger's newest position and that event's time.
    var position: Vec2
    var time: Double
    /// When it may begin: at once, or after the turn before it as long as the finger came after that turn's press.
    /// From then it waits at most `TurnGate.limit` for its pages, as a turn does.
    var since: Double
    /// When the core last looked: a deadline already passed is not one.
    var checkedAt = -Double.infinity

    init(begin: CurlBegin, at time: Double) {
        self.begin = begin
        pickedUp = time
        position = begin.position
        self.time = time
        since = time
        checkedAt = time
    }

    var deadline: Double? { [since, since + TurnGate.limit].first { $0 > checkedAt } }

    /// The turn asked for at `asked` went at `now`: this drag follows it as a waiting turn would.
    mutating func follows(turnAskedAt asked: Double, now: Double) {
        since = TurnGate.following(asked: pickedUp, before: asked, now: now)
    }

    /// The drag as it begins now: from where the finger is, at rest.
    var rebased: CurlBegin {
        CurlBegin(direction: begin.direction, grab: begin.grab, start: position, position: position, source: begin.source)
    }
}
