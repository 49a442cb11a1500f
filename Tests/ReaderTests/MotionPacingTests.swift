import Reader
import Testing

@Suite struct MotionPacingTests {
    @Test func inputIsDrawnAtOnceButNotFasterThanHalfTheRefreshInterval() {
        var pacing = MotionPacing()
        #expect(pacing.drawsInputAtOnce(now: 0, freshInput: true))
        #expect(!pacing.drawsInputAtOnce(now: 0, freshInput: false), "no input: wait for the frame callback")
        // Callbacks every 25 ms: the compositor repaints 40 times a second.
        for k in 0...40 { pacing.frameCallback(at: Double(k) * 25) }
        #expect(abs(pacing.interval - 25) < 0.5)
        pacing.drawing(at: 1000)
        #expect(!pacing.drawsInputAtOnce(now: 1008, freshInput: true), "8 ms after the last frame began")
        #expect(pacing.drawsInputAtOnce(now: 1013, freshInput: true), "touch at 60 Hz is drawn as it comes")
        #expect(!pacing.drawsInputAtOnce(now: 1013, freshInput: false))
    }

    @Test func motionFramesShrinkOnlyWhenAFullFrameMissesTheInterval() {
        var pacing = MotionPacing()
        #expect(pacing.factor(moving: true, setting: nil) == 1, "no cost measured yet")
        pacing.fullFrameCost(10)
        #expect(pacing.factor(moving: true, setting: nil) == 1, "10 ms fits in 16.7 ms")
        for _ in 0..<30 { pacing.fullFrameCost(40) }
        #expect(pacing.factor(moving: true, setting: nil) == 0.5)
        #expect(pacing.factor(moving: false, setting: nil) == 1, "full resolution at rest")
        #expect(pacing.factor(moving: true, setting: 0.1) == 0.25, "a fixed factor is clamped")
    }
}
