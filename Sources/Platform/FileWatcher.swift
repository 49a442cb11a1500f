import CLinux
import Glibc
import Posix

/// Watches a directory with inotify (an fd in the poll set) and reports changes to the names in it, and with
/// `depth` also in its visible sub-folders (chapters of a directory book).
/// Used for live content: pages copied into, replaced in or removed from a book on disk.
@MainActor public final class FileWatcher {
    private let fd: Int32
    private var token: Int?
    unowned let loop: EventLoop
    /// Watched folders by watch descriptor: the path relative to the top ("" for the top) and its depth.
    private var folders: [Int32: (path: String, depth: Int)] = [:]
    private var top: String
    private var depth: Int

    /// Most folders watched; the kernel's default per-user limit is 8192 watches for all programs.
    static let maxWatches = 1024

    private static let mask = UInt32(IN_CREATE | IN_DELETE | IN_MOVED_FROM | IN_MOVED_TO | IN_CLOSE_WRITE | IN_MODIFY
        | IN_ATTRIB | IN_DELETE_SELF | IN_MOVE_SELF)

    /// Watches `directory` and, down to `depth` levels below it, its sub-folders that are not hidden (no
    /// leading ".", not `__MACOSX`) and not links, including folders made later; `handler` gets the paths,
    /// relative to `directory`, that changed (created, written, moved, deleted). Returns nil when inotify is
    /// unavailable (the book is then read once, as before).
    public init?(loop: EventLoop, directory: String, depth: Int = 0,
                 handler: @escaping @MainActor ([String]) -> Void) {
        self.loop = loop
        self.top = directory
        self.depth = depth
        guard case .success(let fd) = systemCall({ inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC)) }) else { return nil }
        self.fd = fd
        guard case .success(let wd) = systemCall({ inotify_add_watch(fd, directory, Self.mask) }) else {
            closeDescriptor(fd)
            return nil
        }
        folders[wd] = ("", 0)
        watchSubfolders(of: "", depth: 0)
        token = loop.add(fd: fd) { [weak self] _ in
            guard let self else { return }
            let names = self.drain()
            if !names.isEmpty { handler(names) }
        }
    }

    /// Watches `directory` to `depth` instead (another book was opened): the descriptor, and so its place in
    /// the loop's poll set, stays. False when the new directory cannot be watched (nothing is watched then).
    @discardableResult
    public func rewatch(_ directory: String, depth: Int = 0) -> Bool {
        for wd in folders.keys { _ = systemCall { inotify_rm_watch(fd, wd) } }
        folders = [:]
        top = directory
        self.depth = depth
        guard case .success(let wd) = systemCall({ inotify_add_watch(fd, directory, Self.mask) }) else { return false }
        folders[wd] = ("", 0)
        watchSubfolders(of: "", depth: 0)
        return true
    }

    deinit {
        // The loop outlives the watcher only at exit; closing the fd is enough.
        closeDescriptor(fd)
    }

    /// Reads every queued event (without blocking) and returns the changed paths; watches folders made or
    /// moved in meanwhile, and forgets removed ones. A folder moved inside the tree keeps reporting under its
    /// old path: the paths say that something changed, the book is read again whole.
    func drain() -> [String] {
        var names: [String] = []
        var buffer = [UInt8](repeating: 0, count: 16384)
        while true {
            let outcome = systemCall { buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) } }
            guard case .success(let n) = outcome, n > 0 else { break }
            var offset = 0
            let header = MemoryLayout<inotify_event>.size
            while offset + header <= n {
                let (event, name): (inotify_event, String) = buffer.withUnsafeBytes { raw in
                    let event = raw.loadUnaligned(fromByteOffset: offset, as: inotify_event.self)
                    let bytes = raw[(offset + header)..<min(n, offset + header + Int(event.len))].prefix { $0 != 0 }
                    return (event, String(decoding: bytes, as: UTF8.self))
                }
                offset += header + Int(event.len)
                // A watch ended: its folder is gone, or `rewatch` removed it (nothing changed on disk then).
                if event.mask & UInt32(IN_IGNORED) != 0 {
                    folders[event.wd] = nil
                    continue
                }
                // An overflow (wd -1) lost events: report it, so that the book is read again.
                guard let folder = folders[event.wd] else {
                    names.append(name)
                    continue
                }
                let path = folder.path.isEmpty ? name : folder.path + "/" + name
                names.append(path)
                let arrived = event.mask & UInt32(IN_CREATE | IN_MOVED_TO) != 0
                if arrived && event.mask & UInt32(IN_ISDIR) != 0 && folder.depth < depth && Self.isVisible(name) {
                    watch(path, depth: folder.depth + 1)
                }
            }
        }
        return names
    }

    private func watch(_ path: String, depth level: Int) {
        guard folders.count < Self.maxWatches else { return }
        let added = systemCall { inotify_add_watch(fd, top + "/" + path, Self.mask | UInt32(IN_ONLYDIR | IN_DONT_FOLLOW)) }
        guard case .success(let wd) = added else { return }
        folders[wd] = (path, level)
        watchSubfolders(of: path, depth: level)
    }

    /// Watches the visible real sub-folders of `path` (relative to the top) when they are within `depth`.
    private func watchSubfolders(of path: String, depth level: Int) {
        guard level < depth, case .success(let entries) = directoryEntries(path.isEmpty ? top : top + "/" + path) else { return }
        var found: [String] = []
        for entry in entries {
            let name = entry.name
            guard Self.isVisible(name) else { continue }
            let child = path.isEmpty ? name : path + "/" + name
            var type = entry.type
            if type == UInt8(DT_UNKNOWN), case .success(let info) = fileStatus(path: top + "/" + child, follow: false) {
                type = info.st_mode & S_IFMT == S_IFDIR ? UInt8(DT_DIR) : 0
            }
            if type == UInt8(DT_DIR) { found.append(child) }
        }
        for child in found { watch(child, depth: level + 1) }
    }

    private static func isVisible(_ name: String) -> Bool { !name.hasPrefix(".") && name != "__MACOSX" }
}
