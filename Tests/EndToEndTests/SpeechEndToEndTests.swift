import Foundation
import Testing

/// Speech mode against a real speech-dispatcher with the espeak-ng module, started by the test with
/// its audio going to a file: what recto sends is what the server receives and says aloud; a touch stops it.
@Suite(.serialized) struct SpeechEndToEndTests {
    static let keyKP5: UInt32 = 76
    static let foxText = "A fox reads in the library."
    static let longText = (1...6).map { "Sentence \($0) of a long page that goes on and on, so that there is time to stop it." }
        .joined(separator: " ")

    /// Three demo pages; page 2 and 3 have sidecar texts.
    static func book() throws -> URL {
        let book = try BookFixtures.copyOfDemo(pages: [1, 2, 3], name: "spoken")
        try foxText.write(to: book.appendingPathComponent("page-02.txt"), atomically: true, encoding: .utf8)
        try longText.write(to: book.appendingPathComponent("page-03.txt"), atomically: true, encoding: .utf8)
        return book
    }

    static func sent(_ session: RectoSession, _ text: String) throws -> RectoEvent {
        try session.waitForEvent("speech", timeout: .seconds(20)) { $0.string("state") == "sent" && $0.string("text") == text }
    }

    @Test func aKeyTurnIsSpokenAndATouchStopsIt() throws {
        let server = try SpeechDispatcher()
        defer { server.stop() }
        let session = try RectoSession.start(width: 1280, height: 800, arguments: [
            try Self.book().path, "--speech", "--spread", "single",
        ], environment: ["SPEECHD_ADDRESS": server.address], readyTimeout: .seconds(20))
        defer { session.stop() }
        // It connects at start-up, before `ready`.
        #expect(session.history.contains { $0.name == "speech" && $0.string("state") == "connected" }, "\(session.historyText)")
        // The first page: its number, and that it has no text.
        _ = try Self.sent(session, "page 1 of 3, no text")
        try server.waitForReceived("page 1 of 3, no text")

        // A key turn: the page's number, then its own text, each received by the server and said aloud.
        let before = server.samples.count
        try session.weston.key(InputCode.keyRight, pressed: true)
        try session.weston.key(InputCode.keyRight, pressed: false)
        #expect(try session.waitForEvent("page").int("page") == 2)
        let head = try Self.sent(session, "Page 2 of 3.")
        _ = try Self.sent(session, Self.foxText)
        print("speech: turn settled → SPEAK text sent after \(head.number("after_ms") ?? -1) ms (debug build)")
        try server.waitForReceived("Page 2 of 3.")
        try server.waitForReceived(Self.foxText)
        let audio = try server.waitForAudio(after: before, seconds: 1)
        #expect(rms(audio) > 300, "the voice is not silent: rms \(rms(audio)) over \(audio.count) samples")
        #expect(audio.contains { abs(Int($0)) > 3000 }, "peaks of speech in the audio")

        // Keypad 5 repeats the last page.
        try session.weston.key(Self.keyKP5, pressed: true)
        try session.weston.key(Self.keyKP5, pressed: false)
        _ = try Self.sent(session, Self.foxText)

        // A long page, and a touch while it is being said: speech-dispatcher confirms the cancel.
        try session.weston.key(InputCode.keyRight, pressed: true)
        try session.weston.key(InputCode.keyRight, pressed: false)
        _ = try Self.sent(session, Self.longText)
        _ = try session.waitForEvent("speech", timeout: .seconds(30)) { $0.string("state") == "speaking" }
        let control = try #require(session.ready?.string("control"))
        let status = try rectoCtl(["status"], socket: control)
        #expect(status.reply.contains("\"speech\":\"speaking\""), "\(status)")
        try session.weston.touchDown(id: 0, x: 640, y: 400)
        try session.weston.touchUp(id: 0)
        let stopped = try session.waitForEvent("speech", timeout: .seconds(10)) { $0.string("state") == "stopped" }
        print("speech: touch → speech-dispatcher's CANCEL event after \(stopped.number("after_ms") ?? -1) ms")
        #expect(stopped.number("after_ms") != nil)
        // The long page takes tens of seconds to say; stopped, its audio ends well short of that.
        let long = Double(Self.longText.count) / 14 // about 14 characters a second at espeak-ng's default rate
        let written = Double(server.samples.count - before) / Double(SpeechDispatcher.sampleRate)
        #expect(written < long, "\(written) s of audio written in all; the long page alone takes about \(long) s")

        // Holding keypad 5 (its tactile dot) turns speech mode off while the key is still down, and says so.
        try session.weston.key(Self.keyKP5, pressed: true)
        _ = try session.waitForEvent("speech") { $0.string("state") == "off" }
        try session.weston.key(Self.keyKP5, pressed: false)
        _ = try Self.sent(session, "Speech off")
        try session.weston.key(InputCode.keyLeft, pressed: true)
        try session.weston.key(InputCode.keyLeft, pressed: false)
        #expect(try session.waitForEvent("page").int("page") == 2)
        let quiet = try session.events(during: .milliseconds(500))
        #expect(!quiet.contains { $0.name == "speech" && $0.string("state") == "sent" }, "off: nothing said: \(quiet)")
        // The idle reset gives the next visitor the configured mode (on here) and default rate and volume.
        #expect(try rectoCtl(["idle-reset"], socket: control).reply == "ok")
        _ = try session.waitForEvent("speech") { $0.string("state") == "on" }
        _ = try Self.sent(session, "page 1 of 3, no text")
        // And holding the key again turns it off and on.
        for state in ["off", "on"] {
            try session.weston.key(Self.keyKP5, pressed: true)
            _ = try session.waitForEvent("speech") { $0.string("state") == state }
            try session.weston.key(Self.keyKP5, pressed: false)
        }
        _ = try Self.sent(session, "Speech on")
    }

    @Test func withoutSpeechDispatcherTheReaderGoesOnAndSaysSoOnce() throws {
        let missing = try Scratch.makeDirectory("no-speechd").appendingPathComponent("speechd.sock").path
        let session = try RectoSession.start(width: 1280, height: 800, arguments: [
            try Self.book().path, "--speech", "--spread", "single",
        ], environment: ["SPEECHD_ADDRESS": "unix_socket:\(missing)"])
        defer { session.stop() }
        // Said at start-up, before `ready`.
        let unavailable = try #require(session.history.first { $0.name == "speech" && $0.string("state") == "unavailable" },
                                       "\(session.historyText)")
        #expect(unavailable.string("reason")?.contains(missing) == true, "\(unavailable)")
        for page in [2, 3] {
            try session.weston.key(InputCode.keyRight, pressed: true)
            try session.weston.key(InputCode.keyRight, pressed: false)
            #expect(try session.waitForEvent("page").int("page") == page)
        }
        let control = try #require(session.ready?.string("control"))
        let status = try rectoCtl(["status"], socket: control)
        #expect(status.reply.contains("\"speech\":\"unavailable\""), "\(status)")
        let lines = session.stderrText.split(separator: "\n").filter { $0.contains("speech") }
        #expect(lines.count == 1, "one log line: \(lines)")
        #expect(!session.history.contains { $0.name == "speech" && $0.string("state") == "sent" })
    }

    /// Speech off (the default): nothing connects, nothing is logged, the reader is as before.
    @Test func offByDefault() throws {
        let missing = try Scratch.makeDirectory("no-speechd").appendingPathComponent("speechd.sock").path
        let session = try RectoSession.start(width: 1280, height: 800, arguments: [try Self.book().path],
                                             environment: ["SPEECHD_ADDRESS": "unix_socket:\(missing)"])
        defer { session.stop() }
        try session.weston.key(InputCode.keyRight, pressed: true)
        try session.weston.key(InputCode.keyRight, pressed: false)
        _ = try session.waitForEvent("page")
        let control = try #require(session.ready?.string("control"))
        #expect(try rectoCtl(["status"], socket: control).reply.contains("\"speech\":\"off\""))
        #expect(!session.history.contains { $0.name == "speech" })
        #expect(!session.stderrText.contains("speech"))
    }
}
