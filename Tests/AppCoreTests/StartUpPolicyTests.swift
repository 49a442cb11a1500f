@testable import AppCore
import Config
import Geometry
import Gestures
import Testing

/// Start-up before the GL: what is decoded first, how long the first frame waits for it, when `ready`, `shown`
/// and `renderer` are logged (once each) and when the GL starts.
@Suite struct StartUpPolicyTests {
    func core(pages: Int = 12) -> AppCore {
        var s = Settings()
        s.margin = 0.05
        return AppCore(pageCount: pages, settings: s)
    }

    func names(_ effects: [AppEffect]) -> [String] {
        effects.compactMap { if case .occurred(let o) = $0 { o.meaning.log.name } else { nil } }
    }

    @Test func onlyTheFirstSpreadIsWantedUntilTheFirstFrame() {
        var c = core()
        let out = c.handle(.configured(width: 1280, height: 800, scale: 2), now: 0)
        #expect(out == [.wantPages([1], visible: 1, fitting: PixelSize(width: 2560, height: 1600))])
        _ = c.handle(.pageReady(page: 1, size: PixelSize(width: 600, height: 720), sourceSize: PixelSize(width: 600, height: 720)), now: 20)
        let (plan, _) = c.nextFrame(now: 21, framePending: false)
        #expect(plan?.target == .software)
        let committed = c.frameCommitted(plan!, at: 30, cost: 9, renderScale: 2)
        #expect(names(committed) == ["ready", "shown"])
        #expect(committed.contains(.wantPages([1, 2, 3, 4, 5], visible: 1, fitting: PixelSize(width: 2560, height: 1600))))
        #expect(committed.last == .start(.startGL(warmUp: .double)), "the GL starts once the first spread is up")
        let ready = committed.compactMap { if case .occurred(let o) = $0, case .ready = o { o.meaning.log } else { nil } }.first
        #expect(ready?.field("width") == .int(1280) && ready?.field("scale") == .double(2) && ready?.field("pages") == .int(12))
    }

    /// The first page is said from the frame that shows it, in speech mode only: the frame's effects pass the same
    /// speech decision as an event's.
    @Test func theFirstSpreadIsSaidFromItsFrameInSpeechModeOnly() {
        for speech in [true, false] {
            var s = Settings()
            s.speech = speech
            var c = AppCore(pageCount: 12, settings: s)
            _ = c.handle(.configured(width: 1280, height: 800, scale: 1), now: 0)
            _ = c.handle(.pageReady(page: 1, size: PixelSize(width: 600, height: 720), sourceSize: PixelSize(width: 600, height: 720)), now: 20)
            let (plan, _) = c.nextFrame(now: 21, framePending: false)
            let committed = c.frameCommitted(plan!, at: 30, cost: 9, renderScale: 1)
            let said = committed.compactMap { if case .say(let cue) = $0 { cue } else { nil } }
            #expect(said == (speech ? [.firstPage(1)] : []), "speech \(speech)")
            if speech, let i = committed.firstIndex(of: .occurred(.shown(page: 1))) {
                #expect(committed[i + 1] == .say(.firstPage(1)), "said right after what it says")
            }
        }
    }

    @Test func theFirstFrameWaitsAtMostAQuarterSecondForItsPages() {
        var c = core()
        _ = c.handle(.configured(width: 1280, height: 800, scale: 1), now: 0)
        #expect(c.nextFrame(now: 1, framePending: false).plan == nil, "waits for page 1")
        #expect(c.nextDeadline == 9, "makes its buffer meanwhile")
        #expect(c.handle(.timer, now: 9) == [.prepareSoftwareBuffer])
        #expect(c.nextDeadline == 251)
        _ = c.handle(.timer, now: 251)
        let (plan, _) = c.nextFrame(now: 251, framePending: false)
        #expect(plan?.target == .software, "paper where the page is missing")
        let committed = c.frameCommitted(plan!, at: 260, cost: 9, renderScale: 1)
        #expect(names(committed) == ["ready"], "no shown without the page")
        #expect(committed.last == .start(.startGL(warmUp: .double)))
        // The page comes: the next CPU frame shows it.
        _ = c.handle(.pageReady(page: 1, size: PixelSize(width: 600, height: 720), sourceSize: PixelSize(width: 600, height: 720)), now: 300)
        let (again, _) = c.nextFrame(now: 301, framePending: false)
        #expect(names(c.frameCommitted(again!, at: 305, cost: 9, renderScale: 1)) == ["shown"])
    }

    @Test func theGLTakesOverAndIsLoggedOnce() {
        var c = core()
        _ = c.handle(.configured(width: 1280, height: 800, scale: 1), now: 0)
        _ = c.handle(.pageReady(page: 1, size: PixelSize(width: 600, height: 720), sourceSize: PixelSize(width: 600, height: 720)), now: 20)
        let (plan, _) = c.nextFrame(now: 21, framePending: false)
        _ = c.frameCommitted(plan!, at: 30, cost: 9, renderScale: 1)
        let up = c.handle(.glReady(maxTextureSize: 512), now: 130)
        #expect(up.first == .upload(page: 1), "the held page becomes a texture")
        #expect(up.contains(.wantPages([1, 2, 3, 4, 5], visible: 1, fitting: PixelSize(width: 512, height: 512))))
        let (gl, _) = c.nextFrame(now: 131, framePending: false)
        #expect(gl?.target == .gl)
        let first = c.frameCommitted(gl!, at: 140, cost: 5, renderScale: 1)
        #expect(names(first) == ["renderer"])
        if case .occurred(let o) = first.first { #expect(o.meaning.log.field("startup_ms") == .double(110)) }
        // The next spread arrives (a turn waits for its pages), then a key turns to it.
        for page in [2, 3] { _ = c.handle(.pageReady(page: page, size: PixelSize(width: 400, height: 600), sourceSize: PixelSize(width: 400, height: 600)), now: 145) }
        _ = c.handle(.input(.key(keysym: Keysym.Right, pressed: true, modifiers: [], time: 150)), now: 150)
        let (next, _) = c.nextFrame(now: 151, framePending: false)
        #expect(names(c.frameCommitted(next!, at: 160, cost: 5, renderScale: 1)).isEmpty, "ready, shown, renderer: once")
    }

    @Test func withoutAUsableGLTheFirstPageIsStillShownThenStatusFour() throws {
        var c = core()
        _ = c.handle(.configured(width: 1280, height: 800, scale: 1), now: 0)
        _ = c.nextFrame(now: 1, framePending: false)
        _ = c.handle(.timer, now: 251)
        let plan = try #require(c.nextFrame(now: 251, framePending: false).plan)
        _ = c.frameCommitted(plan, at: 260, cost: 9, renderScale: 1)
        #expect(c.handle(.glFailed(message: "no display"), now: 300).isEmpty, "the page is not up yet")
        _ = c.handle(.pageReady(page: 1, size: PixelSize(width: 600, height: 720), sourceSize: PixelSize(width: 600, height: 720)), now: 400)
        let again = try #require(c.nextFrame(now: 401, framePending: false).plan)
        let out = c.frameCommitted(again, at: 410, cost: 9, renderScale: 1)
        #expect(names(out) == ["shown"])
        #expect(out.last == .quit(4, message: "no usable EGL/OpenGL ES 2: no display"))
        // A page that never comes does not hold the exit for long.
        var stuck = core()
        _ = stuck.handle(.configured(width: 1280, height: 800, scale: 1), now: 0)
        _ = stuck.handle(.glFailed(message: "x"), now: 10)
        #expect(stuck.nextDeadline! <= 3010)
        #expect(stuck.handle(.timer, now: 3010).contains(.quit(4, message: "no usable EGL/OpenGL ES 2: x")))
    }

    @Test func withoutWlShmTheGLDrawsTheFirstFrame() {
        var c = AppCore(pageCount: 3, settings: Settings(), host: Host(softwareFrames: false))
        _ = c.handle(.configured(width: 1280, height: 800, scale: 1), now: 0)
        let (plan, effects) = c.nextFrame(now: 1, framePending: false)
        #expect(plan == nil && effects == [.start(.startGL(warmUp: .double))])
    }
}
