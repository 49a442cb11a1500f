import AppCore
import Decoding
import FoundationEssentials
import Occurrences
import Operations
import Platform
import Presentation

extension ReaderApp {
    /// Draws the frame the core plans, if one is due.
    func drawIfDue() {
        guard window.isConfigured else { return }
        // While the compositor holds every buffer nothing drawn would show: the release of one wakes the loop.
        guard !presenter.waitsForBuffer else { return core.frameWaitsForBuffer() }
        let (plan, effects) = core.nextFrame(now: monotonicMilliseconds(), framePending: window.framePending)
        perform(effects)
        guard let plan else { return }
        let started = monotonicMilliseconds()
        var damaged: Double?
        switch plan.target {
        case .software:
            // Before the GL: the pages' images as the cache delivered them.
            guard presenter.drawSoftware(plan, image: { [cache] in cache?.deliveredImage(of: $0) }) else {
                deliver(.softwareFrameFailed)
                return
            }
        case .gl:
            var replies: [(client: Int, reply: String)] = []
            let shoot = screenshotPending
            switch presenter.drawGL(plan, shelfCovers: library.covers, screenshot: shoot,
                                    readBack: { [ops] in if shoot { replies = ops?.writeScreenshots(width: $0, height: $1) ?? [] } }) {
            case .shown(let share): damaged = share
            case .notShown:
                core.frameNotShown()
                ops?.reply(replies)
                return
            case .failed:
                if presenter.renderer != nil { display.fail(DisplayError("presenting the frame failed: the display is gone")) }
                return
            }
            ops?.reply(replies)
            if !presenter.lastGLErrors.isEmpty {
                logger.error("GL errors in a frame: \(presenter.lastGLErrors.joined(separator: ", "))")
            }
        }
        let committed = monotonicMilliseconds()
        if let damaged { presenter.stats.committed(at: committed, cost: committed - started, damaged: damaged) }
        ops?.frameDone(at: committed, cost: committed - started)
        perform(core.frameCommitted(plan, at: committed, cost: committed - started, renderScale: window.renderScale))
        if damaged != nil, stats, presenter.stats.summaryDue(at: committed) { log.emit(statsEvent) }
    }

    private var statsEvent: LogEvent { presenter.statsEvent(core: core) }

    var statsReport: String { presenter.statsReport(core: core, cache: cache?.statistics) }
}
