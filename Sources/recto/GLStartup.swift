import FoundationEssentials
import Posix
import Glibc
import Pages
import Renderer

/// The EGL display and context and the scene renderer, made on a helper thread while the main thread keeps
/// the window alive and shows its first frames through wl_shm: on a software renderer EGL start-up (loading
/// llvmpipe and LLVM, eglInitialize, compiling the programs) takes ~100 ms that the first frame need not wait.
///
/// Mesa's Wayland EGL talks to the compositor on its own event queue, which libwayland lets a second thread
/// read alongside the main loop. The context is released from the helper thread before it is handed over;
/// the main thread then makes it current with the window surface. `fd` becomes readable once `take()` has
/// the outcome.
final class GLStartup: @unchecked Sendable {
    // @unchecked: `outcome` is written once by the helper thread and read by the main thread, both under
    // `lock`; the EGL objects in it are used by one thread at a time (the helper until it hands them over).
    struct Made {
        let egl: EGLDisplayContext
        let renderer: SceneRenderer
    }

    /// Readable end of the completion pipe (non-blocking, close-on-exec), for the event loop.
    let fd: Int32
    private let writeFD: Int32
    private let lock = Condition()
    private var outcome: Result<Made, any Error>?

    /// Starts the helper thread on the Wayland connection `display` (a `wl_display *`).
    init(display: OpaquePointer) {
        (fd, writeFD) = makeWakePipe()
        nonisolated(unsafe) let connection = display
        // Same priority as the main thread: llvmpipe's rasterizer threads, started inside eglInitialize,
        // inherit this thread's nice value and draw every later frame.
        startThread(name: "recto.gl-start") { [self] in finish(Self.make(connection)) }
    }

    deinit {
        close(fd)
        close(writeFD)
    }

    private static func make(_ display: OpaquePointer) -> Result<Made, any Error> {
        do {
            let egl = try EGLDisplayContext(.wayland(display))
            try egl.makeCurrentSurfaceless()
            let renderer = try SceneRenderer()
            egl.releaseCurrent()
            return .success(Made(egl: egl, renderer: renderer))
        } catch {
            return .failure(error)
        }
    }

    private func finish(_ result: Result<Made, any Error>) {
        lock.lock()
        outcome = result
        lock.unlock()
        var byte: UInt8 = 1
        _ = write(writeFD, &byte, 1)
    }

    /// Blocks until the helper thread is done (at most `timeoutMs`). Called before the process exits: exit()
    /// runs LLVM's static destructors, which abort while eglInitialize is still using them on the helper.
    func waitUntilDone(timeoutMs: Int32 = 10_000) {
        var p = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        _ = poll(&p, 1, timeoutMs)
    }

    /// The outcome once the helper thread is done (nil before); hands it over once.
    func take() -> Result<Made, any Error>? {
        var sink: UInt8 = 0
        _ = read(fd, &sink, 1)
        lock.lock()
        defer { outcome = nil; lock.unlock() }
        return outcome
    }
}
