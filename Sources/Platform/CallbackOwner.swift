// Every C callback from libwayland or xkbcommon enters Swift here: the listener's `data` pointer is an
// unretained reference to the owning object, and the body runs only on the main thread (the one thread
// that owns Wayland, EGL and GL). A callback on any other thread traps instead of racing.

/// Recovers the owner of a listener and runs `body` isolated to the main actor.
/// Traps (MainActor.assumeIsolated) when called from another thread.
@inline(__always)
func withOwner<Owner: AnyObject>(_ data: UnsafeMutableRawPointer?, _ type: Owner.Type,
                                 _ body: @MainActor (Owner) -> Void) {
    guard let data else { return }
    nonisolated(unsafe) let raw = data
    MainActor.assumeIsolated {
        body(Unmanaged<Owner>.fromOpaque(raw).takeUnretainedValue())
    }
}

/// A C listener table at a stable heap address for the life of its owner (a local `&listener` dangles).
final class ListenerBox<L> {
    let pointer: UnsafeMutablePointer<L>
    init(_ listener: L) {
        pointer = .allocate(capacity: 1)
        pointer.initialize(to: listener)
    }
    deinit {
        pointer.deinitialize(count: 1)
        pointer.deallocate()
    }
}

/// The unretained pointer handed to C as listener data; the owner outlives its proxies.
func opaque(_ owner: AnyObject) -> UnsafeMutableRawPointer { Unmanaged.passUnretained(owner).toOpaque() }
