import CWaylandClient

/// The GL's frames handed to the compositor in wl_shm buffers this reader manages, where a software renderer
/// cannot say what its own buffers hold: Mesa's llvmpipe on Wayland offers no EGL_EXT_buffer_age, so every
/// frame through `eglSwapBuffers` is repainted whole, copied whole and damaged whole for the compositor. Here the
/// GL draws into a framebuffer of its own that keeps its contents (only what changed is repainted), the caller
/// copies what changed since a buffer was last shown into it, and the compositor is told exactly that damage.
///
/// Buffers are XRGB8888 of the window's buffer size, reused once the compositor releases them (a smaller motion
/// frame's over the same memory); a buffer's age is how many frames ago it was last presented (0: new, its
/// contents undefined). Main thread only.
@MainActor public final class ShmSwapchain {
    /// A buffer to fill: rows top-down, `stride` bytes apart, bytes B, G, R, X.
    public struct Frame {
        public let pixels: UnsafeMutableRawPointer
        public let width: Int, height: Int, stride: Int
        /// Frames since this buffer was last presented (0: never; repaint it whole).
        public let age: Int
        let buffer: ShmBuffer
    }

    unowned let window: Window
    private var buffers: [(buffer: ShmBuffer, busy: Bool, presented: Int)] = []
    private var frameCount = 0
    private let listener: ListenerBox<wl_buffer_listener>
    /// More than this many buffers held by the compositor at once means it is not releasing them: frames are
    /// skipped rather than memory grown.
    static let maxBuffers = 4

    public init(window: Window) {
        self.window = window
        listener = ListenerBox(wl_buffer_listener(release: { data, _ in
            withOwner(data, ShmBuffer.self) { $0.onRelease?() }
        }))
    }

    /// Whether `acquire` has a buffer to give: one the compositor released, or room for another. A busy
    /// compositor can hold them all for a while; its release wakes the loop to draw then.
    public var canAcquire: Bool { buffers.contains { !$0.busy } || buffers.count < Self.maxBuffers }

    /// A buffer the compositor does not hold, of the window's buffer size; nil when none can be had.
    public func acquire() -> Frame? {
        let width = Int(window.bufferWidth), height = Int(window.bufferHeight)
        // Each buffer's memory has room for a full-resolution frame: a motion frame's smaller buffer is made over
        // it (memory already faulted in), a larger window needs new buffers (free ones go now, busy ones when
        // released).
        let room = Int(window.fullBufferWidth) * Int(window.fullBufferHeight) * 4
        buffers.removeAll { !$0.busy && $0.buffer.room < room }
        let index: Int
        // The buffer shown most recently holds the most of this frame already: the least to copy.
        if let free = buffers.indices.filter({ !buffers[$0].busy }).max(by: { buffers[$0].presented < buffers[$1].presented }) {
            index = free
            let buffer = buffers[index].buffer
            if buffer.width != width || buffer.height != height {
                guard buffer.reshape(width: width, height: height) else { return nil }
                wl_buffer_add_listener(buffer.proxy, listener.pointer, opaque(buffer))
                // Its memory holds rows of another width.
                buffers[index].presented = 0
            }
        } else {
            guard buffers.count < Self.maxBuffers, let shm = window.display.shm,
                  let buffer = ShmBuffer(shm: shm, width: width, height: height, room: room) else { return nil }
            wl_buffer_add_listener(buffer.proxy, listener.pointer, opaque(buffer))
            buffer.onRelease = { [unowned self, unowned buffer] in released(buffer) }
            buffers.append((buffer, false, 0))
            index = buffers.count - 1
        }
        let b = buffers[index]
        return Frame(pixels: b.buffer.pixels, width: width, height: height, stride: b.buffer.stride,
                     age: b.presented == 0 ? 0 : frameCount + 1 - b.presented, buffer: b.buffer)
    }

    /// Attaches `frame`'s buffer with `damage` (buffer pixels, origin top-left; nil: all of it) and commits.
    public func present(_ frame: Frame, damage: [(x: Int32, y: Int32, w: Int32, h: Int32)]?) {
        guard let i = buffers.firstIndex(where: { $0.buffer === frame.buffer }) else { return }
        frameCount += 1
        buffers[i].busy = true
        buffers[i].presented = frameCount
        let surface = window.surface
        wl_surface_attach(surface, frame.buffer.proxy, 0, 0)
        for r in damage ?? [(0, 0, Int32(frame.width), Int32(frame.height))] {
            if window.display.compositorVersion >= 4 {
                wl_surface_damage_buffer(surface, r.x, r.y, r.w, r.h)
            } else {
                // Surface coordinates: rounded out, whole surface at worst.
                wl_surface_damage(surface, 0, 0, window.width, window.height)
                break
            }
        }
        wl_surface_commit(surface)
    }

    private func released(_ buffer: ShmBuffer) {
        guard let i = buffers.firstIndex(where: { $0.buffer === buffer }) else { return }
        if buffer.room < Int(window.fullBufferWidth) * Int(window.fullBufferHeight) * 4 {
            buffers.remove(at: i)
        } else {
            buffers[i].busy = false
        }
    }
}
