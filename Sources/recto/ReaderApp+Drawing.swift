import AppCore
import Decoding
import FoundationEssentials
import Invocation
import Platform
import Presentation
import ReaderOperations

extension ReaderApp {
    /// Draws the frame the core plans, if one is due.
    func drawIfDue() {
        guard window.isConfigured else { return }
        let (plan, effects) = core.nextFrame(now: monotonicMilliseconds(), framePending: window.framePending)
        perform(effects)
        guard let plan else { return }
        let started = monotonicMilliseconds()
        var damaged: Double?
        switch plan.target {
        case .software:
            // Before the GL: the pages' images as the cache delivered them.
            guard presenter.drawSoftware(plan, image: { [cache] in cache?.deliveredImage(of: $0) }) else {
                perform(core.handle(.softwareFrameFailed, now: monotonicMilliseconds()))
                return
            }
        case .gl:
            let extras = FramePresenter.Extras(shelf: shelf == nil ? nil : core.shelfView(now: started), shelfCovers: shelf,
                                               controls: core.controlsPlan(now: started), textScale: core.textScale,
                                               screenshot: screenshotPending)
            var replies: [(client: Int, reply: String)] = []
            let shoot = extras.screenshot
            damaged = presenter.drawGL(plan, extras: extras) { [ops] in if shoot { replies = ops?.writeScreenshots(width: $0, height: $1) ?? [] } }
            guard damaged != nil else {
                if presenter.renderer != nil { display.fail(DisplayError("presenting the frame failed: the display is gone")) }
                return
            }
            ops?.reply(replies)
            if !presenter.lastGLErrors.isEmpty {
                options.logger.error("GL errors in a frame: \(presenter.lastGLErrors.joined(separator: ", "))")
            }
        }
        let committed = monotonicMilliseconds()
        if let damaged { presenter.stats.committed(at: committed, cost: committed - started, damaged: damaged) }
        ops?.frameDone(at: committed, cost: committed - started)
        perform(core.frameCommitted(plan, at: committed, cost: committed - started, renderScale: window.renderScale))
        if damaged != nil, options.stats, presenter.stats.summaryDue(at: committed) { log.emit(statsEvent) }
    }

    private static func ms(_ x: Double) -> String { String((x * 100).rounded() / 100) }

    private var statsEvent: LogEvent {
        var event = presenter.frameStats.event(textures: presenter.textures.count, glErrors: presenter.glErrorCount,
                                               rssKB: ProcessStatus.residentKB(), fds: ProcessStatus.openDescriptors(),
                                               framesMissingPages: core.framesMissingPages)
        for (key, value) in turnCounts { event.append(key, .int(value)) }
        return event
    }

    /// What waited for its pages, and what did not get to: see `TurnGate`.
    private var turnCounts: KeyValuePairs<String, Int> {
        ["turns_queued": core.turnsQueued, "turns_carried": core.turnsCarried, "turns_refused": core.turnsRefused,
         "turns_cleared": core.turnsCleared, "drags_held": core.dragsHeld]
    }

    var statsReport: String {
        var out = presenter.frameStats.report
        let f = core.frames
        out += "frame scheduler: repaint cycle \(Self.ms(f.cycle)) ms, frame cost estimate \(Self.ms(f.costEstimate)) ms, "
            + "margin \(Self.ms(f.margin)) ms, repaints missed \(f.missed)\n"
        out += "turns and drags waiting for their pages: " + turnCounts.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
            + "; frames missing pages \(core.framesMissingPages)\n"
        if let c = cache?.statistics {
            out += "page cache: used \(c.usedBytes >> 20) MiB (peak \(c.peakBytes >> 20)) of \(c.budgetBytes >> 20) MiB; "
                + "textures \(c.textureBytes >> 20) MiB counted, \(presenter.textureSummary); "
                + "cpu \(c.cpuBytes >> 20) MiB; decodes \(c.decodes), evictions \(c.evictions)\n"
        }
        return out
    }
}
