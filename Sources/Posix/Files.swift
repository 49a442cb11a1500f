import Glibc

/// Runs a call that returns a pointer, or NULL with errno set when it fails (realpath, opendir), again while a
/// signal interrupts it; the pointer, or errno as a typed error. `systemCall` for pointers.
@inlinable
public func systemPointer<P>(_ call: () -> P?) -> Result<P, SystemError> {
    while true {
        if let pointer = call() { return .success(pointer) }
        let code = errno
        if code != EINTR { return .failure(SystemError(code)) }
    }
}

/// Runs a call that returns its error number instead of setting errno (posix_spawn, the pthread calls): 0 is
/// success. Not retried: these calls do not fail with EINTR.
@inlinable
public func systemCallReturningError(_ call: () -> Int32) -> Result<Void, SystemError> {
    let code = call()
    return code == 0 ? .success(()) : .failure(SystemError(code))
}

/// Closes `fd` once. Never retried: on Linux the descriptor is released even when close() reports EINTR, and a
/// retry could close a descriptor another thread has just been given under the same number.
@discardableResult
public func closeDescriptor(_ fd: Int32) -> Result<Void, SystemError> {
    if close(fd) == 0 { return .success(()) }
    let code = errno
    return code == EINTR ? .success(()) : .failure(SystemError(code))
}

/// `fd`'s status (fstat).
public func fileStatus(_ fd: Int32) -> Result<stat, SystemError> {
    var info = stat()
    return systemCall { fstat(fd, &info) }.map { _ in info }
}

/// The status of `path` (stat; lstat with `follow: false`, which describes a symbolic link itself).
public func fileStatus(path: String, follow: Bool = true) -> Result<stat, SystemError> {
    var info = stat()
    return systemCall { follow ? stat(path, &info) : lstat(path, &info) }.map { _ in info }
}

/// Maps `length` bytes of `fd` from `offset` (mmap); the mapping or errno.
public func mapMemory(length: Int, protection: Int32, flags: Int32, fd: Int32, offset: off_t = 0)
    -> Result<UnsafeMutableRawPointer, SystemError> {
    while true {
        if let map = mmap(nil, length, protection, flags, fd, offset), map != MAP_FAILED { return .success(map) }
        let code = errno
        if code != EINTR { return .failure(SystemError(code)) }
    }
}

/// Allocates every page of a writable shared mapping now, in one call (MADV_POPULATE_WRITE, Linux 5.14) rather
/// than a page fault each at first write (2,048 for a 1920 × 1080 frame, about twice the time); on a kernel
/// without it, by writing a byte of each page.
public func populateMemory(_ map: UnsafeMutableRawPointer, length: Int) {
    if case .success = systemCall({ madvise(map, length, MADV_POPULATE_WRITE) }) { return }
    var offset = 0
    while offset < length {
        map.storeBytes(of: 0, toByteOffset: offset, as: UInt8.self)
        offset += 4096
    }
}

/// Unmaps what `mapMemory` mapped.
public func unmapMemory(_ map: UnsafeMutableRawPointer, length: Int) {
    _ = systemCall { munmap(map, length) }
}

/// One entry of a directory: its name (never "." or "..") and d_type (DT_DIR, DT_REG, DT_LNK, or DT_UNKNOWN where
/// the file system does not say).
public struct DirectoryEntry: Sendable, Equatable {
    public let name: String
    public let type: UInt8
    public init(name: String, type: UInt8) { self.name = name; self.type = type }
}

/// The entries of the directory at `path`, in the order the file system gives them; at most `limit` of them
/// (a hostile directory of millions of names is cut short rather than read whole).
public func directoryEntries(_ path: String, limit: Int = .max) -> Result<[DirectoryEntry], SystemError> {
    let opened = systemPointer { opendir(path) }
    guard case .success(let dir) = opened else { return opened.map { _ in [] } }
    defer { closedir(dir) }
    var entries: [DirectoryEntry] = []
    while entries.count < limit {
        errno = 0
        guard let entry = readdir(dir) else {
            // NULL with errno unchanged is the end of the directory; with errno set, a failure.
            if errno != 0 { return .failure(SystemError(errno)) }
            break
        }
        let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
            String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
        if name == "." || name == ".." { continue }
        entries.append(DirectoryEntry(name: name, type: entry.pointee.d_type))
    }
    return .success(entries)
}

/// The whole file at `path`, if it holds at most `limit` bytes (a larger one is refused with EFBIG, not cut).
public func readWholeFile(_ path: String, limit: Int) -> Result<[UInt8], SystemError> {
    let opened = systemCall { open(path, O_RDONLY | O_CLOEXEC) }
    guard case .success(let fd) = opened else { return opened.map { _ in [] } }
    defer { closeDescriptor(fd) }
    var out: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65_536)
    while true {
        let read = systemCall { buffer.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) } }
        guard case .success(let n) = read else { return read.map { _ in [] } }
        if n == 0 { return .success(out) }
        out += buffer[0..<n]
        if out.count > limit { return .failure(SystemError(EFBIG)) }
    }
}

/// Writes `bytes` as the file at `path` (created or truncated, mode 0644).
public func writeWholeFile(_ path: String, _ bytes: [UInt8]) -> Result<Void, SystemError> {
    let opened = systemCall { open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644) }
    guard case .success(let fd) = opened else { return opened.map { _ in () } }
    defer { closeDescriptor(fd) }
    return bytes.withUnsafeBytes { writeAll($0, to: fd) }
}

/// `mkdir -p`: each missing directory of `directory` made with `mode`; nil on success, else "PATH: reason" for the
/// one that could not be made.
public func makeDirectories(_ directory: String, mode: mode_t = 0o700) -> String? {
    var prefix = directory.hasPrefix("/") ? "" : "."
    for component in directory.split(separator: "/") {
        prefix += "/" + component
        if case .failure(let error) = systemCall({ mkdir(prefix, mode) }), error.code != EEXIST {
            return "\(prefix): \(error)"
        }
    }
    return nil
}
