import Book
import Posix
import Text

/// The EGL display and context and the scene renderer, made on a helper thread while the main thread keeps
/// the window alive and shows its first frames through wl_shm: on a software renderer EGL start-up (loading
/// llvmpipe and LLVM, eglInitialize, compiling the programs) takes ~100 ms that the first frame need not wait.
///
/// Mesa's Wayland EGL talks to the compositor on its own event queue, which libwayland lets a second thread
/// read alongside the main loop. The context is released from the helper thread before it is handed over;
/// the main thread then makes it current with the window surface (a `Handoff`: `fd` becomes readable once
/// `take()` has the outcome).
///
/// One job on a thread of its own that ends as soon as it has handed the outcome over, not a `Worker`: a worker's
/// thread ends when the worker is released, which at a quit during start-up is while exit() unloads the
/// libraries, and its EGL thread-local destructors then crashed the process (SIGABRT or SIGSEGV, `ReaderSliceTests`
/// `sigtermWhileTheGLStartsEndsWithZero`).
public final class GLStartup {
    public struct Made {
        public let egl: EGLDisplayContext
        public let renderer: SceneRenderer
    }

    // The EGL objects are used by one thread at a time: the helper until it hands them over.
    private let outcome = Handoff<Result<Made, any Error>>()

    /// Readable end of the completion pipe (non-blocking, close-on-exec), for the event loop.
    public var fd: Int32 { outcome.fd }

    /// Starts the helper thread on the Wayland connection `display` (a `wl_display *`). Same priority as the main
    /// thread: llvmpipe's rasterizer threads, started inside eglInitialize, inherit this thread's nice value and
    /// draw every later frame.
    public init(display: OpaquePointer, warmUp spread: SpreadMode, text: TextRenderer) {
        nonisolated(unsafe) let connection = display
        let outcome = outcome
        startThread(name: "recto.gl-start") {
            outcome.put(Self.make(connection, warmUp: spread, text: text))
            // The warm-up has compiled what turns draw; the loop takes the GL meanwhile.
            SceneRenderer.releaseCompilerCode()
        }
    }

    private static func make(_ display: OpaquePointer, warmUp spread: SpreadMode, text: TextRenderer) -> Result<Made, any Error> {
        do {
            let egl = try EGLDisplayContext(.wayland(display))
            try egl.makeCurrentSurfaceless()
            let renderer = try SceneRenderer(text: text)
            renderer.warmUp(spread)
            egl.releaseCurrent()
            return .success(Made(egl: egl, renderer: renderer))
        } catch {
            return .failure(error)
        }
    }

    /// Blocks until the helper thread is done (at most `timeoutMs`). Called before the process exits: exit()
    /// runs LLVM's static destructors, which abort while eglInitialize is still using them on the helper.
    public func waitUntilDone(timeoutMs: Int32 = 10_000) {
        outcome.wait(timeoutMs: timeoutMs)
    }

    /// The outcome once the helper thread is done (nil before); hands it over once.
    public func take() -> Result<Made, any Error>? { outcome.take() }
}
