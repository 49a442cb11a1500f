import Geometry
import Synchronization

/// Stops a region job's blocking work while it blocks — a tile fetch from a server that stalls — once the view
/// it serves is gone: the zoom ended, the book changed, or a newer view of the page was asked for. A hook learns
/// the newer view's rect (nil when there is none), so a fetch for a tile the newer view still shows can finish.
public final class RegionStop: Sendable {
    private struct State {
        var stopped = false
        var newer: PixelRect?
        var next = 0
        var hooks: [Int: @Sendable (PixelRect?) -> Void] = [:]
    }
    private let state = Mutex(State())

    public init() {}

    public var isStopped: Bool { state.withLock { $0.stopped } }

    /// The view is gone; `newer` is the page's next view, if any. Runs the hooks once.
    public func stop(newer: PixelRect?) {
        let hooks = state.withLock { s -> [@Sendable (PixelRect?) -> Void] in
            guard !s.stopped else { return [] }
            s.stopped = true
            s.newer = newer
            defer { s.hooks.removeAll() }
            return Array(s.hooks.values)
        }
        for hook in hooks { hook(newer) }
    }

    /// Runs `body` with `hook` called if the job is stopped meanwhile (at once when it already was).
    public func whileRunning<T, E: Error>(onStop hook: @escaping @Sendable (PixelRect?) -> Void,
                                          _ body: () throws(E) -> T) throws(E) -> T {
        let (token, already) = state.withLock { s -> (Int?, (PixelRect?)?) in
            if s.stopped { return (nil, .some(s.newer)) }
            s.next += 1
            s.hooks[s.next] = hook
            return (s.next, nil)
        }
        if let already { hook(already) }
        defer { if let token { _ = state.withLock { $0.hooks.removeValue(forKey: token) } } }
        return try body()
    }
}
