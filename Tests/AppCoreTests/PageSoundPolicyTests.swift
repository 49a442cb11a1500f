@testable import AppCore
import Config
import Geometry
import Gestures
import Testing

/// The paper's sound follows the hand: soft as a drag lifts the corner, moderate for a key, louder the faster a
/// flick or a let-go page goes; nothing with the setting off, nothing for a turn that does not begin.
@Suite struct PageSoundPolicyTests {
    static var settings: Settings {
        var s = Driver.settings
        s.pageSound = true
        return s
    }

    func levels(_ d: Driver, from index: Int = 0) -> [Double] {
        d.effects.dropFirst(index).compactMap { if case .start(.playPageSound(let l, _)) = $0 { l } else { nil } }
    }

    @Test func aKeyTurnSoundsOnceAtItsStart() {
        var d = Driver(settings: Self.settings)
        d.input(key(Keysym.Right, at: d.now + 10))
        #expect(levels(d) == [AppCore.pressLevel])
        d.run(for: 1000)
        #expect(levels(d) == [AppCore.pressLevel], "nothing more as it lands")
    }

    @Test func offByDefault() {
        var d = Driver()
        d.input(key(Keysym.Right, at: d.now + 10))
        d.run(for: 1000)
        #expect(levels(d).isEmpty)
    }

    @Test func aDragRustlesAsItLiftsAndSoundsAsItIsLetGo() {
        var d = Driver(settings: Self.settings)
        let before = d.effects.count
        d.input(stroke(from: Scene.rightCorner, to: Scene.rightCorner - Vec2(700, 40), steps: 20, interval: 16, at: d.now + 50))
        d.run(for: 1500)
        let heard = levels(d, from: before)
        #expect(heard.first == AppCore.dragLiftLevel, "\(heard)")
        #expect(heard.count == 2 && heard[1] > AppCore.dragLiftLevel, "let go moving: \(heard)")
    }

    @Test func fasterFlicksAreLouder() {
        var slow = Driver(settings: Self.settings)
        slow.input(stroke(from: Vec2(900, 400), to: Vec2(600, 400), steps: 6, interval: 40, at: slow.now + 50))
        var fast = Driver(settings: Self.settings)
        fast.input(stroke(from: Vec2(1000, 400), to: Vec2(300, 400), steps: 4, interval: 8, at: fast.now + 50))
        let s = levels(slow), f = levels(fast)
        #expect(s.count == 1 && f.count == 1, "\(s) \(f)")
        #expect((f.first ?? 0) > (s.first ?? 1), "slow \(s), fast \(f)")
        #expect(AppCore.level(speed: 100_000) == 1 && AppCore.level(speed: .nan) == 1 && AppCore.level(speed: 0) == 0.2)
    }
}
