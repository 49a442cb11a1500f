import Geometry
import Reader
@testable import Renderer
import Testing
import Text

/// Where a marker shows while a leaf turns: on its flat part where it lies, over the roll as the cylinder puts
/// it (foreshortened), gone once that part faces away; on the page beneath only where the leaf has lifted off.
struct NoteMarkerPlacementTests {
    /// A leaf 600 × 800 at (100, 0), rolled about the vertical line x = 400 (page space), radius 40.
    static var curl: CurlLayer {
        CurlLayer(rect: Rect(x: 100, y: 0, width: 600, height: 800), axisPoint: Vec2(300, 0), axisNormal: Vec2(1, 0),
                  radius: 40, front: nil, back: nil, backIsSeparatePage: false, beneath: nil)
    }

    @Test func theLeafsFrontRollsItsMarkersAndHidesThemOnceTheyFaceAway() throws {
        let flat = try #require(NoteMarkerPlacement.place(Vec2(300, 100), .leafFront, curl: Self.curl, flap: []))
        #expect(flat.centre == Vec2(300, 100) && flat.squash == 1)
        // π/4 of the way round: d = 10π, shown at r·sin(π/4) beyond the axis, squashed to cos(π/4).
        let d = 10 * pi
        let rolled = try #require(NoteMarkerPlacement.place(Vec2(400 + d, 100), .leafFront, curl: Self.curl, flap: []))
        #expect(abs(rolled.centre.x - (400 + 40 * 0.5.squareRoot())) < 1e-9 && abs(rolled.squash - 0.5.squareRoot()) < 1e-9)
        #expect(NoteMarkerPlacement.place(Vec2(400 + 21 * pi, 100), .leafFront, curl: Self.curl, flap: []) == nil)
        // Under the flap (lying over the leaf's flat part): hidden.
        let flap = [Vec2(250, 0), Vec2(350, 0), Vec2(350, 800), Vec2(250, 800)]
        #expect(NoteMarkerPlacement.place(Vec2(300, 100), .leafFront, curl: Self.curl, flap: flap) == nil)
    }

    @Test func thePageBeneathShowsItsMarkersOnlyWhereTheLeafHasLiftedOff() {
        #expect(NoteMarkerPlacement.place(Vec2(300, 100), .beneathLeaf, curl: Self.curl, flap: []) == nil)
        #expect(NoteMarkerPlacement.place(Vec2(430, 100), .beneathLeaf, curl: Self.curl, flap: []) == nil,
                "under the roll")
        #expect(NoteMarkerPlacement.place(Vec2(650, 100), .beneathLeaf, curl: Self.curl, flap: [])?.centre == Vec2(650, 100))
        #expect(NoteMarkerPlacement.place(Vec2(650, 100), .flat, curl: nil, flap: [])?.centre == Vec2(650, 100))
    }
}

/// A marker that stands for several notes (a page's whole-page notes) shows their count in white where a single
/// note's marker has its dot.
struct CountedMarkerTests {
    /// The white share of the marker's inner disc (inside its white ring), where the dot or the count is.
    static func whiteInside(_ pixels: [UInt8], _ n: Int) -> Double {
        var white = 0, all = 0
        let r = Double(n) / 2
        for y in 0..<n {
            for x in 0..<n where ((Double(x) + 0.5 - r) * (Double(x) + 0.5 - r) + (Double(y) + 0.5 - r) * (Double(y) + 0.5 - r)).squareRoot() < r * 0.7 {
                let i = (y * n + x) * 4
                all += 1
                if pixels[i] > 200 && pixels[i + 1] > 200 && pixels[i + 2] > 200 { white += 1 }
            }
        }
        return Double(white) / Double(max(all, 1))
    }

    @Test func aCountReplacesTheDot() {
        let n = 48
        let one = NoteLabels.markerPixels(open: false, count: 1, diameter: n, text: TextRenderer())
        let three = NoteLabels.markerPixels(open: false, count: 3, diameter: n, text: TextRenderer())
        let five = NoteLabels.markerPixels(open: false, count: 5, diameter: n, text: TextRenderer())
        #expect(one != three && three != five)
        // The dot is a small white disc at the centre; the digit is white strokes over the fill, not at the centre.
        let centre = (n / 2 * n + n / 2) * 4
        #expect(one[centre] > 200)
        #expect(Self.whiteInside(three, n) > 0.05, "the digit is drawn")
        #expect(Self.whiteInside(three, n) < 0.6, "over the fill")
    }
}
