import Foundation
import Testing
import TestSupport

/// Speech mode's page texts from a PDF: its text layer through the sandboxed helper, read off the
/// frame loop, said in the book's language (the catalog's /Lang) by a real speech-dispatcher; and a touch that
/// stops a page being said silences the audio.
@Suite(.serialized) struct SpeechTextEndToEndTests {
    static let first = "Der Fuchs liest in der Bibliothek."
    /// Long enough that speech-dispatcher is still making its audio when the touch comes on a busy machine (its
    /// file output is not paced: a short page is all written within seconds, and the touch then asks for the page
    /// again instead of stopping it).
    static let long = (1...40).map { "Satz \($0) einer langen Seite, die immer weiter geht, damit Zeit bleibt, sie anzuhalten." }

    static func book() throws -> URL {
        let pages: [PDFTestPage] = [.text([first]), .vectorArt(), .text(long)]
        let url = try Scratch.makeDirectory("spoken-pdf").appendingPathComponent("fuchs.pdf")
        try Data(pdfBook(pages, title: "Der Fuchs", catalog: "/Lang (de)")).write(to: url)
        return url
    }

    static func sent(_ session: RectoSession, _ text: String) throws -> RectoEvent {
        try session.waitForEvent("speech", timeout: .seconds(30)) { $0.string("state") == "sent" && $0.string("text") == text }
    }

    @Test func aPDFPageIsReadFromItsTextLayerInTheBooksLanguage() throws {
        let server = try SpeechDispatcher()
        defer { server.stop() }
        let session = try RectoSession.start(width: 1280, height: 800, arguments: [
            try Self.book().path, "--speech", "--spread", "single", "--language", "en",
        ], environment: ["SPEECHD_ADDRESS": server.address], readyTimeout: .seconds(30))
        defer { session.stop() }
        // The first page: its number in the visitor's language, then its text layer in German.
        _ = try Self.sent(session, "Page 1 of 3.")
        _ = try Self.sent(session, Self.first)
        try server.waitForReceived(Self.first)
        let audio = try server.waitForAudio(after: 0, seconds: 1)
        #expect(rms(audio) > 300, "the voice is not silent: rms \(rms(audio))")
        // The text went after a SET LANGUAGE to the book's language (the catalog's /Lang), the phrase in English.
        let log = server.log
        let german = try #require(log.range(of: "DATA:|SET self LANGUAGE de"), "\(log.suffix(3000))")
        let text = try #require(log.range(of: "DATA:|\(Self.first)"))
        #expect(german.lowerBound < text.lowerBound)
        #expect(log.contains("DATA:|SET self LANGUAGE en"))

        // A page without a text layer says so.
        try session.weston.key(InputCode.keyRight, pressed: true)
        try session.weston.key(InputCode.keyRight, pressed: false)
        #expect(try session.waitForEvent("page").int("page") == 2)
        _ = try Self.sent(session, "page 2 of 3, no text")

        // A long page, and a touch while it is said: the server cancels it and the audio stops. Said into a file,
        // the page would be over within a second or so, and a touch that a busy machine delivers later finds
        // nothing to stop: the server's output module is held from before the turn, let go until the page's
        // first audio is written, and held again until the touch's CANCEL is.
        try ExploreByTouchEndToEndTests.waitUntilQuiet(try #require(session.ready?.string("control")))
        try server.hold()
        let before = server.audioBytes
        try session.weston.key(InputCode.keyRight, pressed: true)
        try session.weston.key(InputCode.keyRight, pressed: false)
        #expect(try session.waitForEvent("page").int("page") == 3)
        _ = try Self.sent(session, Self.long.joined(separator: " "))
        try server.release(untilAudioPast: before)
        _ = try session.waitForEvent("speech", timeout: .seconds(30)) { $0.string("state") == "speaking" }
        try session.weston.touchDown(id: 0, x: 640, y: 400)
        try session.weston.touchUp(id: 0)
        // Bounds as generous as the sent texts': on a busy machine the touch, the cancel and the server's
        // confirmation can each take seconds to come round.
        let stopping = try session.waitForEvent("speech", timeout: .seconds(30)) { $0.string("state") == "stopping" }
        server.release()
        #expect(stopping.number("after_ms") != nil, "the CANCEL is written in the touch's own handler: \(stopping)")
        _ = try session.waitForEvent("speech", timeout: .seconds(30)) { $0.string("state") == "stopped" }
        // Silence: once the server confirmed the cancel, at most a buffer's worth of audio follows. An observation
        // window, not a wait for an effect: uncancelled, the rest of the long page (tens of seconds of audio,
        // written as fast as it is synthesized) would come in it.
        let atCancel = server.samples.count
        Thread.sleep(forTimeInterval: 1.5)
        let after = Double(server.samples.count - atCancel) / Double(SpeechDispatcher.sampleRate)
        #expect(after < 0.3, "\(after) s of audio written in the 1.5 s after the cancel")
        print("speech: touch → CANCEL written after \(stopping.number("after_ms") ?? -1) ms; \(after) s of audio after the cancel")
    }

    /// speech-dispatcher goes away while recto runs: one log line, the reader turns on, and retries (every 5 s
    /// at most, when there is something to say) add no more lines.
    @Test func aServerThatGoesAwayCostsOneLineAndNoTurns() throws {
        let server = try SpeechDispatcher()
        let session = try RectoSession.start(width: 1280, height: 800, arguments: [
            try Self.book().path, "--speech", "--spread", "single",
        ], environment: ["SPEECHD_ADDRESS": server.address], readyTimeout: .seconds(30))
        defer { session.stop() }
        _ = try Self.sent(session, Self.first)
        server.stop()
        _ = try session.waitForEvent("speech", timeout: .seconds(10)) { $0.string("state") == "unavailable" }
        for (key, page) in [(InputCode.keyRight, 2), (InputCode.keyRight, 3)] {
            try session.weston.key(key, pressed: true)
            try session.weston.key(key, pressed: false)
            #expect(try session.waitForEvent("page").int("page") == page)
        }
        // Past the retry interval, a turn tries again (and fails again) without another line.
        _ = try session.events(during: .seconds(6))
        try session.weston.key(InputCode.keyLeft, pressed: true)
        try session.weston.key(InputCode.keyLeft, pressed: false)
        #expect(try session.waitForEvent("page").int("page") == 2)
        let control = try #require(session.ready?.string("control"))
        #expect(try rectoCtl(["status"], socket: control).reply.contains("\"speech\":\"unavailable\""))
        let lines = session.stderrText.split(separator: "\n").filter { $0.contains("speech") }
        #expect(lines.count == 1, "one log line: \(lines)")
        #expect(session.history.filter { $0.name == "speech" && $0.string("state") == "unavailable" }.count == 1)
    }
}
