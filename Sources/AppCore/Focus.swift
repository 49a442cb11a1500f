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
