import Pages
import Decoding
import Geometry
import Glibc
import Posix
import Synchronization

/// Why a disk cache directory cannot be used; `description` is one sentence for the log.
public struct DiskCacheError: Error, Sendable, CustomStringConvertible {
    public let description: String
}

/// A persistent cache of decoded, display-sized pages, so a restarted reader shows its first page without
/// decoding it: one file per (page identity, fitting box), holding the raw RGBA pixels behind a checked header
/// (`DiskCacheHeader`).
///
/// - Safe against crashes: entries are written to a temporary file in the same directory and renamed into place,
///   so a reader sees a whole file or none; concurrent writers of one key each rename a whole file (last wins).
/// - Never a wrong page: a file whose header, size or checksum does not match what was asked for is a miss and
///   is deleted. A changed page file has a new `PageIdentity` (new mtime, size or inode), hence a new name.
/// - Bounded: after stores have added more than `maxBytes` since the last look, the least recently used entries
///   (by mtime, which a hit refreshes) are deleted down to 7/8 of `maxBytes`, on the storing thread.
///
/// Every method may be called from any thread. All of them do file I/O: call them from worker threads.
public final class DiskCache: Sendable {
    /// Bumped whenever the file layout or the decoder's output for the same input changes; files of another
    /// version are misses (and deleted when met).
    public static let formatVersion: UInt32 = 1

    /// A page loaded from the cache.
    public struct Entry: Sendable, Equatable {
        /// The display-sized image, as stored.
        public var image: RGBAImage
        /// The page file's own size in pixels (what `PageEvent.ready` reports as `sourceSize`).
        public var sourceSize: PixelSize

        public init(image: RGBAImage, sourceSize: PixelSize) {
            self.image = image
            self.sourceSize = sourceSize
        }
    }

    /// Counters since this instance was made, for tests, the bench and the log.
    public struct Statistics: Sendable, Equatable {
        public var hits = 0
        /// No file for the key.
        public var misses = 0
        /// A file was there but refused (truncated, corrupt, other version, other key) and deleted.
        public var invalid = 0
        public var stores = 0
        public var storeFailures = 0
        public var trims = 0
        /// Entries and stale temporary files deleted by trims.
        public var trimmedFiles = 0
    }

    /// The directory holding the entries (created if missing). Nothing else should live in it: trims consider
    /// every `*.page` and `.tmp.*` file in it theirs.
    public let directory: String
    /// Bound on the bytes of all entries, in bytes.
    public let maxBytes: Int
    /// Whether each entry is fsync'ed before its rename. Off by default: the checksum already turns a file torn
    /// by a power cut into a miss, and a kiosk's flash storage is better spared.
    public let syncWrites: Bool

    private struct State {
        var statistics = Statistics()
        /// Bytes on disk as of the last trim plus bytes stored since; nil until the first trim.
        var estimate: Int?
        var trimming = false
        /// Bytes stored while a trim ran (the trim's count may or may not include them).
        var pending = 0
        var tempCounter: UInt64 = 0
    }

    private let state = Mutex(State())

    /// Opens (creating it and its parents with mode 0700 if needed) the cache directory `directory`, bounded to
    /// `maxBytes` bytes (default 512 MiB). Throws when it cannot be created or is not a writable directory.
    public init(directory: String, maxBytes: Int = 512 << 20, syncWrites: Bool = false) throws(DiskCacheError) {
        guard !directory.isEmpty else { throw DiskCacheError(description: "the page cache directory name is empty") }
        self.directory = directory.count > 1 && directory.hasSuffix("/") ? String(directory.dropLast()) : directory
        self.maxBytes = max(0, maxBytes)
        self.syncWrites = syncWrites
        if let failure = makeDirectories(directory) {
            throw DiskCacheError(description: "cannot create page cache directory \(failure)")
        }
        guard case .success(let info) = fileStatus(path: self.directory), info.st_mode & S_IFMT == S_IFDIR else {
            throw DiskCacheError(description: "page cache path \(directory) is not a directory")
        }
        if case .failure(let error) = systemCall({ access(self.directory, W_OK | X_OK) }) {
            throw DiskCacheError(description: "page cache directory \(directory) is not writable: \(error)")
        }
    }

    /// The conventional place: `$XDG_CACHE_HOME/recto/pages` when XDG_CACHE_HOME is an absolute path, else
    /// `$HOME/.cache/recto/pages`; nil when neither is usable.
    public static func defaultDirectory(environment: [String: String]) -> String? {
        if let xdg = environment["XDG_CACHE_HOME"], xdg.hasPrefix("/") { return xdg + "/recto/pages" }
        if let home = environment["HOME"], home.hasPrefix("/") { return home + "/.cache/recto/pages" }
        return nil
    }

    /// Where the entry for `identity` decoded to fit `bounds` lives (whether or not it exists).
    public func path(for identity: PageIdentity, fitting bounds: PixelSize) -> String {
        directory + "/" + Self.fileName(identity, bounds)
    }

    public var statistics: Statistics { state.withLock { $0.statistics } }

    // MARK: load

    /// The page with `identity` as stored for the fitting box `bounds`, or nil. A hit marks the entry as
    /// recently used; a file that fails any check is deleted and is a miss.
    public func load(_ identity: PageIdentity, fitting bounds: PixelSize) -> Entry? {
        let name = Self.fileName(identity, bounds)
        let path = directory + "/" + name
        guard case .success(let fd) = systemCall({ open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK) }) else {
            count { $0.misses += 1 }
            return nil
        }
        defer { closeDescriptor(fd) }
        let judged = try? fileStatus(fd).get()
        if let info = judged, let entry = Self.read(fd, info: info, name: name, bounds: bounds) {
            _ = systemCall { futimens(fd, nil) }  // a use: the trim keeps recently used entries
            count { $0.hits += 1 }
            return entry
        }
        // Delete only the file we judged: a writer may have renamed a good one into place meanwhile.
        if let info = judged, case .success(let now) = fileStatus(path: path, follow: false),
           now.st_dev == info.st_dev && now.st_ino == info.st_ino { _ = systemCall { unlink(path) } }
        count { $0.invalid += 1 }
        return nil
    }

    /// Reads and checks a whole entry: one `readv` into the header and the final pixel array in the usual case.
    private static func read(_ fd: Int32, info: stat, name: String, bounds: PixelSize) -> Entry? {
        guard info.st_mode & S_IFMT == S_IFREG, bounds.width >= 1, bounds.height >= 1 else { return nil }
        let (area, overflow) = bounds.width.multipliedReportingOverflow(by: bounds.height)
        let payload = Int(info.st_size) - DiskCacheHeader.size
        guard !overflow, payload >= 4, payload % 4 == 0, payload / 4 <= area else { return nil }
        var head = [UInt8](repeating: 0, count: DiskCacheHeader.size)
        var complete = false
        let pixels = [UInt8](unsafeUninitializedCapacity: payload) { buffer, initialized in
            complete = head.withUnsafeMutableBytes { h in
                transfer(fd, h, UnsafeMutableRawBufferPointer(buffer), reading: true)
            }
            initialized = complete ? payload : 0
        }
        guard complete, let (header, sum) = head.withUnsafeBytes({ DiskCacheHeader.decode($0) }) else { return nil }
        let size = header.size, source = header.sourceSize
        guard header.version == formatVersion, header.bounds == bounds, header.keyHash == nameHash(name),
              header.pixelBytes == UInt64(payload), size.width >= 1, size.height >= 1,
              size.width <= bounds.width, size.height <= bounds.height, size.width * size.height * 4 == payload,
              source.width >= size.width, source.height >= size.height else { return nil }
        let expected = head.withUnsafeBytes { h in
            pixels.withUnsafeBytes { DiskCacheHeader.checksum(head: h, pixels: $0) }
        }
        guard expected == sum else { return nil }
        return Entry(image: RGBAImage(width: size.width, height: size.height, pixels: pixels), sourceSize: source)
    }

    // MARK: store

    /// Stores `image` (decoded from the page with `identity`, `sourceSize` pixels, to fit `bounds`) atomically,
    /// replacing any entry for the same key; then trims if the bound was passed. Failures (full disk, removed
    /// directory) are counted and otherwise ignored: the cache is an optimisation. Images larger than `bounds`
    /// (full-resolution images) are refused.
    public func store(_ image: RGBAImage, sourceSize: PixelSize, identity: PageIdentity, fitting bounds: PixelSize) {
        guard image.width <= bounds.width, image.height <= bounds.height,
              sourceSize.width >= image.width, sourceSize.height >= image.height else { return }
        let name = Self.fileName(identity, bounds)
        let head = Self.header(of: image, sourceSize: sourceSize, name: name, fitting: bounds, version: Self.formatVersion)
        let written = self.write(name: name, head: head, pixels: image.pixels)
        let bytes = head.count + image.pixels.count
        let trimNeeded = state.withLock { s -> Bool in
            guard written else {
                s.statistics.storeFailures += 1
                return false
            }
            s.statistics.stores += 1
            if s.trimming {
                s.pending += bytes
                return false
            }
            if let estimate = s.estimate {
                s.estimate = estimate + bytes
                if estimate + bytes <= maxBytes { return false }
            }
            s.trimming = true
            s.pending = 0
            return true
        }
        if trimNeeded { runTrim() }
    }

    private func write(name: String, head: [UInt8], pixels: [UInt8]) -> Bool {
        let serial = state.withLock { s in
            s.tempCounter += 1
            return s.tempCounter
        }
        let temp = directory + "/.tmp.\(getpid()).\(serial)"
        let flags = O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW
        var opened = systemCall { open(temp, flags, 0o600) }
        if case .failure(let error) = opened, error.code == EEXIST {  // left by a crashed process that had our pid
            _ = systemCall { unlink(temp) }
            opened = systemCall { open(temp, flags, 0o600) }
        }
        guard case .success(let fd) = opened else { return false }
        var ok = head.withUnsafeBytes { h in
            pixels.withUnsafeBytes { p in
                Self.transfer(fd, UnsafeMutableRawBufferPointer(mutating: h), UnsafeMutableRawBufferPointer(mutating: p),
                              reading: false)
            }
        }
        if ok && syncWrites { ok = (try? systemCall({ fsync(fd) }).get()) != nil }
        ok = (try? closeDescriptor(fd).get()) != nil && ok
        if ok { ok = (try? systemCall({ rename(temp, directory + "/" + name) }).get()) != nil }
        if !ok { _ = systemCall { unlink(temp) } }
        return ok
    }

    // MARK: trim

    /// Deletes least-recently-used entries until at most 7/8 of `maxBytes` remain, and temporary files older than
    /// ten minutes (left by a crash). `store` runs it by itself when needed; call it to trim at a chosen moment.
    public func trim() {
        state.withLock { s in
            if !s.trimming { s.pending = 0 }
            s.trimming = true
        }
        runTrim()
    }

    private func runTrim() {
        var entries: [(modified: Int64, name: String, bytes: Int)] = []
        var doomed: [String] = []
        let now = clockTime(CLOCK_REALTIME)
        let staleBefore = Int64(now.tv_sec - 600) * 1_000_000_000
        if case .success(let items) = directoryEntries(directory) {
            for item in items {
                let name = item.name
                let isTemp = name.hasPrefix(".tmp.")
                guard isTemp || (name.hasSuffix(".page") && !name.hasPrefix(".")) else { continue }
                guard case .success(let info) = fileStatus(path: directory + "/" + name, follow: false),
                      info.st_mode & S_IFMT == S_IFREG else { continue }
                let modified = Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec)
                if isTemp {
                    if modified < staleBefore { doomed.append(name) }  // younger ones are being written
                } else {
                    entries.append((modified, name, Int(info.st_size)))
                }
            }
        }
        var total = entries.reduce(0) { $0 + $1.bytes }
        let target = maxBytes - maxBytes / 8
        if total > maxBytes {
            // Oldest first; the name breaks ties so the order is deterministic.
            entries.sort { ($0.modified, $0.name) < ($1.modified, $1.name) }
            for entry in entries where total > target {
                doomed.append(entry.name)
                total -= entry.bytes
            }
        }
        for name in doomed { _ = systemCall { unlink(directory + "/" + name) } }
        let again = state.withLock { s -> Bool in
            let estimate = total + s.pending
            // Stores that landed during the scan may have passed the bound again: their callers counted on us.
            let again = s.pending > 0 && estimate > maxBytes
            s.estimate = estimate
            s.pending = 0
            s.trimming = again
            s.statistics.trims += 1
            s.statistics.trimmedFiles += doomed.count
            return again
        }
        if again { runTrim() }
    }

    // MARK: helpers

    private func count(_ body: (inout Statistics) -> Void) {
        state.withLock { body(&$0.statistics) }
    }

    static func fileName(_ identity: PageIdentity, _ bounds: PixelSize) -> String {
        "\(identity.key)-\(bounds.width)x\(bounds.height).page"
    }

    /// 64-bit FNV-1a of the entry's file name, stored in its header.
    static func nameHash(_ name: String) -> UInt64 {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        for b in name.utf8 { h = (h ^ UInt64(b)) &* 0x0000_0100_0000_01b3 }
        return h
    }

    /// Reads or writes `a` then `b` completely with `readv`/`writev`, retrying short transfers and EINTR.
    /// False on an error or end of file.
    private static func transfer(_ fd: Int32, _ a: UnsafeMutableRawBufferPointer, _ b: UnsafeMutableRawBufferPointer,
                                 reading: Bool) -> Bool {
        let total = a.count + b.count
        var done = 0
        while done < total {
            var parts: [iovec] = []
            if done < a.count { parts.append(iovec(iov_base: a.baseAddress! + done, iov_len: a.count - done)) }
            let intoB = max(0, done - a.count)
            if intoB < b.count { parts.append(iovec(iov_base: b.baseAddress! + intoB, iov_len: b.count - intoB)) }
            let outcome = systemCall { reading ? readv(fd, parts, Int32(parts.count)) : writev(fd, parts, Int32(parts.count)) }
            guard case .success(let n) = outcome, n > 0 else { return false }
            done += n
        }
        return true
    }}
