/// Input decoded from Wayland, in surface-local logical pixels (origin top-left, y down) with the
/// compositor's millisecond timestamps. The application turns these into gesture events.
public enum PlatformInput: Sendable, Equatable {
    case touchDown(id: Int32, x: Double, y: Double, time: UInt32)
    case touchMotion(id: Int32, x: Double, y: Double, time: UInt32)
    case touchUp(id: Int32, time: UInt32)
    case touchFrame
    case touchCancel
    case pointerEnter(x: Double, y: Double)
    case pointerLeave
    case pointerMotion(x: Double, y: Double, time: UInt32)
    /// Linux input button code (BTN_LEFT = 0x110).
    case pointerButton(button: UInt32, pressed: Bool, time: UInt32)
    /// `vertical` true for the wheel; `value` in surface pixels; `value120` where the compositor offers it.
    case pointerAxis(vertical: Bool, value: Double, value120: Int32?, time: UInt32)
    case pointerFrame
    case pinchBegin(fingers: UInt32, time: UInt32)
    /// `scale` relative to the pinch's start; `rotation` in degrees, relative to the previous update.
    case pinchUpdate(dx: Double, dy: Double, scale: Double, rotation: Double, time: UInt32)
    case pinchEnd(cancelled: Bool, time: UInt32)
    case key(keysym: UInt32, pressed: Bool, modifiers: KeyModifiers, time: UInt32)
}

/// Modifier state from xkbcommon at the time of a key event.
public struct KeyModifiers: OptionSet, Sendable, Hashable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }
    public static let shift = KeyModifiers(rawValue: 1)
    public static let ctrl = KeyModifiers(rawValue: 2)
    public static let alt = KeyModifiers(rawValue: 4)
    public static let logo = KeyModifiers(rawValue: 8)
}
