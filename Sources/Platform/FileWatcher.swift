import CLinux
import Glibc

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
        fd = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard fd >= 0 else { return nil }
        let wd = inotify_add_watch(fd, directory, Self.mask)
        guard wd >= 0 else {
            close(fd)
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
        for wd in folders.keys { inotify_rm_watch(fd, wd) }
        folders = [:]
        top = directory
        self.depth = depth
        let wd = inotify_add_watch(fd, directory, Self.mask)
        guard wd >= 0 else { return false }
        folders[wd] = ("", 0)
        watchSubfolders(of: "", depth: 0)
        return true
    }

    deinit {
        // The loop outlives the watcher only at exit; closing the fd is enough.
        close(fd)
    }

    /// Reads every queued event (without blocking) and returns the changed paths; watches folders made or
    /// moved in meanwhile, and forgets removed ones. A folder moved inside the tree keeps reporting under its
    /// old path: the paths say that something changed, the book is read again whole.
    func drain() -> [String] {
        var names: [String] = []
        var buffer = [UInt8](repeating: 0, count: 16384)
        while true {
            let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            guard n > 0 else { break }
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
        let wd = inotify_add_watch(fd, top + "/" + path, Self.mask | UInt32(IN_ONLYDIR | IN_DONT_FOLLOW))
        guard wd >= 0 else { return }
        folders[wd] = (path, level)
        watchSubfolders(of: path, depth: level)
    }

    /// Watches the visible real sub-folders of `path` (relative to the top) when they are within `depth`.
    private func watchSubfolders(of path: String, depth level: Int) {
        guard level < depth, let dir = opendir(path.isEmpty ? top : top + "/" + path) else { return }
        var found: [String] = []
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            guard Self.isVisible(name), name != ".", name != ".." else { continue }
            let child = path.isEmpty ? name : path + "/" + name
            var type = entry.pointee.d_type
            if type == UInt8(DT_UNKNOWN) {
                var info = stat()
                type = lstat(top + "/" + child, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR ? UInt8(DT_DIR) : 0
            }
            if type == UInt8(DT_DIR) { found.append(child) }
        }
        closedir(dir)
        for child in found { watch(child, depth: level + 1) }
    }

    private static func isVisible(_ name: String) -> Bool { !name.hasPrefix(".") && name != "__MACOSX" }
}
