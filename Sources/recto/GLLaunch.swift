import Book
import Renderer

/// The GL's start, which the reader waits for on a helper thread after its first frame.
struct GLLaunch {
    /// Makes the GL on a helper thread; nil before and once it handed it over.
    var startup: GLStartup?
    var token: Int?
    /// Test-only (`RECTO_TEST_HOLD_GL=1`): the GL starts at SIGUSR1, so tests can see the CPU frames alone.
    var held = false
    /// The layout the core asked the GL to start in, kept while it is held.
    var wanted: SpreadMode?
}
