import AppCore
import Dispatch
import FoundationEssentials
import Geometry
import Platform
import Renderer

extension ReaderApp {
    /// Draws the frame the core plans, if one is due.
    func drawIfDue() {
        guard window.isConfigured else { return }
        let (plan, effects) = core.nextFrame(now: monotonicMilliseconds(), framePending: window.framePending)
        perform(effects)
        guard let plan else { return }
        switch plan.target {
        case .software: drawSoftware(plan)
        case .gl: drawGL(plan)
        }
    }

    /// Before the GL is up: the resting view drawn by the CPU into a wl_shm buffer and committed at once (no
    /// frame callback: these frames are few, one per change).
    private func drawSoftware(_ plan: FramePlan) {
        let started = monotonicMilliseconds()
        let pixels = held.mapValues { PagePixels(width: $0.width, height: $0.height, rgba: $0.pixels) }
        guard let software, let scene = composer.softwareScene(plan.frame, pixels: pixels, renderScale: window.renderScale),
              software.present({ buffer, width, height, stride in
                  // Two bands on two threads: the pixels are the whole cost of this frame.
                  nonisolated(unsafe) let pixels = buffer
                  DispatchQueue.concurrentPerform(iterations: 2) { half in
                      SoftwareCompositor.draw(scene, into: pixels, width: width, height: height, stride: stride,
                                              order: .bgrx, band: half == 0 ? 0..<height / 2 : height / 2..<height)
                  }
              }) else {
            perform(core.handle(.softwareFrameFailed, now: monotonicMilliseconds()))
            return
        }
        let committed = monotonicMilliseconds()
        frameDone(at: committed, cost: committed - started)
        perform(core.frameCommitted(plan, at: committed, cost: committed - started, renderScale: window.renderScale))
    }

    private func drawGL(_ plan: FramePlan) {
        guard let surface, let renderer else { return }
        let started = monotonicMilliseconds()
        if plan.motionFactor != window.motionFactor, window.setMotionFactor(plan.motionFactor) {
            surface.resize(width: window.bufferWidth, height: window.bufferHeight)
            damage.reset()
        }
        var scene = composer.scene(plan.frame, textures: textures)
        scene.details = plan.details.flatMap { d in details[d.page]?.quads(over: d.rect) ?? [] }
        scene.view = Affine2.scale(window.renderScale).concatenating(scene.view)
        scene.hint = plan.hint.map { HintLayer(text: $0.text, corner: $0.corner, leftOfCorner: $0.spineOnLeft) }
        scene.overlay = plan.overlay.map { o in
            let s = window.renderScale
            func px(_ r: Rect) -> Rect { Rect(x: r.x * s, y: r.y * s, width: r.width * s, height: r.height * s) }
            // Large text grows the label (and the track's box with it).
            return OverlayLayer(track: px(o.track), thumb: px(o.thumb), label: o.label, labelCentre: o.labelCentre * s,
                                scale: s * core.textScale, opacity: o.opacity)
        }
        applyShelf(to: &scene)
        applyControls(to: &scene)
        scene.idleWarning = plan.idleWarning.map { w in
            let s = window.renderScale
            return IdleWarningLayer(title: w.title, line: w.line,
                                    box: Rect(x: w.box.x * s, y: w.box.y * s, width: w.box.width * s, height: w.box.height * s),
                                    left: w.left, opacity: w.opacity, scale: s)
        }
        if screenshotPending { damage.reset() }
        let damaged = shmFrames != nil ? presentRetained(scene, renderer: renderer, surface: surface)
                                       : presentSwapped(scene, renderer: renderer, surface: surface)
        guard let damaged else {
            display.fail(DisplayError("presenting the frame failed: the display is gone"))
            return
        }
        checkGLErrors()
        let committed = monotonicMilliseconds()
        stats.committed(at: committed, cost: committed - started, damaged: damaged)
        frameDone(at: committed, cost: committed - started)
        perform(core.frameCommitted(plan, at: committed, cost: committed - started, renderScale: window.renderScale))
        if options.stats, stats.summaryDue(at: committed) { log.emit(statsEvent) }
    }

    /// Through the EGL window surface: repaints what changed since its back buffer was shown (buffer age).
    /// Returns the share of the buffer handed to the compositor as damaged, nil when the display is gone.
    private func presentSwapped(_ scene: FrameScene, renderer: SceneRenderer, surface: EGLWindowSurface) -> Double? {
        // Repaint only what the turning page changed since this buffer was last shown.
        let region = damage.damage(for: scene, bufferAge: surface.bufferAge(),
                                   size: (Double(surface.width), Double(surface.height)))
        renderer.draw(scene, width: Int(surface.width), height: Int(surface.height), clip: region)
        let replies = takeScreenshots(width: Int(surface.width), height: Int(surface.height))
        window.setOpaque()
        window.requestFrame()
        presentation?.request(newestInput: stats.newestInput)
        guard surface.swap(damage: region.map(Self.pixelRects)) else { return nil }
        reply(replies)
        return region.map { Self.share($0, of: Double(surface.width) * Double(surface.height)) } ?? 1
    }

    /// Through `ShmSwapchain` (a software renderer): the retained framebuffer repaints what changed since the
    /// last frame, and each wl_shm buffer gets what changed since it was last shown, damaged for the compositor.
    private func presentRetained(_ scene: FrameScene, renderer: SceneRenderer, surface: EGLWindowSurface) -> Double? {
        guard let shm = shmFrames else { return nil }
        let width = Int(surface.width), height = Int(surface.height), size = (Double(width), Double(height))
        if retained?.width != width || retained?.height != height {
            retained = try? RetainedTarget(width: width, height: height)
            damage.reset()
        }
        guard let retained else { return presentSwapped(scene, renderer: renderer, surface: surface) }
        let region = damage.damage(for: scene, bufferAge: retained.isFresh ? 0 : 1, size: size)
        retained.bind()
        renderer.draw(scene, width: width, height: height, clip: region)
        let replies = takeScreenshots(width: width, height: height)
        defer { reply(replies) }
        // Every buffer held by the compositor: this frame is skipped, the next one repaints.
        guard let frame = shm.acquire() else {
            damage.reset()
            return 0
        }
        let changed = damage.since(age: frame.age, size: size)
        let copied = changed.map(Self.pixelRects)
        retained.copy(copied, into: frame.pixels, stride: frame.stride)
        window.setOpaque()
        window.requestFrame()
        presentation?.request(newestInput: stats.newestInput)
        shm.present(frame, damage: copied)
        return changed.map { Self.share($0, of: size.0 * size.1) } ?? 1
    }

    private static func share(_ region: DamageRegion, of area: Double) -> Double {
        region.rects.reduce(0) { $0 + $1.width * $1.height } / max(1, area)
    }

    private static func ms(_ x: Double) -> String { String((x * 100).rounded() / 100) }

    private static func pixelRects(_ region: DamageRegion) -> [(x: Int32, y: Int32, w: Int32, h: Int32)] {
        region.rects.map { r in (x: Int32(r.minX), y: Int32(r.minY), w: Int32(r.width), h: Int32(r.height)) }
    }

    private func checkGLErrors() {
        #if DEBUG
        // Debug builds check every frame; release builds check with --stats.
        let check = true
        #else
        let check = options.stats
        #endif
        if check {
            let errors = GLErrors.drain()
            if !errors.isEmpty {
                glErrorCount += errors.count
                options.logger.error("GL errors in a frame: \(errors.joined(separator: ", "))")
            }
        }
    }

    // MARK: --stats

    private func syncPresentationStats() {
        guard let p = presentation else { return }
        stats.presented = p.presented
        stats.discarded = p.discarded
        stats.inputToPresentation = p.inputToPresentation
    }

    private var statsEvent: LogEvent {
        syncPresentationStats()
        var event = stats.event(textures: textures.count + details.count, glErrors: glErrorCount,
                                rssKB: ProcessStatus.residentKB(), fds: ProcessStatus.openDescriptors(),
                                framesMissingPages: core.framesMissingPages)
        for (key, value) in turnCounts { event.append(key, .int(value)) }
        return event
    }

    /// What waited for its pages, and what did not get to: see `TurnGate`.
    private var turnCounts: KeyValuePairs<String, Int> {
        ["turns_queued": core.turnsQueued, "turns_refused": core.turnsRefused, "turns_cleared": core.turnsCleared,
         "drags_held": core.dragsHeld]
    }

    var statsReport: String {
        syncPresentationStats()
        var out = stats.report
        let f = core.frames
        out += "frame scheduler: repaint cycle \(Self.ms(f.cycle)) ms, frame cost estimate \(Self.ms(f.costEstimate)) ms, "
            + "margin \(Self.ms(f.margin)) ms, repaints missed \(f.missed)\n"
        out += "turns and drags waiting for their pages: " + turnCounts.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
            + "; frames missing pages \(core.framesMissingPages)\n"
        if let c = cache?.statistics {
            let held = textures.values.reduce(0) { $0 + $1.byteCount } >> 20
            let size = textures.values.first.map { "\($0.width)×\($0.height)" } ?? "-"
            out += "page cache: used \(c.usedBytes >> 20) MiB (peak \(c.peakBytes >> 20)) of \(c.budgetBytes >> 20) MiB; "
                + "textures \(c.textureBytes >> 20) MiB counted, \(held) MiB held in \(textures.count) (\(size)); "
                + "cpu \(c.cpuBytes >> 20) MiB; decodes \(c.decodes), evictions \(c.evictions)\n"
        }
        return out
    }
}
