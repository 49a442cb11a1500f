import Geometry
import Gestures
import Panels

/// Explore by touch: while speech mode is on, a touch on a control (a button, the home control, the
/// scrubber, a shelf cover) does not act. It moves the focus there, ring and all, and the focus is said ("Next
/// page, 6 of 6"); a finger sliding on from a control says each control it enters. The next tap on the item that
/// has the focus acts, as Enter would. Page gestures (curls, drags, pinches, the double tap) work as without
/// speech mode, for a companion who turns; a single tap on the page says the page again instead of turning it
/// or showing the overlay. The row of controls shows for as long as speech mode is on, whatever `controls`
/// says, so that a touch can find it. Off, strokes go where they always went.
extension AppCore {
    /// Speech mode switched (AppCore+Speech): the row of controls shows or hides with it, and a
    /// stroke half done keeps no stale arming.
    mutating func speechModeSwitched(on: Bool) {
        controls.speechMode = on
        controls.armed = nil
    }

    /// An intent the recognizer made from input: in speech mode, control strokes explore and page taps say the
    /// page; everything else (and all of it when speech mode is off) is dispatched as it is.
    mutating func recognized(_ timed: TimedIntent) -> [AppEffect] {
        guard controls.speechMode else { return dispatch(timed) }
        switch timed.intent {
        case .control(let stroke):
            if let explored = explore(stroke, at: timed.time) { return explored }
        case .turn(_, cause: .tap), .middleTap:
            return [.occurred(.pageAsked(page: reader.page))]
        default: break
        }
        return dispatch(timed)
    }

    /// What a control stroke does in speech mode; nil: what it does without (the armed item's tap, the
    /// scrubber's strokes once it has the focus, the shelf's drags).
    private mutating func explore(_ stroke: ControlStroke, at time: Double) -> [AppEffect]? {
        guard let item = Self.focusItem(of: stroke.control) else { return exploreShelf(stroke, at: time) }
        let armed = controls.armed == item
        // The scrubber, once focused, is dragged and tapped as ever: a tap jumps where it lands.
        let scrubs = armed && item == .control(.scrubber)
        switch stroke.phase {
        case .down:
            guard controls.focus.visible, controls.focus.item == item else {
                controls.armed = nil
                return touchFocus(item)
            }
            controls.armed = item
            return item == .control(.scrubber) ? nil : []
        case .move, .drag:
            if scrubs { return nil }
            guard let under = focusItem(at: stroke.position, now: time), under != controls.focus.item else { return [] }
            controls.armed = nil
            return touchFocus(under)
        case .tap, .lift, .cancel:
            controls.armed = nil
            return armed ? nil : []
        }
    }

    /// A stroke on the shown shelf: the cover it goes down on takes the focus and is said; a tap on the cover
    /// that had the focus opens it. The shelf still follows the stroke, so a drag pages it as ever.
    private mutating func exploreShelf(_ stroke: ControlStroke, at time: Double) -> [AppEffect]? {
        guard let s = shelf, s.visible, let layout = shelfLayout else { return nil }
        switch stroke.phase {
        case .down:
            controls.armed = nil
            guard let book = layout.book(at: stroke.start, scroll: s.scroll(at: time, layout: layout).x),
                  s.books[book].problem == nil else { return nil }
            let item = FocusItem.cover(book)
            var out: [AppEffect] = []
            if controls.focus.visible && controls.focus.item == item { controls.armed = item } else { out = touchFocus(item) }
            return out + shelfStroke(stroke, at: time)
        case .tap:
            defer { controls.armed = nil }
            if controls.armed != nil { return nil }
            shelf?.letGo()
            return []
        case .move, .drag, .lift, .cancel:
            if stroke.phase != .move { controls.armed = nil }
            return nil
        }
    }

    /// The focus goes to `item` (shown), which is said with its place in the focus order.
    private mutating func touchFocus(_ item: FocusItem) -> [AppEffect] {
        let order = focusOrder
        if item != controls.focus.item { controls.cancelScrub(page: reader.page) }
        controls.focus.item = item
        controls.focus.visible = true
        return [.occurred(.focus(label: label(of: item), index: order.firstIndex(of: item) ?? 0, count: order.count))]
    }

    /// The focus item a control stroke belongs to (nil: the shelf, whose covers are found by place).
    private static func focusItem(of control: ScreenControl) -> FocusItem? {
        switch control {
        case .home: .control(.home)
        case .scrubber: .control(.scrubber)
        case .button(let raw): ControlAction(rawValue: raw).map(FocusItem.control)
        case .shelf, .panel: nil
        }
    }

    /// The control under `p` as the screen is now (a finger sliding over the row).
    private func focusItem(at p: Vec2, now: Double) -> FocusItem? {
        let bar = controlBar
        return focusOrder.first { rect(of: $0, bar: bar, now: now)?.contains(p) == true }
    }
}
