import Book

/// Start-up, from the first configure to the first GL frame: the CPU-drawn first frames (`FirstFramePolicy`), the
/// GL's request and its outcome, and the occurrences that mark the way (`ready` at the first commit, `shown` at the
/// first page on screen, `renderer` at the first GL frame), each said once.
struct StartupPolicy: Sendable {
    var firstFrames = FirstFramePolicy()
    /// The first frames may be drawn by the CPU (`Host.softwareFrames`).
    var softwareFrames = true
    /// GL_MAX_TEXTURE_SIZE once the GL is up.
    private(set) var maxTextureSize: Int?
    private var readySent = false
    private(set) var shownSent = false
    private var rendererSent = false
    private var glStartedAt: Double?
    /// The GL failed before the first page was shown: the program ends once it is, or at the deadline.
    private var glFailure: (quit: AppEffect, deadline: Double)?

    /// The GL draws (its start-up is over).
    var glIsUp: Bool { maxTextureSize != nil }

    var deadline: Double? {
        [firstFrames.pageWaitDeadline, firstFrames.prepareDeadline, glFailure?.deadline].compactMap { $0 }.min()
    }

    /// The GL starts (once).
    mutating func requestGL(now: Double, spread: SpreadMode) -> [AppEffect] {
        guard !firstFrames.glRequested else { return [] }
        firstFrames.glRequested = true
        glStartedAt = now
        return [.start(.startGL(warmUp: spread))]
    }

    /// The GL is up with this texture limit.
    mutating func glReady(maxTextureSize limit: Int) { maxTextureSize = max(1, limit) }

    /// What the CPU can show is shown first (a slow first decode must not end the program before its page is up),
    /// but not for long: status 4 tells the supervisor this machine cannot draw.
    mutating func glFailed(_ message: String, now: Double, grace: Double) -> [AppEffect] {
        let quit = AppEffect.quit(4, message: "no usable EGL/OpenGL ES 2: \(message)")
        if shownSent { return [quit] }
        glFailure = (quit, now + grace)
        return []
    }

    /// The first commit of any frame: `ready`, once.
    mutating func ready(window: Screen.Window?, pages: Int) -> [AppEffect] {
        guard !readySent, let w = window else { return [] }
        readySent = true
        return [.occurred(.ready(width: Int(w.width), height: Int(w.height), scale: w.scale, pages: pages))]
    }

    /// Whether this is the first CPU-drawn frame committed (the neighbours are wanted from now).
    mutating func softwareCommitted() -> Bool {
        guard !firstFrames.committed else { return false }
        firstFrames.committed = true
        return true
    }

    /// A committed frame showed a page: `shown`, once, and a quit the GL's failure held for it.
    mutating func shown(page: Int) -> [AppEffect] {
        guard !shownSent else { return [] }
        shownSent = true
        var out: [AppEffect] = [.occurred(.shown(page: page))]
        if let failure = glFailure {
            glFailure = nil
            out.append(failure.quit)
        }
        return out
    }

    /// After a commit: a CPU-drawn frame with its pages (or after the wait) starts the GL; the first GL frame
    /// says how long the GL took to start.
    mutating func afterCommit(_ target: FramePlan.Target, complete: Bool, now: Double, spread: SpreadMode) -> [AppEffect] {
        switch target {
        case .software:
            return complete || firstFrames.waitOver ? requestGL(now: now, spread: spread) : []
        case .gl:
            guard !rendererSent else { return [] }
            rendererSent = true
            return [.occurred(.renderer(startupMS: glStartedAt.map { now - $0 } ?? 0))]
        }
    }

    /// The deadlines due at `now`.
    mutating func timersDue(now: Double) -> [AppEffect] {
        var out = firstFrames.timersDue(now: now, glIsUp: glIsUp)
        if let failure = glFailure, failure.deadline <= now {
            glFailure = nil
            out.append(failure.quit)
        }
        return out
    }
}
