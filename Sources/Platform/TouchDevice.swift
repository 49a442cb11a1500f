import CWaylandClient
import Geometry
import Gestures

/// wl_touch → InputEvent. Weston 10 sends no `frame` after the last `up`; consumers must not wait for it.
@MainActor final class TouchDevice {
    let proxy: OpaquePointer
    unowned let seat: Seat
    private var listener: ListenerBox<wl_touch_listener>?

    init(proxy: OpaquePointer, seat: Seat) {
        self.proxy = proxy
        self.seat = seat
        let l = ListenerBox(wl_touch_listener(
            down: { data, _, _, time, _, id, x, y in
                withOwner(data, TouchDevice.self) {
                    $0.seat.touched()
                    let d = $0.seat.display
                    d.deliver(.touchDown(id: id, position: Vec2(wl_fixed_to_double(x), wl_fixed_to_double(y)), time: d.time(time)))
                }
            },
            up: { data, _, _, time, id in
                withOwner(data, TouchDevice.self) { let d = $0.seat.display; d.deliver(.touchUp(id: id, time: d.time(time))) }
            },
            motion: { data, _, time, id, x, y in
                withOwner(data, TouchDevice.self) {
                    let d = $0.seat.display
                    d.deliver(.touchMotion(id: id, position: Vec2(wl_fixed_to_double(x), wl_fixed_to_double(y)), time: d.time(time)))
                }
            },
            frame: { data, _ in
                withOwner(data, TouchDevice.self) { $0.seat.display.deliver(.touchFrame) }
            },
            cancel: { data, _ in
                withOwner(data, TouchDevice.self) { $0.seat.display.deliver(.touchCancel(time: monotonicMilliseconds())) }
            },
            shape: { _, _, _, _, _ in },
            orientation: { _, _, _, _ in }))
        listener = l
        wl_touch_add_listener(proxy, l.pointer, opaque(self))
    }

    func release() {
        if seat.version >= 3 { wl_touch_release(proxy) } else { wl_touch_destroy(proxy) }
    }
}
