import CWaylandClient
import CWaylandProtocols

/// The full-screen xdg_toplevel: configure handling, scale, and frame-callback pacing.
///
/// Nothing is drawn before the first configure is acked. A configure of 0×0 means "choose": the window
/// keeps its previous size (or a default before any). The buffer has the output's physical pixels:
/// integer scales through wl_surface.set_buffer_scale, fractional ones through wp_viewporter.
@MainActor public final class Window {
    unowned let display: WaylandDisplay
    public let surface: OpaquePointer
    private let xdgSurface: OpaquePointer
    private let toplevel: OpaquePointer
    private var viewport: OpaquePointer?
    private var fractional: OpaquePointer?
    private var surfaceListener: ListenerBox<wl_surface_listener>?
    private var xdgSurfaceListener: ListenerBox<xdg_surface_listener>?
    private var toplevelListener: ListenerBox<xdg_toplevel_listener>?
    private var fractionalListener: ListenerBox<wp_fractional_scale_v1_listener>?
    private var frameListener: ListenerBox<wl_callback_listener>?
    private var frameCallback: OpaquePointer?
    private var enteredOutputs: [OpaquePointer] = []
    private var pendingSize: (Int32, Int32) = (0, 0)
    /// Preferred fractional scale ×120 (wp_fractional_scale_v1), 0 when not offered.
    private var fractionalScale120: UInt32 = 0

    public private(set) var isConfigured = false
    private let fullscreenOutput: Output?
    /// Logical size (surface coordinates).
    public private(set) var width: Int32 = 0
    public private(set) var height: Int32 = 0
    /// Buffer pixels per logical pixel.
    public private(set) var scale: Double = 1
    /// True while a frame callback is outstanding: do not draw until it fires.
    public var framePending: Bool { frameCallback != nil }

    /// Size or scale changed (after the configure was acked); the caller resizes its buffer and redraws.
    public var onResize: (@MainActor () -> Void)?
    /// The compositor asked the window to close.
    public var onClose: (@MainActor () -> Void)?
    /// The frame callback fired: the compositor repainted with the last frame.
    public var onFrame: (@MainActor () -> Void)?

    /// Extra factor on the buffer while the page moves on a slow renderer (1 = full resolution); the
    /// compositor scales the smaller buffer up through wp_viewporter.
    public private(set) var motionFactor: Double = 1

    /// Buffer pixels per logical pixel as rendered now (output scale × motion factor).
    public var renderScale: Double { scale * motionFactor }
    public var bufferWidth: Int32 { max(1, Int32((Double(width) * renderScale).rounded())) }
    public var bufferHeight: Int32 { max(1, Int32((Double(height) * renderScale).rounded())) }
    /// The buffer's size at full resolution (motion factor 1): the most a frame needs.
    public var fullBufferWidth: Int32 { max(1, Int32((Double(width) * scale).rounded())) }
    public var fullBufferHeight: Int32 { max(1, Int32((Double(height) * scale).rounded())) }

    /// Renders at `factor` of full resolution until set back to 1; takes effect with the next commit.
    /// Returns false when the compositor offers no wp_viewporter.
    @discardableResult
    public func setMotionFactor(_ factor: Double) -> Bool {
        guard viewport != nil else { return false }
        let f = min(1, max(0.25, factor))
        guard f != motionFactor else { return true }
        motionFactor = f
        applyScale()
        return true
    }

    public init(display: WaylandDisplay, title: String, appID: String, output: Output?,
                defaultSize: (Int32, Int32) = (1280, 800)) throws {
        self.display = display
        guard let compositor = display.compositor, let wm = display.wmBase,
              let s = wl_compositor_create_surface(compositor) else {
            throw DisplayError("cannot create a wl_surface")
        }
        surface = s
        guard let xs = xdg_wm_base_get_xdg_surface(wm, s), let tl = xdg_surface_get_toplevel(xs) else {
            throw DisplayError("cannot create an xdg_toplevel")
        }
        xdgSurface = xs
        toplevel = tl
        fullscreenOutput = output
        pendingSize = defaultSize
        width = defaultSize.0
        height = defaultSize.1

        let sl = ListenerBox(wl_surface_listener(
            enter: { data, _, output in withOwner(data, Window.self) { $0.enter(output) } },
            leave: { data, _, output in withOwner(data, Window.self) { $0.leave(output) } }))
        surfaceListener = sl
        wl_surface_add_listener(s, sl.pointer, opaque(self))

        let xl = ListenerBox(xdg_surface_listener(configure: { data, xs, serial in
            withOwner(data, Window.self) { $0.configure(serial: serial) }
        }))
        xdgSurfaceListener = xl
        xdg_surface_add_listener(xs, xl.pointer, opaque(self))

        let tll = ListenerBox(xdg_toplevel_listener(
            configure: { data, _, w, h, _ in withOwner(data, Window.self) { $0.pendingSize = (w, h) } },
            close: { data, _ in withOwner(data, Window.self) { $0.onClose?() } },
            configure_bounds: { _, _, _, _ in },
            wm_capabilities: { _, _, _ in }))
        toplevelListener = tll
        xdg_toplevel_add_listener(tl, tll.pointer, opaque(self))

        if let vp = display.viewporter { viewport = wp_viewporter_get_viewport(vp, s) }
        if let fm = display.fractionalScaleManager, viewport != nil,
           let f = wp_fractional_scale_manager_v1_get_fractional_scale(fm, s) {
            fractional = f
            let fl = ListenerBox(wp_fractional_scale_v1_listener(preferred_scale: { data, _, scale in
                withOwner(data, Window.self) { $0.fractionalScale120 = scale; $0.updateScale() }
            }))
            fractionalListener = fl
            wp_fractional_scale_v1_add_listener(f, fl.pointer, opaque(self))
        }
        let fcl = ListenerBox(wl_callback_listener(done: { data, cb, _ in
            withOwner(data, Window.self) { $0.frameDone(cb) }
        }))
        frameListener = fcl

        xdg_toplevel_set_title(tl, title)
        xdg_toplevel_set_app_id(tl, appID)
        xdg_toplevel_set_fullscreen(tl, output?.proxy)
        // The initial commit without a buffer asks for the first configure.
        wl_surface_commit(s)
    }

    private func configure(serial: UInt32) {
        xdg_surface_ack_configure(xdgSurface, serial)
        let (w, h) = pendingSize
        let newW = w > 0 ? w : width, newH = h > 0 ? h : height
        let changed = !isConfigured || newW != width || newH != height
        width = newW
        height = newH
        isConfigured = true
        if changed { applyScale(); onResize?() }
    }

    private func enter(_ output: OpaquePointer?) {
        guard let output else { return }
        enteredOutputs.append(output)
        updateScale()
    }

    private func leave(_ output: OpaquePointer?) {
        enteredOutputs.removeAll { $0 == output }
        updateScale()
    }

    /// Window (logical) pixels per millimetre on the output the window is on, when that output says its size.
    public var pixelsPerMM: Double? {
        let output = enteredOutputs.lazy.compactMap { self.display.output(for: $0) }.first ?? fullscreenOutput
        return output?.pixelsPerMM.map { $0 / max(scale, 1e-3) }
    }

    /// Re-evaluates the scale when outputs or the preferred fractional scale change.
    public func updateScale() {
        let old = scale
        applyScale()
        if isConfigured && old != scale { onResize?() }
    }

    private func applyScale() {
        if fractionalScale120 > 0, let viewport {
            scale = Double(fractionalScale120) / 120
            wl_surface_set_buffer_scale(surface, 1)
            wp_viewport_set_destination(viewport, width, height)
        } else {
            // Before the surface has entered an output (its first commit), the chosen or largest output's
            // scale: the first frame is drawn sharp and `ready` reports the real scale.
            let entered = enteredOutputs.compactMap { display.output(for: $0)?.scale }.max()
            let integer = entered ?? fullscreenOutput?.scale ?? display.outputList.map(\.scale).max() ?? 1
            scale = Double(integer)
            if motionFactor != 1, let viewport {
                // Any buffer size, stretched over the logical size by the compositor.
                if display.compositorVersion >= 3 { wl_surface_set_buffer_scale(surface, 1) }
                wp_viewport_set_destination(viewport, width, height)
            } else {
                if let viewport { wp_viewport_set_destination(viewport, -1, -1) }
                if display.compositorVersion >= 3 { wl_surface_set_buffer_scale(surface, integer) }
            }
        }
    }

    /// Asks for a frame callback; call just before the swap that commits the frame.
    public func requestFrame() {
        guard frameCallback == nil, let cb = wl_surface_frame(surface), let l = frameListener else { return }
        frameCallback = cb
        wl_callback_add_listener(cb, l.pointer, opaque(self))
    }

    private func frameDone(_ cb: OpaquePointer?) {
        if let cb { wl_callback_destroy(cb) }
        frameCallback = nil
        onFrame?()
    }

    /// Marks the whole surface opaque so the compositor need not blend what is below.
    public func setOpaque() {
        guard let compositor = display.compositor, let region = wl_compositor_create_region(compositor) else { return }
        wl_region_add(region, 0, 0, width, height)
        wl_surface_set_opaque_region(surface, region)
        wl_region_destroy(region)
    }

    deinit {
        // Proxies go with the connection at exit; the window lives as long as the program.
    }
}
