@testable import AppCore
import Panels
import Testing

/// A IIIF book's required attribution rides on the page overlay, after the page numbers (IIIF requires it shown).
struct AttributionOverlayTests {
    @Test func theAttributionFollowsThePageNumbers() {
        var d = Driver(page: 4)
        _ = d.handle(.attribution(["Attribution: The Example Museum", "Rights: CC BY 4.0"]))
        d.input(tap(at: Scene.middle, t0: d.now + 100))
        d.run(for: 400)
        #expect(d.core.overlayPanel(at: d.now)?.label == "4–5 of 12 · Attribution: The Example Museum · Rights: CC BY 4.0")
    }

    @Test func aBookWithoutOneShowsTheNumbersAlone() {
        var d = Driver(page: 4)
        _ = d.handle(.attribution([]))
        d.input(tap(at: Scene.middle, t0: d.now + 100))
        d.run(for: 400)
        #expect(d.core.overlayPanel(at: d.now)?.label == "4–5 of 12")
    }
}
