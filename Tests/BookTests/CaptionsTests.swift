import Book
import Testing

/// WebVTT as narrations carry it (the W3C format; the IIIF Cookbook's caption recipe uses it as is).
@Suite struct CaptionsTests {
    @Test func cuesWithIdentifiersVoicesTagsAndEntities() throws {
        let vtt = """
        \u{FEFF}WEBVTT - the first leaf

        NOTE written by the curator
        over two lines

        STYLE
        ::cue { color: yellow }

        intro
        00:00.500 --> 00:02.250 align:start line:90%
        <v.loud Anna Maria>In the <i>beginning</i> &amp; before &lt;it&gt;
        <b>was</b> the <c.word>word</c>

        01:00:01.000 --> 01:00:02.000
        An hour in<00:00:01.500> and a half
        """
        let c = try Captions.parse(vtt)
        #expect(c.problems.isEmpty)
        #expect(c.cues == [
            Caption(start: 500, end: 2250, speaker: "Anna Maria", lines: ["In the beginning & before <it>", "was the word"]),
            Caption(start: 3_601_000, end: 3_602_000, lines: ["An hour in and a half"]),
        ])
        #expect(c.showing(at: 499).isEmpty)
        #expect(c.showing(at: 500).count == 1)
        #expect(c.showing(at: 2250).isEmpty, "a cue ends at its end time")
        #expect(c.nextChange(after: 0) == 500)
        #expect(c.nextChange(after: 500) == 2250)
        #expect(c.nextChange(after: 2250) == 3_601_000)
        #expect(c.nextChange(after: 3_602_000) == nil)
    }

    @Test func overlappingCuesShowTogether() throws {
        let c = try Captions.parse("WEBVTT\n\n00:01.000 --> 00:04.000\nOne\n\n00:02.000 --> 00:03.000\nTwo\n")
        #expect(c.showing(at: 2500).map(\.lines) == [["One"], ["Two"]])
        #expect(c.nextChange(after: 2500) == 3000)
    }

    @Test func crlfLineEnds() throws {
        let c = try Captions.parse("WEBVTT\r\n\r\n00:01.000 --> 00:02.000\r\nOne\r\nTwo\r\n")
        #expect(c.cues.first?.lines == ["One", "Two"])
    }

    @Test func notWebVTTIsRefused() {
        for text in ["", "<html><body>captions</body></html>", "WEBVTTX\n\n00:01.000 --> 00:02.000\nOne", "1\n00:00:01,000 --> 00:00:02,000\nAn SRT file"] {
            #expect(throws: CaptionError.notWebVTT, "\(text.prefix(20))") { try Captions.parse(text) }
        }
    }

    @Test func brokenCuesAreLeftOutAndSaid() throws {
        let vtt = """
        WEBVTT

        00:01.000 --> 00:00.500
        Ends before it starts

        00:01.00 --> 00:02.000
        Two digits of milliseconds

        00:61.000 --> 00:62.000
        Sixty-one seconds

        -00:01.000 --> 00:02.000
        Negative

        NaN --> 00:02.000
        Not a time

        00:03.000 --> 00:04.000
        Kept
        """
        let c = try Captions.parse(vtt)
        #expect(c.cues.map(\.lines) == [["Kept"]])
        #expect(c.problems == ["5 cues with broken timings left out"])
    }

    @Test func cuesOutOfOrderAreSortedAndSaid() throws {
        let c = try Captions.parse("WEBVTT\n\n00:05.000 --> 00:06.000\nLater\n\n00:01.000 --> 00:02.000\nEarlier\n")
        #expect(c.cues.map(\.lines) == [["Earlier"], ["Later"]])
        #expect(c.problems == ["cues out of order: sorted by their start"])
    }

    @Test func aHugeFileIsBounded() throws {
        var text = "WEBVTT\n\n"
        for i in 0..<(Captions.maxCues + 50) { text += "00:00.000 --> 00:01.000\nCue \(i)\n\n" }
        text += "00:00.000 --> 00:01.000\n" + String(repeating: "long ", count: 10_000) + "\n"
        let c = try Captions.parse(text)
        #expect(c.cues.count == Captions.maxCues)
        #expect(c.problems.contains("more than \(Captions.maxCues) cues: the rest left out"))
        let long = try Captions.parse("WEBVTT\n\n00:00.000 --> 00:01.000\n" + String(repeating: "long ", count: 10_000))
        #expect(long.cues[0].lines.joined().count <= Captions.maxCueCharacters)
    }
}
