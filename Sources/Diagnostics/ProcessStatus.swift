import FoundationEssentials
import Glibc
import Posix

/// Figures about this process for `--stats` (soak tests watch them for growth).
public enum ProcessStatus {
    /// Resident memory in KiB, or 0 when /proc is not readable. From /proc/self/statm (one short line of page
    /// counts): `recto ctl status` asks for it with every request, and a client may send a thousand at once.
    public static func residentKB() -> Int {
        guard case .success(let bytes) = readWholeFile("/proc/self/statm", limit: 256) else { return 0 }
        let fields = bytes.split(separator: UInt8(ascii: " "), maxSplits: 2)
        guard fields.count > 1, let pages = Int(String(decoding: fields[1], as: UTF8.self)) else { return 0 }
        return pages * pageKB
    }

    private static let pageKB = max(1, sysconf(Int32(_SC_PAGESIZE)) / 1024)

    /// VmHWM (the most resident memory so far) in KiB, or 0 when /proc is not readable.
    public static func peakResidentKB() -> Int { statusField("VmHWM:") }

    private static func statusField(_ name: String) -> Int {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return 0 }
        for line in status.split(separator: "\n") where line.hasPrefix(name) {
            return Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0
        }
        return 0
    }

    /// User and system CPU time of every thread so far, seconds.
    public static func cpuSeconds() -> Double {
        guard case .success(let usage) = resourceUsage() else { return 0 }
        func s(_ t: timeval) -> Double { Double(t.tv_sec) + Double(t.tv_usec) / 1_000_000 }
        return s(usage.ru_utime) + s(usage.ru_stime)
    }

    /// Open file descriptors.
    public static func openDescriptors() -> Int {
        (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd").count) ?? 0
    }
}
