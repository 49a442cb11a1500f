import Foundation
import Pages
import TestSupport
import Testing

/// A page's recording and captions, found beside it: in the visitor's language first, else without one.
@Suite struct PageNarrationTests {
    @Test func theLanguagesRecordingAndCaptionsComeFirst() throws {
        let dir = try TempDir()
        defer { dir.cleanup() }
        for (name, seed) in [("page-001.png", 1), ("page-002.png", 2), ("page-003.png", 3)] {
            try dir.write(name, try pngBytes(width: 8, height: 8, seed: UInt64(seed)))
        }
        for name in ["page-001.opus", "page-001.de.ogg", "page-001.vtt", "page-001.de.vtt", "page-002.mp3", "page-002.fr.vtt", "notes.wav"] {
            try dir.write(name, [0])
        }
        let book = try PageSource.open(path: dir.path)
        #expect(book.pageCount == 3, "recordings and captions are no pages")
        let plain = PageNarration(audio: dir.file("page-001.opus"), captions: dir.file("page-001.vtt"))
        #expect(book.narration(of: 1, language: nil) == plain)
        #expect(book.narration(of: 1, language: "fr") == plain)
        #expect(book.narration(of: 1, language: "de") == PageNarration(audio: dir.file("page-001.de.ogg"), captions: dir.file("page-001.de.vtt")))
        #expect(book.narration(of: 1, language: "de-AT")?.audio == dir.file("page-001.de.ogg"), "a regional tag finds its language's")
        // French captions for a recording in no language are not its captions.
        #expect(book.narration(of: 2, language: "fr") == PageNarration(audio: dir.file("page-002.mp3")))
        #expect(book.narration(of: 3, language: nil) == nil)
        #expect(book.narration(of: 4, language: nil) == nil)
        // Odd language settings look for nothing outside the page's own names.
        #expect(book.narration(of: 1, language: "../x")?.audio == dir.file("page-001.opus"))
    }

    @Test func aLinkOutOfTheBookIsNotPlayed() throws {
        let dir = try TempDir()
        defer { dir.cleanup() }
        try dir.write("plate.png", try pngBytes(width: 8, height: 8, seed: 1))
        try dir.link("plate.wav", to: "/etc/hostname")
        #expect(try PageSource.open(path: dir.file("plate.png")).narration(of: 1, language: nil) == nil)
        try dir.write("plate.flac", [0])
        #expect(try PageSource.open(path: dir.file("plate.png")).narration(of: 1, language: nil)?.audio == dir.file("plate.flac"))
    }
}
