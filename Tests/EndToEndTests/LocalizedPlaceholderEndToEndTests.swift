import Decoding
import Foundation
import Geometry
import Testing

/// The placeholder of a broken page speaks the visitor's language: the same page under `LC_ALL=C` (English) and
/// `LC_ALL=de_DE.UTF-8` (German, from the locale alone) is a placeholder both times, with a different text,
/// while the warning on stderr stays English.
@Suite(.serialized) struct LocalizedPlaceholderEndToEndTests {
    private func placeholder(locale: String, book: HostileBook, page: Int) throws -> (image: RGBAImage, stderr: String) {
        let session = try RectoSession.start(width: 1280, height: 800, arguments: [book.directory.path, "--spread", "single"],
                                             environment: ["LC_ALL": locale, "LANGUAGE": ""])
        try session.waitForEvent("shown")
        for n in 2...page {
            try session.weston.chord([], InputCode.keyRight)
            try #require(try session.waitForEvent("page").int("page") == n)
        }
        let slot = PageLayout.single(width: 1280, height: 800)
        let shot = try session.screenshot { PlaceholderLook($0, in: slot).isPlaceholder }
        #expect(PlaceholderLook(shot, in: slot).isPlaceholder, "\(locale): \(PlaceholderLook(shot, in: slot))")
        _ = try session.events(during: .milliseconds(200))
        return (shot, session.stderrText)
    }

    @Test func theLocaleChoosesThePlaceholdersLanguage() throws {
        let book = try HostileBook.make()
        let page = try #require(book.badPages.first { $0 > 1 })
        let english = try placeholder(locale: "C", book: book, page: page)
        let german = try placeholder(locale: "de_DE.UTF-8", book: book, page: page)
        let slot = PageLayout.single(width: 1280, height: 800)
        let band = PixelRect(x: slot.x, y: slot.y + slot.height * 3 / 10, width: slot.width, height: slot.height * 4 / 10)
        var differing = 0
        for y in band.y..<(band.y + band.height) {
            for x in band.x..<(band.x + band.width) {
                let a = english.image[x, y], b = german.image[x, y]
                if max(abs(Int(a.r) - Int(b.r)), abs(Int(a.g) - Int(b.g)), abs(Int(a.b) - Int(b.b))) > 32 { differing += 1 }
            }
        }
        #expect(Double(differing) / Double(band.width * band.height) > 0.01, "the text differs: \(differing) pixels")
        for run in [english, german] {
            #expect(run.stderr.contains("page \(page) cannot be shown: \(book.pages[page - 1].name)"), "\(run.stderr)")
        }
    }
}
