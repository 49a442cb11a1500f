import Book
import Geometry
import Panels

/// The layers shown and the note whose card is open; back to the notes alone, no card, at the idle reset.
struct NotesState: Sendable, Equatable {
    var layers = NoteLayers.notes
    var open: NoteRef?
    /// The panel's first line shown, and the spread it was scrolled on (another spread starts at its top).
    var scroll = 0
    var scrolledSpread: [Int] = []
    /// The first line when the finger now on the panel went down.
    var scrollAtDown = 0
}
