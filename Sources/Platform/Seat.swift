import CWaylandClient
import CWaylandProtocols

/// A wl_seat whose touch, pointer and keyboard come and go with its capabilities.
@MainActor final class Seat {
    let proxy: OpaquePointer
    let version: UInt32
    unowned let display: WaylandDisplay
    private var listener: ListenerBox<wl_seat_listener>?
    private var touch: TouchDevice?
    private var pointer: PointerDevice?
    private var keyboard: KeyboardDevice?
    /// The last input was touch: the pointer's arrow stays hidden until the pointer moves.
    var touchActive = false

    func touched() {
        touchActive = true
        pointer?.showCursor(false)
    }

    init(proxy: OpaquePointer, version: UInt32, display: WaylandDisplay) {
        self.proxy = proxy
        self.version = version
        self.display = display
        let l = ListenerBox(wl_seat_listener(
            capabilities: { data, _, caps in
                withOwner(data, Seat.self) { $0.capabilities(caps) }
            },
            name: { _, _, _ in }))
        listener = l
        wl_seat_add_listener(proxy, l.pointer, opaque(self))
    }

    private func capabilities(_ caps: UInt32) {
        let hasTouch = caps & WL_SEAT_CAPABILITY_TOUCH.rawValue != 0
        let hasPointer = caps & WL_SEAT_CAPABILITY_POINTER.rawValue != 0
        let hasKeyboard = caps & WL_SEAT_CAPABILITY_KEYBOARD.rawValue != 0
        if hasTouch, touch == nil, let t = wl_seat_get_touch(proxy) {
            touch = TouchDevice(proxy: t, seat: self)
        } else if !hasTouch, let t = touch {
            // Fingers that were down are gone with the device: end their gestures.
            t.release()
            touch = nil
            display.deliver(.touchCancel(time: monotonicMilliseconds()))
        }
        if hasPointer, pointer == nil, let p = wl_seat_get_pointer(proxy) {
            pointer = PointerDevice(proxy: p, seat: self)
        } else if !hasPointer, let p = pointer {
            p.release()
            pointer = nil
            display.deliver(.pointerLeave(time: monotonicMilliseconds()))
        }
        if hasKeyboard, keyboard == nil, let k = wl_seat_get_keyboard(proxy) {
            keyboard = KeyboardDevice(proxy: k, seat: self)
        } else if !hasKeyboard, let k = keyboard {
            k.release()
            keyboard = nil
        }
    }

    func release() {
        touch?.release(); touch = nil
        pointer?.release(); pointer = nil
        keyboard?.release(); keyboard = nil
        if version >= 5 { wl_seat_release(proxy) } else { wl_seat_destroy(proxy) }
    }
}
