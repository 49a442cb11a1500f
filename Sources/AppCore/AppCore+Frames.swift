import Geometry
import Reader

/// What the shell draws next.
public struct FramePlan: Sendable {
    public enum Target: Sendable { case software, gl }
    public var target: Target
    public var frame: ReaderFrame
    /// The buffer's resolution for this frame as a factor of full (1 at rest; less while moving on a slow renderer).
    public var motionFactor: Double
    /// Full-resolution details to draw over their pages (book space).
    public var details: [(page: Int, rect: Rect)]
    /// Every page on screen has its image (a CPU-drawn first frame may show paper for a missing one).
    var complete: Bool
    /// While the corner lifts in attract mode: the invitation to drag it, drawn near it.
    public var hint: AttractHint? = nil
    /// The page overlay (page numbers and scrubber), when shown.
    public var overlay: OverlayPlan? = nil
    /// The idle warning's countdown, when shown.
    public var idleWarning: IdleWarningPlan? = nil
}

extension AppCore {
    /// The frame to draw now, if one is due: before the GL is up a CPU-drawn frame of the resting view, after
    /// it a GL frame when `FrameScheduler` says (once per compositor repaint, as late as its cost allows); while
    /// it waits, `frameDue` is a deadline. `framePending`: the last frame's callback has not come yet.
    public mutating func nextFrame(now: Double, framePending: Bool) -> (plan: FramePlan?, effects: [AppEffect]) {
        frameDue = nil
        guard needsFrame, window != nil else { return (nil, []) }
        guard glIsUp else { return softwareFrame(now: now) }
        let inputDriven = (reader.isDragging || reader.zoom.isInteracting) && !reader.isAnimating
        let due = frames.drawTime(now: now, pending: framePending, inputDriven: inputDriven)
        guard due <= now else {
            frameDue = due
            return (nil, [])
        }
        needsFrame = false
        let effects = log(reader.advance(to: now))
        if reader.isAnimating { needsFrame = true }
        frames.drawing(at: now)
        let factor = frames.factor(moving: reader.isTurning || reader.isAnimating, setting: settings.motionScale)
        var frame = reader.frame
        if settings.predict, reader.isDragging, let newest = predictor.latestTime {
            // Drawn where the finger will be when this frame is on screen; the state keeps the real input.
            var ahead = reader
            _ = ahead.apply(.curlMove(predictor.predict(lead: frames.cycle)), at: newest)
            frame = ahead.frame
        }
        // The frame just built, not the reader's again: that would solve the curl twice a frame.
        if !Self.pages(of: frame).allSatisfy(hasImage) { framesMissingPages += 1 }
        var plan = FramePlan(target: .gl, frame: frame, motionFactor: factor,
                             details: zoomDetail.quads(turning: reader.isTurning), complete: true)
        plan.hint = attractHint
        plan.overlay = overlayPlan(at: now)
        plan.idleWarning = idleWarningPlan(at: now)
        // The bar shrinks smoothly (with reduced motion it steps once a second, by the countdown's deadline).
        if plan.idleWarning != nil, !settings.reader.reducedMotion { needsFrame = true }
        if plan.overlay != nil, !overlay.visible { needsFrame = true }  // fading out
        return (plan, effects)
    }

    /// A frame the CPU can draw (the resting view, axis-aligned); anything else waits for the GL.
    private mutating func softwareFrame(now: Double) -> (plan: FramePlan?, effects: [AppEffect]) {
        let frame = reader.frame
        let v = frame.view
        guard settings.softwareFrames, !reader.isAnimating, !reader.isTurning,
              v.b == 0, v.c == 0, v.a > 0, v.d > 0 else { return (nil, requestGL(now: now)) }
        let complete = frame.pages.allSatisfy { pages[$0.page] != nil }
        if !firstFrames.committed, !complete, !firstFrames.waitOver {
            firstFrames.startWaiting(now: now, settings: settings)
            return (nil, [])
        }
        firstFrames.stopWaiting()
        needsFrame = false
        return (FramePlan(target: .software, frame: frame, motionFactor: 1, details: [], complete: complete), [])
    }

    /// `plan` was drawn and committed at `now` (ms), costing `cost` ms, into a buffer of `renderScale` pixels per
    /// logical pixel. `ready` is emitted here, at the first commit, and only here.
    public mutating func frameCommitted(_ plan: FramePlan, at now: Double, cost: Double,
                                        renderScale: Double) -> [AppEffect] {
        var out: [AppEffect] = []
        if plan.target == .gl {
            frames.committed(at: now, cost: cost, factor: plan.motionFactor)
            reader.allowZoom(upTo: ZoomDetailPolicy.sourcePixelsScale(reader: reader, pages: pages, renderScale: renderScale))
            out += zoomDetail.update(reader: reader, pages: pages, renderScale: renderScale, now: now)
            if !plan.details.isEmpty && zoomDetail.quads(turning: reader.isTurning).isEmpty { needsFrame = true }
        }
        if !readySent, let w = window {
            readySent = true
            out.append(.occurred(.ready(width: Int(w.width), height: Int(w.height), scale: w.scale,
                                         pages: reader.position.pageCount)))
        }
        if plan.target == .software, !firstFrames.committed {
            firstFrames.committed = true
            out += wantPages()  // now the neighbours too
        }
        if !shownSent, plan.frame.pages.contains(where: { pages[$0.page] != nil }) {
            shownSent = true
            out.append(.occurred(.shown(page: reader.page)))
            if let failure = glFailure {
                glFailure = nil
                out.append(failure.quit)
            }
        }
        switch plan.target {
        case .software:
            if plan.complete || firstFrames.waitOver { out += requestGL(now: now) }
        case .gl:
            if !rendererSent {
                rendererSent = true
                let startup = glStartedAt.map { now - $0 } ?? 0
                out.append(.occurred(.renderer(startupMS: startup)))
            }
        }
        return out
    }

    mutating func requestGL(now: Double) -> [AppEffect] {
        guard !firstFrames.glRequested else { return [] }
        firstFrames.glRequested = true
        glStartedAt = now
        return [.startGL]
    }
}
