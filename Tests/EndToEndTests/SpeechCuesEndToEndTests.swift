import Foundation
import Testing

/// Speech mode's other cues against a real speech-dispatcher: a control focused by key and
/// the idle warning are each received as the expected text and said aloud.
@Suite(.serialized) struct SpeechCuesEndToEndTests {
    static let tab: UInt32 = 15, keypad6: UInt32 = 77

    @Test func aFocusedControlAndTheIdleWarningAreSaid() throws {
        let server = try SpeechDispatcher()
        defer { server.stop() }
        let session = try server.speakingSession(name: "cues", arguments: ["--idle-reset", "23", "--idle-warning", "20"])
        defer { session.stop() }

        // Tab: the focus shows on the first control, which is said with its place in the order (the log counts
        // from 0, the listener from 1).
        let before = server.samples.count
        try session.weston.key(Self.tab, pressed: true)
        try session.weston.key(Self.tab, pressed: false)
        let focus = try session.waitForEvent("focus")
        let label = try #require(focus.string("label")), index = try #require(focus.int("index"))
        let count = try #require(focus.int("count"))
        let said = "\(label), \(index + 1) of \(count)"
        _ = try session.waitForEvent("speech", timeout: .seconds(20)) { $0.string("state") == "sent" && $0.string("text") == said }
        try server.waitForReceived(said)
        let focusAudio = try server.waitForAudio(after: before, seconds: 0.5)
        #expect(rms(focusAudio) > 300, "the control is said aloud: rms \(rms(focusAudio))")

        // Keypad 6 turns away from the cover, then nothing: the countdown comes 3 s later (23 − 20) and is said.
        try session.weston.key(Self.keypad6, pressed: true)
        try session.weston.key(Self.keypad6, pressed: false)
        #expect(try session.waitForEvent("page").int("page") == 2)
        let warning = try session.waitForEvent("idle-warning", timeout: .seconds(20))
        let seconds = try #require(warning.int("seconds_left"))
        let text = "\(seconds) seconds left. Touch the screen or press a key to keep reading."
        let atWarning = server.samples.count
        _ = try session.waitForEvent("speech", timeout: .seconds(20)) { $0.string("state") == "sent" && $0.string("text") == text }
        try server.waitForReceived(text)
        let warningAudio = try server.waitForAudio(after: atWarning, seconds: 1)
        #expect(rms(warningAudio) > 300, "the warning is said aloud: rms \(rms(warningAudio))")
        // A key answers it: "Still reading".
        try session.weston.key(InputCode.keyLeftCtrl, pressed: true)
        try session.weston.key(InputCode.keyLeftCtrl, pressed: false)
        _ = try session.waitForEvent("idle-extended", timeout: .seconds(10))
        try server.waitForReceived("Still reading")
    }
}
