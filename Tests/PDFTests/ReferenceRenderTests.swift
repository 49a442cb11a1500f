import Foundation
import PDF
import TestSupport
import Testing

/// Body text rendered as a vector region at 8× matches poppler's own command-line rasteriser.
@Suite struct ReferenceRenderTests {
    @Test func textRegionAt8xMatchesPdftoppm() throws {
        let scratch = try Scratch()
        defer { scratch.cleanup() }
        let file = try scratch.write("book.pdf", standardPDFBook())
        let document = try PDFDocument(path: file, configuration: helperConfiguration())
        // Points (60, 60)...(260, 110) of page 1, at 8 × 72 dpi: the first two lines of body text.
        let (x, y, w, h) = (60.0, 60.0, 200.0, 50.0)
        let ours = try document.render(page: 1, rect: PDFRect(x: x, y: y, width: w, height: h), width: 1600, height: 400)
        let result = try runProgram("/usr/bin/pdftoppm", ["-r", "576", "-f", "1", "-l", "1", "-x", "480", "-y", "480",
                                                          "-W", "1600", "-H", "400", file])
        #expect(result.status == 0)
        let reference = try parsePPM(result.output)
        #expect(reference.width == 1600)
        #expect(reference.height == 400)
        var total = 0, far = 0, inkOurs = 0, inkTheirs = 0
        for i in 0..<(1600 * 400) {
            for c in 0..<3 {
                let a = Int(ours[i * 4 + c]), b = Int(reference.rgb[i * 3 + c])
                total += abs(a - b)
                if abs(a - b) > 96 { far += 1 }
            }
            if ours[i * 4] < 128 { inkOurs += 1 }
            if reference.rgb[i * 3] < 128 { inkTheirs += 1 }
        }
        let mean = Double(total) / Double(1600 * 400 * 3)
        #expect(inkTheirs > 10_000, "the region holds text")
        #expect(abs(inkOurs - inkTheirs) < inkTheirs / 20, "ink: \(inkOurs) against \(inkTheirs)")
        #expect(mean < 4, "mean difference per channel")
        // pdftoppm rasterises with Splash, the helper with cairo: glyph edges are antialiased differently
        // (measured: mean 2.1, 1.0 % of channels past 96, both worse for a one-pixel shift).
        #expect(Double(far) / Double(1600 * 400 * 3) < 0.03, "channels differing by more than 96")
    }
}
