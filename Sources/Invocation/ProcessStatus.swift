import FoundationEssentials
import Glibc

/// Figures about this process for `--stats` (soak tests watch them for growth).
public enum ProcessStatus {
    /// VmRSS in KiB, or 0 when /proc is not readable.
    public static func residentKB() -> Int { statusField("VmRSS:") }

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
        var usage = rusage()
        guard getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage) == 0 else { return 0 }
        func s(_ t: timeval) -> Double { Double(t.tv_sec) + Double(t.tv_usec) / 1_000_000 }
        return s(usage.ru_utime) + s(usage.ru_stime)
    }

    /// Open file descriptors.
    public static func openDescriptors() -> Int {
        (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd").count) ?? 0
    }
}
