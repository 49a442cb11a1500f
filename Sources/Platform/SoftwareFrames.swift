import CLinux
import CWaylandClient
import Glibc
import Posix

/// Frames drawn by the CPU into wl_shm buffers, committed on the window's surface: what the window shows
/// before the GL exists (EGL start-up costs ~100 ms on a software renderer; a wl_shm frame needs none of it).
///
/// Each frame gets its own memfd-backed XRGB8888 buffer of the window's buffer size (same buffer scale and
/// viewport as the EGL frames, set by `Window`). A buffer lives until the compositor releases it (after a
/// later frame, shm or EGL, replaced it); then it is destroyed and unmapped. Main thread only.
@MainActor public final class SoftwareFrames {
    unowned let window: Window
    private var live: [ObjectIdentifier: ShmBuffer] = [:]
    /// A buffer made ahead of its frame by `prepare()`.
    private var spare: ShmBuffer?
    private let listener: ListenerBox<wl_buffer_listener>

    public init(window: Window) {
        self.window = window
        listener = ListenerBox(wl_buffer_listener(release: { data, _ in
            withOwner(data, ShmBuffer.self) { $0.onRelease?() }
        }))
    }

    /// Whether the compositor offers wl_shm (every Wayland compositor must; nil only on a broken one).
    public var isAvailable: Bool { window.display.shm != nil }

    /// Makes the next frame's buffer now, while there is nothing to draw yet (e.g. while the first page is read):
    /// its memory is faulted in here (~5 ms for 1920×1080 on this class of machine), not when the frame is due.
    public func prepare() {
        let width = Int(window.bufferWidth), height = Int(window.bufferHeight)
        if let spare, spare.width == width, spare.height == height { return }
        guard let shm = window.display.shm else { return }
        spare = ShmBuffer(shm: shm, width: width, height: height)
        spare?.populate()
    }

    /// Allocates (or takes the prepared) `bufferWidth`×`bufferHeight` buffer, lets `draw` fill it (XRGB8888: bytes B, G, R, X; rows
    /// `stride` bytes apart), marks the surface opaque and commits it. Returns false (nothing committed) when
    /// no buffer could be made.
    @discardableResult
    public func present(_ draw: (_ pixels: UnsafeMutableRawPointer, _ width: Int, _ height: Int, _ stride: Int) -> Void) -> Bool {
        let width = Int(window.bufferWidth), height = Int(window.bufferHeight)
        let prepared = spare.flatMap { $0.width == width && $0.height == height ? $0 : nil }
        spare = nil
        guard let shm = window.display.shm,
              let buffer = prepared ?? ShmBuffer(shm: shm, width: width, height: height) else { return false }
        draw(buffer.pixels, width, height, buffer.stride)
        let key = ObjectIdentifier(buffer)
        live[key] = buffer
        // Released: dropping the last reference destroys the wl_buffer (allowed inside its own release event).
        buffer.onRelease = { [unowned self] in live[key] = nil }
        wl_buffer_add_listener(buffer.proxy, listener.pointer, opaque(buffer))
        let surface = window.surface
        wl_surface_attach(surface, buffer.proxy, 0, 0)
        if window.display.compositorVersion >= 4 {
            wl_surface_damage_buffer(surface, 0, 0, Int32(width), Int32(height))
        } else {
            wl_surface_damage(surface, 0, 0, window.width, window.height)
        }
        window.setOpaque()
        wl_surface_commit(surface)
        return true
    }
}
