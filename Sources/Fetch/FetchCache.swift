import Glibc
import Posix
import Synchronization

/// Bodies fetched over HTTP, kept on disk so a book once seen reads with the network gone. One file per URL
/// (named by a hash, the URL itself in the header so a collision is a miss), written to a temporary name and
/// renamed into place (a crash leaves a stray temporary, never a torn entry), bounded to `maxBytes`: past it the
/// least recently read entries go.
public final class FetchCache: Sendable {
    public let directory: String
    public let maxBytes: Int
    private let bytesStored = Mutex<Int?>(nil)
    private static let magic = Array("recto-fetch 1\n".utf8)

    public init(directory: String, maxBytes: Int) throws(FetchError) {
        self.directory = directory
        self.maxBytes = max(0, maxBytes)
        var path = ""
        for component in directory.split(separator: "/") {
            path += "/" + component
            if case .failure(let error) = systemCall({ mkdir(path, 0o700) }), error.code != EEXIST {
                throw .file(error.description, path: path)
            }
        }
        guard case .success = systemCall({ access(directory, W_OK | X_OK) }) else {
            throw .file("not a writable directory", path: directory)
        }
    }

    /// `$XDG_CACHE_HOME/recto/http`, else `$HOME/.cache/recto/http`.
    public static func defaultDirectory(environment: [String: String]) -> String? {
        if let xdg = environment["XDG_CACHE_HOME"], xdg.hasPrefix("/") { return xdg + "/recto/http" }
        if let home = environment["HOME"], home.hasPrefix("/") { return home + "/.cache/recto/http" }
        return nil
    }

    func path(for url: String) -> String {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        for b in url.utf8 { h = (h ^ UInt64(b)) &* 0x0000_0100_0000_01b3 }
        let hex = String(h, radix: 16)
        return directory + "/" + String(repeating: "0", count: 16 - hex.count) + hex + ".body"
    }

    public func read(_ url: String) -> [UInt8]? {
        guard let bytes = try? Fetcher.readFile("file://" + path(for: url), limits: FetchLimits(maxBytes: 256 << 20))
        else { return nil }
        let header = Self.magic + Array(url.utf8) + [0x0A]
        guard bytes.starts(with: header) else { return nil }
        _ = systemCall { utimensat(AT_FDCWD, path(for: url), nil, 0) }  // a use: trimming keeps recently read entries
        return Array(bytes[header.count...])
    }

    public func store(_ url: String, _ body: [UInt8]) {
        let bytes = Self.magic + Array(url.utf8) + [0x0A] + body
        guard bytes.count <= maxBytes else { return }
        let final = path(for: url)
        let temp = final + ".tmp.\(getpid()).\(UInt32.random(in: 0 ... .max))"
        guard case .success(let fd) = systemCall({ open(temp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o600) })
        else { return }
        let written = bytes.withUnsafeBytes { writeAll($0, to: fd) }
        let closed = closeDescriptor(fd)
        guard case .success = written, case .success = closed, case .success = systemCall({ rename(temp, final) }) else {
            _ = systemCall { unlink(temp) }
            return
        }
        let over = bytesStored.withLock { total -> Bool in
            guard let known = total else { return true }
            total = known + bytes.count
            return known + bytes.count > maxBytes
        }
        if over { trim(keeping: final) }
    }

    /// Deletes the least recently used entries until 7/8 of the bound remain; never `keeping`, the entry just
    /// stored (file times are coarser than a burst of stores).
    public func trim(keeping: String? = nil) {
        var entries: [(used: Int, name: String, bytes: Int)] = []
        if case .success(let items) = directoryEntries(directory) {
            for item in items {
                let name = item.name
                guard name.contains(".body"),
                      case .success(let info) = fileStatus(path: directory + "/" + name, follow: false) else { continue }
                // The kept entry counts as the newest of all.
                let used = directory + "/" + name == keeping ? Int.max : info.st_mtim.tv_sec * 1_000_000_000 + info.st_mtim.tv_nsec
                entries.append((used, name, Int(info.st_size)))
            }
        }
        var total = entries.reduce(0) { $0 + $1.bytes }
        for entry in entries.sorted(by: { ($0.used, $0.name) < ($1.used, $1.name) })
        where total > maxBytes - maxBytes / 8 && entry.used != .max {
            _ = systemCall { unlink(directory + "/" + entry.name) }
            total -= entry.bytes
        }
        bytesStored.withLock { $0 = total }
    }
}
