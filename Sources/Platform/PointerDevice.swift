import CWaylandClient
import CWaylandProtocols
import Geometry
import Gestures

/// wl_pointer (and its touchpad pinch, where zwp_pointer_gestures_v1 is offered) → InputEvent.
@MainActor final class PointerDevice {
    let proxy: OpaquePointer
    unowned let seat: Seat
    private var listener: ListenerBox<wl_pointer_listener>?
    private var pinch: OpaquePointer?
    private var pinchListener: ListenerBox<zwp_pointer_gesture_pinch_v1_listener>?
    /// value120 of the current frame, paired with the next axis event (v8 sends it first).
    private var pendingValue120: [Bool: Int32] = [:]
    private(set) var enterSerial: UInt32 = 0

    init(proxy: OpaquePointer, seat: Seat) {
        self.proxy = proxy
        self.seat = seat
        let l = ListenerBox(wl_pointer_listener(
            enter: { data, _, serial, _, x, y in
                withOwner(data, PointerDevice.self) { $0.enter(serial: serial, x: wl_fixed_to_double(x), y: wl_fixed_to_double(y)) }
            },
            leave: { data, _, _, _ in
                withOwner(data, PointerDevice.self) { $0.seat.display.deliver(.pointerLeave(time: monotonicMilliseconds())) }
            },
            motion: { data, _, time, x, y in
                withOwner(data, PointerDevice.self) {
                    $0.showCursor(true)
                    let d = $0.seat.display
                    d.deliver(.pointerMotion(position: Vec2(wl_fixed_to_double(x), wl_fixed_to_double(y)), time: d.time(time)))
                }
            },
            button: { data, _, _, time, button, state in
                withOwner(data, PointerDevice.self) {
                    let d = $0.seat.display
                    d.deliver(.pointerButton(button: button, pressed: state == WL_POINTER_BUTTON_STATE_PRESSED.rawValue, time: d.time(time)))
                }
            },
            axis: { data, _, time, axis, value in
                withOwner(data, PointerDevice.self) { $0.axis(time: time, axis: axis, value: wl_fixed_to_double(value)) }
            },
            frame: { data, _ in
                withOwner(data, PointerDevice.self) { $0.pendingValue120 = [:]; $0.seat.display.deliver(.pointerFrame) }
            },
            axis_source: { _, _, _ in },
            axis_stop: { _, _, _, _ in },
            axis_discrete: { data, _, axis, discrete in
                withOwner(data, PointerDevice.self) {
                    $0.pendingValue120[axis == WL_POINTER_AXIS_VERTICAL_SCROLL.rawValue] = discrete * 120
                }
            },
            axis_value120: { data, _, axis, value120 in
                withOwner(data, PointerDevice.self) {
                    $0.pendingValue120[axis == WL_POINTER_AXIS_VERTICAL_SCROLL.rawValue] = value120
                }
            }))
        listener = l
        wl_pointer_add_listener(proxy, l.pointer, opaque(self))
        if let gestures = seat.display.pointerGestures,
           let p = zwp_pointer_gestures_v1_get_pinch_gesture(gestures, proxy) {
            pinch = p
            let pl = ListenerBox(zwp_pointer_gesture_pinch_v1_listener(
                begin: { data, _, _, time, _, fingers in
                    withOwner(data, PointerDevice.self) { let d = $0.seat.display; d.deliver(.pinchBegin(fingers: fingers, time: d.time(time))) }
                },
                update: { data, _, time, dx, dy, scale, rotation in
                    withOwner(data, PointerDevice.self) {
                        let d = $0.seat.display
                        d.deliver(.pinchUpdate(delta: Vec2(wl_fixed_to_double(dx), wl_fixed_to_double(dy)),
                                               scale: wl_fixed_to_double(scale),
                                               rotation: wl_fixed_to_double(rotation), time: d.time(time)))
                    }
                },
                end: { data, _, _, time, cancelled in
                    withOwner(data, PointerDevice.self) { let d = $0.seat.display; d.deliver(.pinchEnd(cancelled: cancelled != 0, time: d.time(time))) }
                }))
            pinchListener = pl
            zwp_pointer_gesture_pinch_v1_add_listener(p, pl.pointer, opaque(self))
        }
    }

    private var cursorShown: Bool?

    private func enter(serial: UInt32, x: Double, y: Double) {
        enterSerial = serial
        cursorShown = nil
        showCursor(!seat.touchActive)
        seat.display.deliver(.pointerEnter(position: Vec2(x, y)))
    }

    /// The arrow is hidden in kiosk mode, and after touch input until the pointer moves again.
    func showCursor(_ wanted: Bool) {
        let visible = wanted && !seat.display.hideCursor
        guard enterSerial != 0, cursorShown != visible else { return }
        cursorShown = visible
        if visible { seat.touchActive = false }
        seat.display.cursor.apply(to: proxy, serial: enterSerial, visible: visible)
    }

    private func axis(time: UInt32, axis: UInt32, value: Double) {
        let vertical = axis == WL_POINTER_AXIS_VERTICAL_SCROLL.rawValue
        seat.display.deliver(.pointerAxis(axis: vertical ? .vertical : .horizontal, value: value,
                                          value120: pendingValue120[vertical], time: seat.display.time(time)))
    }

    func release() {
        if let pinch { zwp_pointer_gesture_pinch_v1_destroy(pinch) }
        pinch = nil
        if seat.version >= 3 { wl_pointer_release(proxy) } else { wl_pointer_destroy(proxy) }
    }
}
