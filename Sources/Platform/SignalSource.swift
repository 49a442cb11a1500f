import CLinux
import Glibc
import Posix

extension EventLoop {
    /// Delivers `signals` through a signalfd in the poll set instead of an async handler, so the handler
    /// runs on the loop's thread between two iterations.
    public func onSignals(_ signals: [Int32], handler: @escaping @MainActor (Int32) -> Void) {
        var mask = blockSignals(signals)
        guard case .success(let fd) = systemCall({ signalfd(-1, &mask, Int32(SFD_CLOEXEC | SFD_NONBLOCK)) }) else { return }
        add(fd: fd) { _ in
            var info = signalfd_siginfo()
            while case .success(MemoryLayout<signalfd_siginfo>.size) = systemCall({ read(fd, &info, MemoryLayout<signalfd_siginfo>.size) }) {
                handler(Int32(info.ssi_signo))
            }
        }
    }
}
