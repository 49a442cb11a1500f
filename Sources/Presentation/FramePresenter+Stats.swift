import AppCore
import Caching
import Diagnostics
import Occurrences
import Pages

/// `--stats`: the frames' costs, the turns that waited for their pages and the page cache, as the periodic log
/// event and the report printed at exit.
extension FramePresenter {
    public func statsEvent(core: AppCore) -> LogEvent {
        var event = frameStats.event(textures: textures.count, glErrors: glErrorCount, rssKB: ProcessStatus.residentKB(),
                                     fds: ProcessStatus.openDescriptors(), framesMissingPages: core.framesMissingPages)
        for (key, value) in Self.turnCounts(core) { event.append(key, .int(value)) }
        return event
    }

    public func statsReport(core: AppCore, cache c: PageCache.Statistics?) -> String {
        var out = frameStats.report
        let f = core.frames
        out += "frame scheduler: repaint cycle \(Self.ms(f.cycle)) ms, frame cost estimate \(Self.ms(f.costEstimate)) ms, "
            + "margin \(Self.ms(f.margin)) ms, repaints missed \(f.missed)\n"
        out += "turns and drags waiting for their pages: " + Self.turnCounts(core).map { "\($0.key) \($0.value)" }.joined(separator: ", ")
            + "; frames missing pages \(core.framesMissingPages)\n"
        if let c {
            out += "page cache: used \(c.usedBytes >> 20) MiB (peak \(c.peakBytes >> 20)) of \(c.budgetBytes >> 20) MiB; "
                + "textures \(c.textureBytes >> 20) MiB counted, \(textureSummary); "
                + "cpu \(c.cpuBytes >> 20) MiB; decodes \(c.decodes), evictions \(c.evictions)\n"
        }
        return out
    }

    private static func ms(_ x: Double) -> String { String((x * 100).rounded() / 100) }

    /// What waited for its pages, and what did not get to: see `TurnGate`.
    private static func turnCounts(_ core: AppCore) -> KeyValuePairs<String, Int> {
        ["turns_queued": core.turnsQueued, "turns_carried": core.turnsCarried, "turns_refused": core.turnsRefused,
         "turns_cleared": core.turnsCleared, "drags_held": core.dragsHeld]
    }
}
