import Gestures
import Panels

/// What the keyboard focus can rest on: an on-screen control, a cover on the shelf, a link on a page (its page and
/// its place among the page's links), or a note's marker.
public enum FocusItem: Sendable, Hashable {
    case control(ControlAction)
    case cover(Int)
    case link(page: Int, index: Int)
    /// A note's marker: Enter opens its card.
    case note(NoteRef)
}

/// What a key does to the focus (the rest of the keys go to the recognizer as before).
enum FocusCommand: Sendable, Equatable {
    /// Move along the focus order (+1 next, −1 previous), showing the focus first if hidden.
    case move(Int)
    /// Activate the focused item (Enter, keypad Enter; space while the focus shows); shows the focus if hidden.
    case activate
    /// Move the focused scrubber's thumb by this many pages in reading order.
    case scrub(Int)
    /// Keypad 0: back to the shelf, else to the cover.
    case home
}

/// The keyboard focus: which item it rests on and whether it is shown (it shows from the first key that moves
/// it, and hides on a touch or click, as the web's :focus-visible). Which items exist is never stored: the
/// order is built from the screen as it is for each key (`AppCore.focusOrder`), so it cannot go stale.
struct FocusState: Sendable {
    var item: FocusItem?
    var visible = false

    /// The item `step` places from `item` in `order`, wrapping around at the ends (Tab from the last control
    /// goes back to the first: nothing traps it, and Escape or a touch hides it). Hidden, or resting on an item no
    /// longer on screen: the item itself when still there, else the first (forward) or the last (backward).
    static func moved(from item: FocusItem?, visible: Bool, by step: Int, in order: [FocusItem]) -> FocusItem? {
        guard !order.isEmpty else { return nil }
        guard let item, let i = order.firstIndex(of: item) else { return step >= 0 ? order.first : order.last }
        guard visible else { return item }
        let n = order.count
        return order[((i + step) % n + n) % n]
    }

    /// The command for a key press; nil leaves the key to the shelf's paging and the recognizer.
    /// `onScrubber`: the focus shows on the scrubber. `shelfShown`: the shelf is on screen.
    static func command(for input: InputEvent, visible: Bool, onScrubber: Bool, shelfShown: Bool,
                        rightToLeft: Bool) -> FocusCommand? {
        guard case let .key(sym, true, mods, _) = input,
              !mods.contains(.ctrl), !mods.contains(.alt), !mods.contains(.logo) else { return nil }
        // Arrows follow the screen: Right moves to the item on the right, which is back in reading order in a
        // right-to-left book.
        let rightward = rightToLeft ? -1 : 1
        switch sym {
        case Keysym.Tab: return .move(mods.contains(.shift) ? -1 : 1)
        case Keysym.ISO_Left_Tab: return .move(-1)
        case Keysym.Return, Keysym.KP_Enter: return .activate
        case Keysym.space: return visible ? .activate : nil
        case Keysym.KP_0, Keysym.KP_Insert: return .home
        case Keysym.Left, Keysym.Right:
            guard visible else { return nil }
            let step = sym == Keysym.Right ? rightward : -rightward
            return onScrubber ? .scrub(step) : .move(step)
        case Keysym.Up, Keysym.Down:
            guard visible else { return nil }
            return .move(sym == Keysym.Down ? 1 : -1)
        // On the shelf the keypad's 4 and 6 move over the covers (there is no page to turn), Enter opens.
        case Keysym.KP_4, Keysym.KP_Left, Keysym.KP_6, Keysym.KP_Right:
            guard shelfShown else { return nil }
            let right = sym == Keysym.KP_6 || sym == Keysym.KP_Right
            return .move(right ? 1 : -1)
        default: return nil
        }
    }
}

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
