import CLinux
import Glibc

/// Watches a directory with inotify (an fd in the poll set) and reports changes to the names in it.
/// Used for live content: pages copied into, replaced in or removed from a book on disk.
@MainActor public final class FileWatcher {
    private let fd: Int32
    private var token: Int?
    private var watch: Int32
    private static let mask = UInt32(IN_CREATE | IN_DELETE | IN_MOVED_FROM | IN_MOVED_TO | IN_CLOSE_WRITE | IN_MODIFY
        | IN_ATTRIB | IN_DELETE_SELF | IN_MOVE_SELF)
    unowned let loop: EventLoop

    /// Watches `directory`; `handler` gets the names that changed (created, written, moved, deleted).
    /// Returns nil when inotify is unavailable (the book is then read once, as before).
    public init?(loop: EventLoop, directory: String, handler: @escaping @MainActor ([String]) -> Void) {
        self.loop = loop
        fd = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard fd >= 0 else { return nil }
        watch = inotify_add_watch(fd, directory, Self.mask)
        guard watch >= 0 else {
            close(fd)
            return nil
        }
        token = loop.add(fd: fd) { [fd] _ in
            var names: [String] = []
            var buffer = [UInt8](repeating: 0, count: 16384)
            while true {
                let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
                guard n > 0 else { break }
                var offset = 0
                let header = MemoryLayout<inotify_event>.size
                while offset + header <= n {
                    let (length, name): (Int, String) = buffer.withUnsafeBytes { raw in
                        let event = raw.loadUnaligned(fromByteOffset: offset, as: inotify_event.self)
                        let len = Int(event.len)
                        let bytes = raw[(offset + header)..<min(n, offset + header + len)].prefix { $0 != 0 }
                        return (len, String(decoding: bytes, as: UTF8.self))
                    }
                    names.append(name)
                    offset += header + length
                }
            }
            if !names.isEmpty { handler(names) }
        }
    }

    /// Watches `directory` instead (another book was opened); false when it cannot be watched.
    @discardableResult
    public func rewatch(_ directory: String) -> Bool {
        let new = inotify_add_watch(fd, directory, Self.mask)
        guard new >= 0 else { return false }
        if new != watch { inotify_rm_watch(fd, watch) }
        watch = new
        return true
    }

    deinit {
        // The loop outlives the watcher only at exit; closing the fd is enough.
        close(fd)
    }
}
