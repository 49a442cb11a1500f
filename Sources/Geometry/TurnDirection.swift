/// Which way a page turns, in reading order (independent of left and right on screen): the one direction type of
/// the gestures (what a stroke means), the book (which leaf moves) and the reader.
public enum TurnDirection: Hashable, Sendable {
    /// The leaf lifts from its unturned position and lands on the facing side (next spread).
    case forward
    /// The leaf comes back from the facing side to its unturned position (previous spread).
    case backward
}
