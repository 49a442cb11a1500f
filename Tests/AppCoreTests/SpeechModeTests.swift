import Gestures
import Occurrences
import Testing
@testable import AppCore

/// Speech mode is the core's: the speech key switches it, the idle reset gives it back to its setting, every
/// touch or key asks the output to stop first, and only the visitor's switch is said aloud.
struct SpeechModeTests {
    static func driver(speech: Bool = false, key: String = "keypad-5-hold") -> Driver {
        var s = Driver.settings
        s.speech = speech
        s.speechKey = key
        s.idleReset = 60
        return Driver(settings: s)
    }

    static func key(_ sym: UInt32, _ pressed: Bool, _ d: inout Driver, after ms: Double = 20) {
        d.input(.key(keysym: sym, pressed: pressed, modifiers: [], time: d.now + ms))
    }

    func modes(_ d: Driver) -> [SpeechNote] {
        d.effects.compactMap { if case .occurred(.speech(let n)) = $0 { n } else { nil } }
    }

    func requests(_ d: Driver) -> [SpeechRequest] {
        d.effects.compactMap { if case .speech(let r) = $0 { r } else { nil } }
    }

    @Test func holdingKeypad5TogglesWhileStillHeldByTheCoresOwnTimer() {
        var d = Self.driver()
        Self.key(Keysym.KP_5, true, &d)
        #expect(d.core.nextDeadline == d.now + 1000, "the hold's end is one of the core's deadlines")
        d.run(for: 999)
        #expect(!d.core.speechMode)
        d.run(for: 20)
        #expect(d.core.speechMode, "on while the key is still down")
        Self.key(Keysym.KP_5, false, &d)
        #expect(d.core.speechMode, "the release after the toggle does nothing")
        #expect(modes(d) == [.mode(on: true, byVisitor: true)])
        #expect(Occurrence.speech(.mode(on: true, byVisitor: true)).meaning.speech == .mode(on: true))
        #expect(SpeechCue.mode(on: false).heardWhenOff, "\"Speech off\" is said as the mode goes off")
    }

    @Test func aShortPressRepeatsOnlyInSpeechMode() {
        var d = Self.driver()
        Self.key(Keysym.KP_5, true, &d)
        Self.key(Keysym.KP_5, false, &d, after: 100)
        #expect(requests(d).isEmpty, "off: nothing to stop or repeat")
        d = Self.driver(speech: true)
        Self.key(Keysym.KP_Begin, true, &d)
        Self.key(Keysym.KP_Begin, false, &d, after: 100)
        #expect(requests(d) == [.stop(byTouch: false), .repeatLast])
        #expect(d.core.speechMode && modes(d).isEmpty)
    }

    @Test func keyRepeatsPastTheHoldToggleOnce() {
        var d = Self.driver(speech: true)
        // The timer never fires (a busy loop): the key's repeats alone say it is held.
        d.drawing = false
        let start = d.now
        for t in stride(from: 0.0, through: 1500, by: 100) {
            d.advanceClock(to: start + t)
            d.handle(.input(.key(keysym: Keysym.KP_5, pressed: true, modifiers: [], time: d.now)))
        }
        #expect(modes(d) == [.mode(on: false, byVisitor: true)] && !d.core.speechMode)
    }

    @Test func keypadMultiplyTogglesAtItsPressWhenChosen() {
        var d = Self.driver(key: "keypad-multiply")
        Self.key(Keysym.KP_Multiply, true, &d)
        #expect(d.core.speechMode && d.core.nextDeadline.map { $0 > d.now + 1000 } != false)
        Self.key(Keysym.KP_Multiply, false, &d)
        Self.key(Keysym.KP_Multiply, true, &d)
        #expect(!d.core.speechMode)
        // Keypad 5 still repeats, and holding it toggles nothing.
        Self.key(Keysym.KP_5, true, &d)
        d.run(for: 1500)
        Self.key(Keysym.KP_5, false, &d)
        #expect(modes(d).count == 2)
    }

    @Test func withTheSpeechKeyNoneNothingToggles() {
        var d = Self.driver(speech: true, key: "none")
        Self.key(Keysym.KP_5, true, &d)
        d.run(for: 1500)
        Self.key(Keysym.KP_5, false, &d)
        #expect(d.core.speechMode && modes(d).isEmpty && requests(d).last == .repeatLast)
    }

    @Test func inSpeechModeEveryTouchClickAndKeyAsksToStopBeforeTheCoreActsOnIt() {
        var d = Self.driver(speech: true)
        let touch = d.core.handle(.input(.touchDown(id: 0, position: Scene.middle, time: d.now + 10)), now: d.now + 10)
        #expect(touch.first == .speech(.stop(byTouch: true)))
        let click = d.core.handle(.input(.pointerButton(button: 0x110, pressed: true, time: d.now + 20)), now: d.now + 20)
        #expect(click.first == .speech(.stop(byTouch: true)))
        let arrow = d.core.handle(.input(.key(keysym: Keysym.Right, pressed: true, modifiers: [], time: d.now + 30)), now: d.now + 30)
        #expect(arrow.first == .speech(.stop(byTouch: false)))
        let release = d.core.handle(.input(.key(keysym: Keysym.Right, pressed: false, modifiers: [], time: d.now + 40)), now: d.now + 40)
        #expect(!release.contains { if case .speech = $0 { true } else { false } })
        var off = Self.driver()
        let quiet = off.core.handle(.input(.touchDown(id: 0, position: Scene.middle, time: off.now + 10)), now: off.now + 10)
        #expect(!quiet.contains { if case .speech = $0 { true } else { false } }, "speech mode off: nothing asked")
    }

    @Test func theIdleResetGivesTheSettingsModeBackWithoutAWord() {
        var d = Self.driver(speech: true)
        Self.key(Keysym.KP_Multiply, true, &d) // not the speech key here: only a stop
        Self.key(Keysym.KP_5, true, &d)
        d.run(for: 1100)
        Self.key(Keysym.KP_5, false, &d)
        #expect(!d.core.speechMode)
        // At the cover already: the reset moves nothing, yet the next visitor gets speech mode back.
        d.run(for: 61_000)
        #expect(d.core.speechMode)
        #expect(modes(d) == [.mode(on: false, byVisitor: true), .mode(on: true, byVisitor: false)])
        #expect(Occurrence.speech(.mode(on: true, byVisitor: false)).meaning.speech == nil)
        #expect(d.logLines.last { $0.hasPrefix("speech") } == "speech state=on by=reset")
    }
}

/// The key's own timing: a short press repeats, a hold toggles once.
@Suite struct SpeechKeyTests {
    @Test func aShortPressRepeats() {
        var k = SpeechKey(holdMS: 1000)
        #expect(k.pressed(at: 0) == nil)
        #expect(k.released(at: 120) == .repeatLast)
    }

    @Test func aHoldTogglesOnceWhileHeld() {
        var k = SpeechKey(holdMS: 1000)
        _ = k.pressed(at: 0)
        #expect(k.toggleDue == 1000)
        #expect(k.timerFired(at: 999) == nil)
        #expect(k.timerFired(at: 1000) == .toggle)
        #expect(k.pressed(at: 1100) == nil, "a key repeat after the toggle does nothing")
        #expect(k.released(at: 1500) == nil, "the release after the toggle does nothing")
        _ = k.pressed(at: 2000)
        #expect(k.released(at: 2100) == .repeatLast)
    }

    @Test func keyRepeatsPastTheHoldToggle() {
        var k = SpeechKey(holdMS: 500)
        _ = k.pressed(at: 0)
        #expect(k.pressed(at: 400) == nil)
        #expect(k.pressed(at: 520) == .toggle)
        #expect(k.pressed(at: 560) == nil)
    }

    @Test func aLateReleaseWithoutTimerToggles() {
        var k = SpeechKey(holdMS: 500)
        _ = k.pressed(at: 0)
        #expect(k.released(at: 800) == .toggle)
    }
}
