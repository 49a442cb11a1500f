import CLinux
import CWaylandClient
import Glibc
import Posix

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
