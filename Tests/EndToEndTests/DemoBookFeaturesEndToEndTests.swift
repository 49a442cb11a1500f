import Decoding
import Foundation
import Testing

/// The bundled demo book shows what Recto is for: under weston, page 8's three whole-page notes are one marker
/// whose tap opens their card, page 6's layers step to its German translation, and the title page's narration
/// shows its captions. Screenshots are kept for a person to look at (`RECTO_GALLERY`).
@Suite(.serialized) struct DemoBookFeaturesEndToEndTests {
    static func press(_ session: RectoSession, _ key: UInt32) throws {
        try session.weston.key(key, pressed: true)
        try session.weston.key(key, pressed: false)
    }

    @Test func notesTranslationAndCaptionsOnTheDemoBook() throws {
        let pulse = try PrivatePulseAudio()
        defer { pulse.kill() }
        let session = try RectoSession.start(width: 1280, height: 800, arguments: [
            BookFixtures.demoDirectory.path, "--spread", "single", "--narration", "--languages", "en,de,fr",
            "--attract-after", "0", "--language", "en",
        ], environment: ["PULSE_SERVER": pulse.address], readyTimeout: .seconds(30))
        defer { session.stop() }
        _ = try session.waitForEvent("shown")
        let socket = try #require(session.ready?.string("control"))

        // Page 8: three notes about the whole page, one marker; a tap opens their card.
        _ = try rectoCtl(["goto", "8"], socket: socket)
        _ = try session.waitForEvent("page") { $0.int("page") == 8 }
        let marked = try session.screenshot(timeout: .seconds(20)) { !NotesEndToEndTests.measure($0).markers.isEmpty }
        _ = try AccessibilityEndToEndTests.save(marked, "demo-page8-marker.png", session)
        let marker = try #require(NotesEndToEndTests.measure(marked).markers.min { $0.y < $1.y })
        try session.weston.tap(x: marker.x, y: marker.y)
        let opened = try session.waitForEvent("note") { $0.string("state") == "opened" }
        #expect(opened.int("page") == 8, "\(opened)")
        // The card: a dark box beside the marker (to its left: the marker is at the page's right).
        let card = try session.screenshot(timeout: .seconds(10)) { shot in
            (40..<120).contains { dx in let c = shot.rgb(Int(marker.x) - dx, Int(marker.y) + 10); return c.r < 40 && c.g < 40 && c.b < 40 }
        }
        _ = try AccessibilityEndToEndTests.save(card, "demo-page8-card.png", session)
        try Self.press(session, InputCode.keyEscape)
        _ = try session.waitForEvent("note") { $0.string("state") == "closed" }

        // Page 6 in German: the layers step to the translation.
        _ = try rectoCtl(["goto", "6"], socket: socket)
        _ = try session.waitForEvent("page") { $0.int("page") == 6 }
        // Its notes and texts are read with its image: their markers show once they are.
        _ = try session.screenshot(timeout: .seconds(20)) { !NotesEndToEndTests.measure($0).markers.isEmpty }
        try Self.press(session, InputCode.keyG)
        #expect(try session.waitForEvent("language").string("code") == "de")
        var shown: String?
        for _ in 0..<4 where shown != "translation" {
            try Self.press(session, InputCode.keyL)
            shown = try session.waitForEvent("layers").string("shown")
        }
        #expect(shown == "translation")
        _ = try session.waitForEvent("drawn") { $0.string("change") == "layers=translation" }
        let translation = try session.screenshot(timeout: .seconds(10)) { _ in true }
        _ = try AccessibilityEndToEndTests.save(translation, "demo-page6-translation-de.png", session)

        // The title page's narration, with its captions (German, the language chosen).
        _ = try rectoCtl(["goto", "2"], socket: socket)
        _ = try session.waitForEvent("page") { $0.int("page") == 2 }
        try session.weston.tap(x: 640, y: 400)
        let caption = try session.waitForEvent("captions", timeout: .seconds(30)) { $0.string("state") == "shown" }
        #expect(!(caption.string("text") ?? "").isEmpty, "\(caption)")
        let band = try session.screenshot(timeout: .seconds(10)) { _ in true }
        _ = try AccessibilityEndToEndTests.save(band, "demo-page2-captions.png", session)
    }

    /// "About this book" from the demo book's ComicInfo: `i` opens it over the book, in English, then in German
    /// after the language control switched; a tap closes it.
    @Test func aboutThisBookInEnglishAndGerman() throws {
        let session = try RectoSession.start(width: 1280, height: 800, arguments: [
            BookFixtures.demoDirectory.path, "--spread", "single", "--languages", "en,de", "--attract-after", "0",
        ], readyTimeout: .seconds(30))
        defer { session.stop() }
        _ = try session.waitForEvent("shown")
        // Above its heading, over the cover's green (the background beside the page is as dark as the box).
        func panelShown(_ shot: RGBAImage) -> Bool {
            let c = shot.rgb(380, 88)
            return c.r < 40 && c.g < 40 && c.b < 45
        }
        try Self.press(session, InputCode.keyI)
        _ = try session.waitForEvent("about") { $0.string("state") == "shown" }
        let english = try session.screenshot(timeout: .seconds(10), until: panelShown)
        _ = try AccessibilityEndToEndTests.save(english, "demo-about-en.png", session)
        #expect(panelShown(english), "the panel over the page")
        try session.weston.tap(x: 640, y: 400)
        _ = try session.waitForEvent("about") { $0.string("state") == "hidden" }
        let closed = try session.screenshot(timeout: .seconds(10)) { !panelShown($0) }
        #expect(!panelShown(closed), "a tap closes it")

        try Self.press(session, InputCode.keyG)
        #expect(try session.waitForEvent("language").string("code") == "de")
        try Self.press(session, InputCode.keyI)
        _ = try session.waitForEvent("about") { $0.string("state") == "shown" }
        let german = try session.screenshot(timeout: .seconds(10), until: panelShown)
        _ = try AccessibilityEndToEndTests.save(german, "demo-about-de.png", session)
        #expect(panelShown(german) && german.pixels != english.pixels, "in German it reads otherwise")
    }
}
