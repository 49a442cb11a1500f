import Glibc

/// One mapping of this process's address space, as /proc/self/maps lists it.
public struct Mapping: Equatable, Sendable {
    public let start: UInt
    public let end: UInt
    /// "r-xp" and the like.
    public let permissions: String
    /// The mapped file's path; empty for anonymous memory.
    public let path: String

    public var isExecutable: Bool { permissions.contains("x") }
    public var length: Int { Int(end - start) }

    /// The mappings in the text of /proc/PID/maps (lines that do not parse are left out).
    public static func parse(_ text: String) -> [Mapping] {
        text.split(separator: "\n").compactMap { line in
            let fields = line.split(separator: " ", maxSplits: 5, omittingEmptySubsequences: true)
            guard fields.count >= 5 else { return nil }
            let range = fields[0].split(separator: "-")
            guard range.count == 2, let start = UInt(range[0], radix: 16), let end = UInt(range[1], radix: 16),
                  end > start else { return nil }
            let path = fields.count == 6 ? String(fields[5].drop { $0 == " " }) : ""
            return Mapping(start: start, end: end, permissions: String(fields[1]), path: path)
        }
    }

    /// This process's mappings now (none where /proc cannot be read).
    public static func current() -> [Mapping] {
        guard case .success(let bytes) = readWholeFile("/proc/self/maps", limit: 16 << 20) else { return [] }
        return parse(String(decoding: bytes, as: UTF8.self))
    }
}

/// Gives the kernel back the resident pages of the executable mappings of the libraries whose file name begins
/// with `prefix` (MADV_PAGEOUT, Linux 5.4). Code pages are clean: they are dropped, not written anywhere, and
/// read from the file again should that code run again. Returns the bytes of address space so advised (0 where
/// the kernel refuses, or no such library is mapped).
@discardableResult
public func pageOutCode(ofLibrariesNamed prefix: String, in mappings: [Mapping] = Mapping.current()) -> Int {
    var advised = 0
    for m in mappings where m.isExecutable && m.path.split(separator: "/").last?.hasPrefix(prefix) == true {
        guard let address = UnsafeMutableRawPointer(bitPattern: m.start) else { continue }
        if case .success = systemCall({ madvise(address, m.length, MADV_PAGEOUT) }) { advised += m.length }
    }
    return advised
}
