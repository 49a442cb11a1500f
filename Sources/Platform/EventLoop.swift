import CWaylandClient
import Glibc
import Posix

/// A poll(2) loop over a few file descriptors: the Wayland socket, the decode workers' pipe, the idle
/// timerfd and a signalfd. Nothing wakes it but those: no timers, no polling when nothing moves.
@MainActor public final class EventLoop {
    public typealias Handler = @MainActor (_ revents: Int16) -> Void
    private struct Source { let fd: Int32; let events: Int16; let handler: Handler }
    private var sources: [Int: Source] = [:]
    private var nextToken = 0
    /// Run before every poll: the place where a dirty window draws (foot's pattern).
    public var beforePoll: [@MainActor () -> Void] = []
    public private(set) var exitCode: Int32?

    public init() {}

    /// Watches `fd` for `events` (POLLIN…); returns a token for `remove`.
    @discardableResult
    public func add(fd: Int32, events: Int16 = Int16(POLLIN), handler: @escaping Handler) -> Int {
        nextToken += 1
        sources[nextToken] = Source(fd: fd, events: events, handler: handler)
        return nextToken
    }

    public func remove(_ token: Int) { sources[token] = nil }

    /// Ends `run` after the current iteration with this status.
    public func stop(_ code: Int32) { if exitCode == nil { exitCode = code } }

    /// Runs until `stop`; the Wayland display is integrated with prepare_read/read_events so that no
    /// event is ever left queued while we sleep.
    public func run(display: WaylandDisplay) -> Int32 {
        let wlfd = wl_display_get_fd(display.display)
        while exitCode == nil {
            for hook in beforePoll { hook(); if exitCode != nil { break } }
            if exitCode != nil { break }
            // Drain what is queued before we may sleep.
            while wl_display_prepare_read(display.display) != 0 {
                if wl_display_dispatch_pending(display.display) < 0 { display.fail(); break }
            }
            if exitCode != nil { wl_display_cancel_read(display.display); break }
            let wantWrite = !display.flush()
            if exitCode != nil { wl_display_cancel_read(display.display); break }
            let ordered = sources.sorted { $0.key < $1.key }
            var fds = [pollfd(fd: wlfd, events: Int16(POLLIN) | (wantWrite ? Int16(POLLOUT) : 0), revents: 0)]
            fds += ordered.map { pollfd(fd: $0.value.fd, events: $0.value.events, revents: 0) }
            if case .failure(let error) = systemCall({ poll(&fds, nfds_t(fds.count), -1) }) {
                wl_display_cancel_read(display.display)
                display.fail(DisplayError("poll failed: \(error)"))
                break
            }
            let w = fds[0].revents
            if w & Int16(POLLIN) != 0 {
                if wl_display_read_events(display.display) < 0 { display.fail(); break }
            } else {
                wl_display_cancel_read(display.display)
                if w & Int16(POLLHUP | POLLERR) != 0 { display.fail(); break }
            }
            if wl_display_dispatch_pending(display.display) < 0 { display.fail(); break }
            for (i, entry) in ordered.enumerated() where fds[i + 1].revents != 0 {
                // A handler may have removed this source meanwhile.
                if sources[entry.key] != nil { entry.value.handler(fds[i + 1].revents) }
                if exitCode != nil { break }
            }
        }
        return exitCode ?? 0
    }
}
