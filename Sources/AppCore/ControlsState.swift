import Gestures
import Panels

/// The page overlay and the keyboard focus, which moves over the controls shown with it.
struct ControlsState: Sendable {
    var overlay = OverlayPolicy()
    var focus = FocusState()
    /// The table of contents while it is open over the book (AppCore+Contents).
    var contents: ContentsState?
    /// "About this book" while it is open over the book (AppCore+About).
    var about: AboutState?
    /// Speech mode is on: a touch on a control moves the focus there and says it (AppCore+Explore). The one
    /// record of the mode: the speech key switches it, the idle reset gives it back to its setting
    /// (AppCore+Speech), and the shell asks it before anything is said.
    var speechMode = false
    /// The speech key held or let go (keypad 5's hold toggles speech mode, its press repeats).
    var speechKey = SpeechKey(holdMS: 1000)
    /// The item the stroke now down went down on while it already had the focus: its tap activates it.
    var armed: FocusItem?
    /// The page's recorded narration (AppCore+Narration).
    var narration = NarrationState()
    /// The book's layers shown and the note open (AppCore+Notes).
    var notes = NotesState()
    /// Which of the `languages` setting's languages the visitor reads in (AppCore+Language); 0 after the idle reset.
    var language = 0
    /// A visitor's choice not yet on screen (the layers, the language) and the time of the input that made it:
    /// the next frame committed shows it, and says so (`drawn`).
    var awaitingScreen: (what: String, since: Double)?

    var deadline: Double? { overlay.deadline }

    /// A thumb dragged by keys goes back (the focus left the scrubber); `page`: the page the book is on.
    mutating func cancelScrub(page: Int) {
        if overlay.scrub != nil { overlay.scrubber(.cancel, page: page) }
    }

    /// A touch or a click hides the focus (it shows again at the next key); Escape hides it too.
    mutating func hideFocus(on input: InputEvent, page: Int) {
        guard focus.visible else { return }
        switch input {
        // In speech mode a touch explores: the focus goes where it lands, it does not hide.
        case .touchDown, .pointerButton(_, true, _): if speechMode { return }
        case .key(Keysym.Escape, true, _, _): break
        default: return
        }
        focus.visible = false
        cancelScrub(page: page)
    }

    /// The next visitor starts without a focus (the idle reset).
    mutating func resetFocus(page: Int) {
        cancelScrub(page: page)
        focus = FocusState()
        armed = nil
    }
}
