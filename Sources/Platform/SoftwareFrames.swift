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

/// One wl_buffer over its own memfd mapping; destroyed and unmapped when released (or at deinit). The mapping
/// may have room for more than the buffer (`room`): `reshape` then makes a smaller buffer over the same memory,
/// already faulted in, where a frame's size changes (motion resolution) but the window's does not.
@MainActor final class ShmBuffer {
    private(set) var proxy: OpaquePointer
    let pixels: UnsafeMutableRawPointer
    private(set) var width: Int, height: Int
    var stride: Int { width * 4 }
    /// Bytes mapped: the most a buffer over this memory can use.
    let room: Int
    /// Kept while the buffer lives: `reshape` makes its buffers from it.
    private let pool: OpaquePointer
    var onRelease: (@MainActor () -> Void)?

    init?(shm: OpaquePointer, width: Int, height: Int, room: Int? = nil) {
        let room = max(room ?? 0, width * 4 * height)
        guard width > 0, height > 0, room <= Int(Int32.max) else { return nil }
        guard case .success(let fd) = systemCall({ recto_memfd_create("recto-frame", UInt32(MFD_CLOEXEC)) }) else { return nil }
        // The fd is only needed to hand the memory to the compositor: the mapping and the pool keep it.
        defer { closeDescriptor(fd) }
        guard case .success = systemCall({ ftruncate(fd, off_t(room)) }) else { return nil }
        guard case .success(let map) = mapMemory(length: room, protection: PROT_READ | PROT_WRITE, flags: MAP_SHARED, fd: fd)
        else { return nil }
        guard let pool = wl_shm_create_pool(shm, fd, Int32(room)) else {
            unmapMemory(map, length: room)
            return nil
        }
        guard let buffer = Self.buffer(pool, width: width, height: height) else {
            wl_shm_pool_destroy(pool)
            unmapMemory(map, length: room)
            return nil
        }
        self.width = width
        self.height = height
        self.room = room
        self.pool = pool
        proxy = buffer
        pixels = map
    }

    private static func buffer(_ pool: OpaquePointer, width: Int, height: Int) -> OpaquePointer? {
        wl_shm_pool_create_buffer(pool, 0, Int32(width), Int32(height), Int32(width * 4), WL_SHM_FORMAT_XRGB8888.rawValue)
    }

    /// A new wl_buffer of `width`×`height` over the same memory, replacing this one, which the compositor must
    /// not hold; its listener is the caller's to add again. False (nothing changed) when it does not fit.
    func reshape(width: Int, height: Int) -> Bool {
        guard width > 0, height > 0, width * 4 * height <= room,
              let buffer = Self.buffer(pool, width: width, height: height) else { return false }
        wl_buffer_destroy(proxy)
        proxy = buffer
        self.width = width
        self.height = height
        return true
    }

    /// Has the kernel allocate every page of the mapping now, before the frame is drawn into it.
    func populate() { populateMemory(pixels, length: room) }

    isolated deinit {
        wl_buffer_destroy(proxy)
        wl_shm_pool_destroy(pool)
        unmapMemory(pixels, length: room)
    }
}
