import Geometry

/// One input event as the platform layer decodes it from Wayland, with no Wayland types left in it.
///
/// Positions are surface-local pixels (origin top-left, y down) in the same space as `GestureContext`.
/// `time` is the compositor's event timestamp in milliseconds, unwrapped to a `Double` with `EventClock`
/// (Wayland's `UInt32` milliseconds wrap every 49.7 days), on a base the protocol leaves open; `InputClock`
/// moves it onto the frame clock before the recognizer sees it. `GestureRecognizer.tick(now:)` takes times on
/// the clock its events carry.
public enum InputEvent: Sendable, Hashable {
    /// `wl_touch.down`: a new touch point `id` at `position`.
    case touchDown(id: Int32, position: Vec2, time: Double)
    /// `wl_touch.motion` of a known touch point.
    case touchMotion(id: Int32, position: Vec2, time: Double)
    /// `wl_touch.up`. Wayland gives no position here: the last motion's position counts.
    case touchUp(id: Int32, time: Double)
    /// `wl_touch.frame`. Accepted but not required: weston 10 sends none after the last up, so nothing waits for it.
    case touchFrame
    /// `wl_touch.cancel`: the compositor took every touch point; all touch gestures are cancelled. The protocol
    /// gives no timestamp: `time` is when the client received it, on the frame clock.
    case touchCancel(time: Double)

    /// `wl_pointer.enter` at `position`.
    case pointerEnter(position: Vec2)
    /// `wl_pointer.leave`: a pointer drag in progress is cancelled; `time` as for `touchCancel`.
    case pointerLeave(time: Double)
    case pointerMotion(position: Vec2, time: Double)
    /// `wl_pointer.button` with a Linux input-event code (`PointerButton`).
    case pointerButton(button: UInt32, pressed: Bool, time: Double)
    /// `wl_pointer.axis`. `value` is in the protocol's continuous units (positive = down / right);
    /// `value120` is the wheel's high-resolution step count (120 per notch) from `axis_value120`, or
    /// `axis_discrete × 120` on seat versions 5–7, or nil when the source is continuous (touchpad, knob).
    case pointerAxis(axis: Axis, value: Double, value120: Int32?, time: Double)
    /// `wl_pointer.frame`. Accepted; axis events are handled as they come, so nothing waits for it.
    case pointerFrame

    /// `zwp_pointer_gesture_pinch_v1.begin`.
    case pinchBegin(fingers: UInt32, time: Double)
    /// `zwp_pointer_gesture_pinch_v1.update`: `delta` is the midpoint motion since the previous event (px),
    /// `scale` is absolute relative to the begin, `rotation` is the change since the previous event in degrees
    /// (clockwise on screen), exactly as the protocol defines them.
    case pinchUpdate(delta: Vec2, scale: Double, rotation: Double, time: Double)
    case pinchEnd(cancelled: Bool, time: Double)

    /// A key press or release, as an xkb keysym (see `Keysym`) with the modifiers active at that moment.
    /// Key repeat is the platform's choice: a synthesized repeat is just another `pressed: true`.
    case key(keysym: UInt32, pressed: Bool, modifiers: Modifiers, time: Double)
    /// `wl_keyboard.modifiers` (send `[]` on `wl_keyboard.leave`): Ctrl+wheel needs the current state.
    case modifiers(Modifiers)

    /// The event's timestamp (ms); nil only for events that cause no intent.
    public var time: Double? {
        switch self {
        case .touchDown(_, _, let t), .touchMotion(_, _, let t), .touchUp(_, let t),
             .pointerMotion(_, let t), .pointerButton(_, _, let t), .pointerAxis(_, _, _, let t),
             .pinchBegin(_, let t), .pinchUpdate(_, _, _, let t), .pinchEnd(_, let t), .key(_, _, _, let t),
             .touchCancel(let t), .pointerLeave(let t):
            return t
        case .touchFrame, .pointerEnter, .pointerFrame, .modifiers:
            return nil
        }
    }
}

extension InputEvent {
    /// The same event with its time passed through `f` (events without a time unchanged).
    public func retimed(_ f: (Double) -> Double) -> InputEvent {
        switch self {
        case let .touchDown(id, p, t): .touchDown(id: id, position: p, time: f(t))
        case let .touchMotion(id, p, t): .touchMotion(id: id, position: p, time: f(t))
        case let .touchUp(id, t): .touchUp(id: id, time: f(t))
        case let .touchCancel(t): .touchCancel(time: f(t))
        case let .pointerLeave(t): .pointerLeave(time: f(t))
        case let .pointerMotion(p, t): .pointerMotion(position: p, time: f(t))
        case let .pointerButton(b, pressed, t): .pointerButton(button: b, pressed: pressed, time: f(t))
        case let .pointerAxis(axis, value, steps, t): .pointerAxis(axis: axis, value: value, value120: steps, time: f(t))
        case let .pinchBegin(fingers, t): .pinchBegin(fingers: fingers, time: f(t))
        case let .pinchUpdate(delta, scale, rotation, t):
            .pinchUpdate(delta: delta, scale: scale, rotation: rotation, time: f(t))
        case let .pinchEnd(cancelled, t): .pinchEnd(cancelled: cancelled, time: f(t))
        case let .key(sym, pressed, mods, t): .key(keysym: sym, pressed: pressed, modifiers: mods, time: f(t))
        case .touchFrame, .pointerEnter, .pointerFrame, .modifiers: self
        }
    }
}

/// A scroll axis of `wl_pointer.axis`.
public enum Axis: Sendable, Hashable { case vertical, horizontal }

/// Keyboard modifiers that matter to the reader (from xkb's effective state).
public struct Modifiers: OptionSet, Sendable, Hashable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }
    public static let ctrl = Modifiers(rawValue: 1 << 0)
    public static let shift = Modifiers(rawValue: 1 << 1)
    public static let alt = Modifiers(rawValue: 1 << 2)
    public static let logo = Modifiers(rawValue: 1 << 3)
}

/// Linux input-event button codes (linux/input-event-codes.h) that the recognizer reacts to.
public enum PointerButton {
    public static let left: UInt32 = 0x110
    public static let right: UInt32 = 0x111
    public static let middle: UInt32 = 0x112
    /// "Back" thumb button: turns backward.
    public static let side: UInt32 = 0x113
    /// "Forward" thumb button: turns forward.
    public static let extra: UInt32 = 0x114
}

/// The xkb keysyms the recognizer maps (values from xkbcommon-keysyms.h).
public enum Keysym {
    public static let space: UInt32 = 0x0020
    public static let plus: UInt32 = 0x002b
    public static let minus: UInt32 = 0x002d
    public static let zero: UInt32 = 0x0030
    public static let equal: UInt32 = 0x003d
    public static let Q: UInt32 = 0x0051
    public static let q: UInt32 = 0x0071
    public static let BackSpace: UInt32 = 0xff08
    public static let Escape: UInt32 = 0xff1b
    public static let Home: UInt32 = 0xff50
    public static let Left: UInt32 = 0xff51
    public static let Up: UInt32 = 0xff52
    public static let Right: UInt32 = 0xff53
    public static let Down: UInt32 = 0xff54
    public static let Page_Up: UInt32 = 0xff55
    public static let Page_Down: UInt32 = 0xff56
    public static let End: UInt32 = 0xff57
    public static let KP_Home: UInt32 = 0xff95
    public static let KP_Left: UInt32 = 0xff96
    public static let KP_Right: UInt32 = 0xff98
    public static let KP_Prior: UInt32 = 0xff9a
    public static let KP_Next: UInt32 = 0xff9b
    public static let KP_End: UInt32 = 0xff9c
    public static let KP_Add: UInt32 = 0xffab
    public static let KP_Subtract: UInt32 = 0xffad
    public static let KP_0: UInt32 = 0xffb0
    public static let KP_2: UInt32 = 0xffb2
    public static let KP_4: UInt32 = 0xffb4
    public static let KP_6: UInt32 = 0xffb6
    public static let KP_8: UInt32 = 0xffb8
    /// The speech key: keypad 5 with NumLock on (KP_5) and off (KP_Begin), and the `speech-key = keypad-multiply`
    /// choice.
    public static let KP_5: UInt32 = 0xffb5
    public static let KP_Begin: UInt32 = 0xff9d
    public static let KP_Multiply: UInt32 = 0xffaa
    public static let KP_Up: UInt32 = 0xff97
    public static let KP_Down: UInt32 = 0xff99
    public static let KP_Insert: UInt32 = 0xff9e
    public static let KP_Enter: UInt32 = 0xff8d
    public static let Return: UInt32 = 0xff0d
    public static let Tab: UInt32 = 0xff09
    /// Shift+Tab under most keymaps.
    public static let ISO_Left_Tab: UInt32 = 0xfe20
}

/// Unwraps Wayland's 32-bit millisecond timestamps into a continuous `Double` millisecond clock.
///
/// Each timestamp is taken as the value nearest the previous one (a signed 32-bit difference), so the
/// wrap at 2³² ms is crossed smoothly and slightly out-of-order events (different devices) step back a little
/// instead of jumping 49.7 days. The first timestamp maps to its own value: the base means nothing here
/// (`InputClock` finds where the times lie on the frame clock).
public struct EventClock: Sendable {
    private var last: UInt32?
    private var current = 0.0

    public init() {}

    public mutating func milliseconds(_ t: UInt32) -> Double {
        guard let previous = last else {
            last = t
            current = Double(t)
            return current
        }
        current += Double(Int32(bitPattern: t &- previous))
        last = t
        return current
    }
}
