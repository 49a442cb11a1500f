import Geometry
import Panels
import Reader

extension AppCore {
    /// The frame to draw now, if one is due: before the GL is up a CPU-drawn frame of the resting view, after
    /// it a GL frame when `FrameScheduler` says (once per compositor repaint, as late as its cost allows); while
    /// it waits, `FramePacing.due` is a deadline. `framePending`: the last frame's callback has not come yet.
    public mutating func nextFrame(now: Double, framePending: Bool) -> (plan: FramePlan?, effects: [AppEffect]) {
        let (plan, effects) = planFrame(now: now, framePending: framePending)
        return (plan, spoken(effects))
    }

    private mutating func planFrame(now: Double, framePending: Bool) -> (plan: FramePlan?, effects: [AppEffect]) {
        pacing.looking()
        advanceShelf(now: now)
        guard window != nil, needsFrame(at: now) else { return (nil, []) }
        guard glIsUp else { return softwareFrame(now: now) }
        let inputDriven = (reader.isDragging || reader.zoom.isInteracting) && !reader.isAnimating
        guard pacing.drawsGL(now: now, pending: framePending, inputDriven: inputDriven) else { return (nil, []) }
        let effects = log(reader.advance(to: now)) + narrationDue(now: now)
        let factor = pacing.scheduler.factor(moving: reader.isTurning || reader.isAnimating, setting: motionScale)
        var frame = reader.frame
        let shown = content(at: now, frame: frame)
        pacing.drawing(shown)
        if settings.predict, reader.isDragging, let newest = input.predictor.latestTime {
            // Drawn where the finger will be when this frame is on screen; the state keeps the real input.
            var ahead = reader
            _ = ahead.apply(.curlMove(input.predictor.predict(lead: pacing.scheduler.cycle)), at: newest)
            frame = ahead.frame
        }
        // The frame just built, not the reader's again: that would solve the curl twice a frame.
        if !frame.pagesShown.allSatisfy(hasImage) { pacing.missedPages() }
        var plan = FramePlan(target: .gl, frame: frame, motionFactor: factor,
                             details: pages.zoomDetail.quads(turning: reader.isTurning), complete: true)
        // What the content holds is drawn as it was compared: each plan is made once a frame.
        plan.panels = shown.panels
        plan.shelf = shown.shelf
        return (plan, effects)
    }

    /// A frame the CPU can draw (the resting view, axis-aligned); anything else waits for the GL.
    private mutating func softwareFrame(now: Double) -> (plan: FramePlan?, effects: [AppEffect]) {
        let frame = reader.frame
        let v = frame.view
        guard startup.softwareFrames, !reader.isAnimating, !reader.isTurning,
              v.b == 0, v.c == 0, v.a > 0, v.d > 0 else { return (nil, startup.requestGL(now: now, spread: reader.position.mode)) }
        let complete = frame.pages.allSatisfy { pages[$0.page] != nil }
        if !startup.firstFrames.committed, !complete, !startup.firstFrames.waitOver {
            startup.firstFrames.startWaiting(now: now)
            return (nil, [])
        }
        startup.firstFrames.stopWaiting()
        pacing.drawing(content(at: now, frame: frame))
        return (FramePlan(target: .software, frame: frame, motionFactor: 1, details: [], complete: complete), [])
    }

    /// The frame planned last never reached the screen (the compositor held every buffer): what it showed is drawn
    /// again, whatever changes meanwhile.
    public mutating func frameNotShown() { pacing.ask() }

    /// No frame can be shown now (the compositor holds every buffer): none is planned, so no timer wakes the loop
    /// for one; the buffer's release does.
    public mutating func frameWaitsForBuffer() { pacing.looking() }

    /// `plan` was drawn and committed at `now` (ms), costing `cost` ms, into a buffer of `renderScale` pixels per
    /// logical pixel. `ready` is emitted here, at the first commit, and only here.
    public mutating func frameCommitted(_ plan: FramePlan, at now: Double, cost: Double,
                                        renderScale: Double) -> [AppEffect] {
        spoken(committed(plan, at: now, cost: cost, renderScale: renderScale))
    }

    private mutating func committed(_ plan: FramePlan, at now: Double, cost: Double, renderScale: Double) -> [AppEffect] {
        var out: [AppEffect] = []
        if plan.target == .gl {
            pacing.scheduler.committed(at: now, cost: cost, factor: plan.motionFactor)
            reader.allowZoom(upTo: ZoomDetailPolicy.sourcePixelsScale(reader: reader, pages: pages.images, renderScale: renderScale))
            // Not while a page turns: no zoom settles then, and the turning frame costs a curl to build.
            if !reader.isTurning {
                reader.setPixelGrid(book.vectorPages ? nil
                                    : ZoomDetailPolicy.pixelGrid(reader: reader, pages: pages.images, renderScale: renderScale))
            }
            out += pages.zoomDetail.update(reader: reader, pages: pages.images, renderScale: renderScale, now: now)
        }
        out += startup.ready(window: window, pages: reader.position.pageCount)
        if plan.target == .software, startup.softwareCommitted() {
            out += wantPages()  // now the neighbours too
        }
        if plan.frame.pages.contains(where: { pages[$0.page] != nil }) { out += startup.shown(page: reader.page) }
        out += captionsCommitted(plan.panels.captions)
        if let (what, since) = controls.awaitingScreen {
            controls.awaitingScreen = nil
            out.append(.occurred(.drawn(what, afterMS: now - since)))
        }
        return out + startup.afterCommit(plan.target, complete: plan.complete, now: now, spread: reader.position.mode)
    }
}

extension AppCore {
    mutating func configured(width: Double, height: Double, scale: Double) -> [AppEffect] {
        screen.window = (width, height, scale)
        var out = log(reader.resize(width: width, height: height))
        out += wantPages()
        return out
    }

    /// The window, the compositor's timing and the GL.
    mutating func screenEvent(_ event: AppEvent, now: Double) -> [AppEffect] {
        switch event {
        case let .configured(width, height, scale):
            defer { idle.attract.start(now: now) }
            return configured(width: width, height: height, scale: scale)
        case .pixelDensity(let perMM):
            screen.pixelsPerMM = perMM
            input.density(pixelsPerMM: perMM)
        case .frameCallback: pacing.scheduler.frameCallback(at: now)
        case let .presented(time, refresh): pacing.scheduler.presented(at: time, refresh: refresh)
        case .glReady(let size): return glReady(maxTextureSize: size)
        case .softwareFrameFailed: return startup.requestGL(now: now, spread: reader.position.mode)
        case .glFailed(let message): return startup.glFailed(message, now: now, grace: Self.glFailureGrace)
        default: break
        }
        return []
    }
}
