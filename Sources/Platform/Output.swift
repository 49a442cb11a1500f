import CWaylandClient

/// A wl_output: its name (for `--output`), integer scale and current mode.
@MainActor public final class Output {
    let proxy: OpaquePointer
    let version: UInt32
    unowned let display: WaylandDisplay
    private var listener: ListenerBox<wl_output_listener>?
    public private(set) var name = ""
    public private(set) var scale: Int32 = 1
    public private(set) var modeWidth: Int32 = 0
    public private(set) var modeHeight: Int32 = 0
    /// The screen's physical width (mm) as the output reports it; 0 when unknown (projectors, virtual outputs).
    public private(set) var physicalWidth: Int32 = 0

    /// Device pixels per millimetre, when the output says its physical size.
    public var pixelsPerMM: Double? {
        modeWidth > 0 && physicalWidth > 0 ? Double(modeWidth) / Double(physicalWidth) : nil
    }

    init(proxy: OpaquePointer, version: UInt32, display: WaylandDisplay) {
        self.proxy = proxy
        self.version = version
        self.display = display
        let l = ListenerBox(wl_output_listener(
            geometry: { data, _, _, _, width, _, _, _, _, _ in
                withOwner(data, Output.self) { $0.physicalWidth = max(0, width) }
            },
            mode: { data, _, flags, w, h, _ in
                withOwner(data, Output.self) {
                    if flags & WL_OUTPUT_MODE_CURRENT.rawValue != 0 { $0.modeWidth = w; $0.modeHeight = h }
                }
            },
            done: { data, _ in withOwner(data, Output.self) { $0.display.outputChanged() } },
            scale: { data, _, factor in withOwner(data, Output.self) { $0.scale = max(1, factor) } },
            name: { data, _, name in
                guard let name else { return }
                let n = String(cString: name)
                withOwner(data, Output.self) { $0.name = n }
            },
            description: { _, _, _ in }))
        listener = l
        wl_output_add_listener(proxy, l.pointer, opaque(self))
    }

    func release() {
        if version >= 3 { wl_output_release(proxy) } else { wl_output_destroy(proxy) }
    }
}
