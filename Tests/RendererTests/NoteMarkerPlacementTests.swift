import Geometry
import Renderer
import Testing

/// Where a marker shows while a leaf turns: on its flat part where it lies, over the roll as the cylinder puts
/// it (foreshortened), gone once that part faces away; on the page beneath only where the leaf has lifted off.
struct NoteMarkerPlacementTests {
    /// A leaf 600 × 800 at (100, 0), rolled about the vertical line x = 400 (page space), radius 40.
    static var curl: CurlLayer {
        CurlLayer(rect: Rect(x: 100, y: 0, width: 600, height: 800), axisPoint: Vec2(300, 0), axisNormal: Vec2(1, 0),
                  radius: 40, front: nil, back: nil, backIsSeparatePage: false, beneath: nil)
    }

    @Test func theLeafsFrontRollsItsMarkersAndHidesThemOnceTheyFaceAway() throws {
        let flat = try #require(NoteMarkerPlacement.place(.init(at: Vec2(300, 100), place: .leafFront, open: false), curl: Self.curl, flap: []))
        #expect(flat.centre == Vec2(300, 100) && flat.squash == 1)
        // π/4 of the way round: d = 10π, shown at r·sin(π/4) beyond the axis, squashed to cos(π/4).
        let d = 10 * pi
        let rolled = try #require(NoteMarkerPlacement.place(.init(at: Vec2(400 + d, 100), place: .leafFront, open: false), curl: Self.curl, flap: []))
        #expect(abs(rolled.centre.x - (400 + 40 * 0.5.squareRoot())) < 1e-9 && abs(rolled.squash - 0.5.squareRoot()) < 1e-9)
        #expect(NoteMarkerPlacement.place(.init(at: Vec2(400 + 21 * pi, 100), place: .leafFront, open: false), curl: Self.curl, flap: []) == nil)
        // Under the flap (lying over the leaf's flat part): hidden.
        let flap = [Vec2(250, 0), Vec2(350, 0), Vec2(350, 800), Vec2(250, 800)]
        #expect(NoteMarkerPlacement.place(.init(at: Vec2(300, 100), place: .leafFront, open: false), curl: Self.curl, flap: flap) == nil)
    }

    @Test func thePageBeneathShowsItsMarkersOnlyWhereTheLeafHasLiftedOff() {
        #expect(NoteMarkerPlacement.place(.init(at: Vec2(300, 100), place: .beneathLeaf, open: false), curl: Self.curl, flap: []) == nil)
        #expect(NoteMarkerPlacement.place(.init(at: Vec2(430, 100), place: .beneathLeaf, open: false), curl: Self.curl, flap: []) == nil,
                "under the roll")
        #expect(NoteMarkerPlacement.place(.init(at: Vec2(650, 100), place: .beneathLeaf, open: false), curl: Self.curl, flap: [])?.centre == Vec2(650, 100))
        #expect(NoteMarkerPlacement.place(.init(at: Vec2(650, 100), place: .flat, open: false), curl: nil, flap: [])?.centre == Vec2(650, 100))
    }
}
