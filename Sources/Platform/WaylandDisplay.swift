import CWaylandClient
import CWaylandProtocols
import Glibc
import Gestures
import Posix

/// The connection to the compositor and its globals, bound at the highest version both sides know.
@MainActor public final class WaylandDisplay {
    public let display: OpaquePointer
    private let registry: OpaquePointer
    private var registryListener: ListenerBox<wl_registry_listener>?
    private var wmBaseListener: ListenerBox<xdg_wm_base_listener>?

    private(set) var compositor: OpaquePointer?
    private(set) var compositorVersion: UInt32 = 0
    private(set) var wmBase: OpaquePointer?
    private(set) var viewporter: OpaquePointer?
    private(set) var fractionalScaleManager: OpaquePointer?
    private(set) var presentation: OpaquePointer?
    private var presentationListener: ListenerBox<wp_presentation_listener>?
    /// The clock of presentation timestamps (a clockid_t; -1 until the compositor says).
    public private(set) var presentationClock: Int32 = -1
    private(set) var pointerGestures: OpaquePointer?
    private(set) var shm: OpaquePointer?
    /// The arrow shown over the window when the pointer is used (loaded on first use).
    lazy var cursor = Cursor(display: self)
    private(set) var seats: [UInt32: Seat] = [:]
    private(set) var outputs: [UInt32: Output] = [:]

    /// Called once when the connection fails (socket closed, protocol error); the program exits with 3.
    public var onFatal: (@MainActor (DisplayError) -> Void)?
    /// Decoded input from every seat.
    public var onInput: (@MainActor (InputEvent) -> Void)?
    /// Kiosk mode hides the pointer cursor for good; touch input hides it until the pointer moves again.
    public var hideCursor = false
    /// Outputs appeared, disappeared or changed scale/mode.
    public var onOutputsChanged: (@MainActor () -> Void)?
    private var failed = false

    /// Connects to `$WAYLAND_DISPLAY` (or `name`) and binds the globals after one roundtrip.
    public init(name: String? = nil) throws {
        captureWaylandLog()
        guard let d = wl_display_connect(name) else {
            throw DisplayError("cannot connect to the Wayland display \(name ?? "(WAYLAND_DISPLAY)"): \(errnoText(errno))")
        }
        display = d
        guard let r = wl_display_get_registry(d) else {
            wl_display_disconnect(d)
            throw DisplayError("wl_display_get_registry failed")
        }
        registry = r
        let listener = ListenerBox(wl_registry_listener(
            global: { data, _, name, interface, version in
                guard let interface else { return }
                let iface = String(cString: interface)
                withOwner(data, WaylandDisplay.self) { $0.global(name: name, interface: iface, version: version) }
            },
            global_remove: { data, _, name in
                withOwner(data, WaylandDisplay.self) { $0.globalRemove(name: name) }
            }))
        registryListener = listener
        wl_registry_add_listener(r, listener.pointer, opaque(self))
        // Two roundtrips: globals, then the events of the objects bound from them (seat caps, output modes).
        guard wl_display_roundtrip(d) >= 0, wl_display_roundtrip(d) >= 0 else {
            throw DisplayError(describeDisplayError(d))
        }
        guard compositor != nil else { throw DisplayError("the compositor offers no wl_compositor") }
        guard wmBase != nil else { throw DisplayError("the compositor offers no xdg_wm_base (xdg-shell)") }
    }

    private func bindGlobal(_ name: UInt32, _ interface: UnsafePointer<wl_interface>, offered: UInt32, max: UInt32) -> OpaquePointer? {
        let version = min(offered, max)
        return OpaquePointer(wl_registry_bind(registry, name, interface, version))
    }

    private func global(name: UInt32, interface: String, version: UInt32) {
        switch interface {
        case "wl_compositor":
            compositorVersion = min(version, 4)
            compositor = bindGlobal(name, recto_wl_compositor_interface(), offered: version, max: 4)
        case "xdg_wm_base":
            wmBase = bindGlobal(name, recto_xdg_wm_base_interface(), offered: version, max: 2)
            let l = ListenerBox(xdg_wm_base_listener(ping: { _, base, serial in
                // Answer pings at once, even when busy: kiosk-shell marks unresponsive clients.
                xdg_wm_base_pong(base, serial)
            }))
            wmBaseListener = l
            xdg_wm_base_add_listener(wmBase, l.pointer, nil)
        case "wp_viewporter":
            viewporter = bindGlobal(name, recto_wp_viewporter_interface(), offered: version, max: 1)
        case "wp_fractional_scale_manager_v1":
            fractionalScaleManager = bindGlobal(name, recto_wp_fractional_scale_manager_v1_interface(), offered: version, max: 1)
        case "wp_presentation":
            presentation = bindGlobal(name, recto_wp_presentation_interface(), offered: version, max: 1)
            if let p = presentation {
                let l = ListenerBox(wp_presentation_listener(clock_id: { data, _, clock in
                    withOwner(data, WaylandDisplay.self) { $0.presentationClock = Int32(bitPattern: clock) }
                }))
                presentationListener = l
                wp_presentation_add_listener(p, l.pointer, opaque(self))
            }
        case "wl_shm":
            shm = bindGlobal(name, recto_wl_shm_interface(), offered: version, max: 1)
        case "zwp_pointer_gestures_v1":
            pointerGestures = bindGlobal(name, recto_zwp_pointer_gestures_v1_interface(), offered: version, max: 1)
        case "wl_seat":
            if let s = bindGlobal(name, recto_wl_seat_interface(), offered: version, max: 7) {
                seats[name] = Seat(proxy: s, version: min(version, 7), display: self)
            }
        case "wl_output":
            if let o = bindGlobal(name, recto_wl_output_interface(), offered: version, max: 4) {
                outputs[name] = Output(proxy: o, version: min(version, 4), display: self)
            }
        default:
            break
        }
    }

    private func globalRemove(name: UInt32) {
        if let seat = seats.removeValue(forKey: name) { seat.release() }
        if let output = outputs.removeValue(forKey: name) { output.release(); onOutputsChanged?() }
    }

    func outputChanged() { onOutputsChanged?() }

    func deliver(_ input: InputEvent) { onInput?(input) }

    /// Compositor timestamps (32-bit ms on a base the protocol leaves open) unwrapped into one continuous clock;
    /// the reader's core places them on its frame clock (`InputClock`).
    private var clock = EventClock()
    func time(_ t: UInt32) -> Double { clock.milliseconds(t) }

    /// Flushes requests; returns false when the socket is full (poll for POLLOUT and try again).
    func flush() -> Bool {
        if wl_display_flush(display) < 0 {
            if errno == EAGAIN { return false }
            // EPIPE: read what is left, since it may carry the protocol error that closed us.
            if errno == EPIPE { _ = wl_display_dispatch_pending(display) }
            fail()
        }
        return true
    }

    /// Reports the display's fatal error once.
    public func fail(_ error: DisplayError? = nil) {
        guard !failed else { return }
        failed = true
        onFatal?(error ?? DisplayError(describeDisplayError(display)))
    }

    /// All outputs currently known (name, scale, size), for `--output` and HiDPI.
    public var outputList: [Output] { outputs.sorted { $0.key < $1.key }.map(\.value) }

    func output(for proxy: OpaquePointer?) -> Output? { outputs.values.first { $0.proxy == proxy } }
}
