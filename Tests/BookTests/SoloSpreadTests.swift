import Book
import Geometry
import Testing

/// Double-page images (ComicInfo's DoublePage, a PDF's landscape spread) stand alone across a double spread.
@Suite struct SoloSpreadTests {
    func pages(_ l: SpreadLayout) -> [String] {
        (0..<l.spreadCount).map { i in
            let s = l.spread(at: i)
            return s.isSolo ? "[\(s.recto!)]" : "\(s.verso.map(String.init) ?? "-")|\(s.recto.map(String.init) ?? "-")"
        }
    }

    @Test func aSoloPageStandsAloneAndPairingStartsAgainAfterIt() {
        let l = SpreadLayout(pageCount: 9, mode: .double, soloPages: [4, 9, 12])
        #expect(pages(l) == ["-|1", "2|3", "[4]", "5|6", "7|8", "[9]"])
        #expect((1...9).map { l.spreadIndex(containing: $0) } == [0, 1, 1, 2, 3, 3, 4, 4, 5])
        #expect(l.soloPages == [4, 9], "pages outside the book are dropped")
        #expect(l.firstPage(ofSpread: 2) == 4)
        // Single mode shows them like any page; switching keeps the page.
        let single = l.switching(to: .single, keeping: 4)
        #expect(single.layout.spreadCount == 9 && single.spread == 3)
        #expect(single.layout.switching(to: .double, keeping: 4).spread == 2)
        // A solo page before a lone last page, and a solo cover.
        #expect(pages(SpreadLayout(pageCount: 4, mode: .double, soloPages: [3])) == ["-|1", "2|-", "[3]", "4|-"])
        #expect(pages(SpreadLayout(pageCount: 3, mode: .double, soloPages: [1])) == ["[1]", "2|3"])
        #expect(pages(SpreadLayout(pageCount: 5, mode: .double)) == ["-|1", "2|3", "4|5"], "none: as before")
    }

    @Test func turnsIntoAndOutOfASoloSpreadCrossFade() throws {
        let l = SpreadLayout(pageCount: 7, mode: .double, soloPages: [4])
        let into = try #require(l.forwardTurn(from: 1))
        #expect(into.crossesSolo && into.to == 2 && into.back == 4)
        let out = try #require(l.forwardTurn(from: 2))
        #expect(out.crossesSolo && out.front == 4 && out.back == 5 && out.under == 6)
        #expect(try #require(l.backwardTurn(from: 3)).crossesSolo)
        #expect(!(try #require(l.forwardTurn(from: 0))).crossesSolo)
    }

    @Test func aSoloPageIsLaidOutAcrossBothHalves() {
        let l = SpreadLayout(pageCount: 5, mode: .double, soloPages: [2])
        let frame = l.frame(ofSpread: 1, in: Size(width: 1920, height: 1080)) { _ in Size(width: 3000, height: 2000) }
        #expect(frame.placed.count == 1 && frame.placed.first?.page == 2)
        #expect(frame.left == frame.right && frame.spineX == nil)
        let r = frame.placed[0].rect
        #expect(r.width == 1620 && r.height == 1080 && r.x == 150, "\(r)")
    }

    @Test func doublePagesByShape() {
        // A4 portrait pages and one A3 landscape (√2 ≈ 1.41 × 2 wider than tall as a portrait is tall).
        let portrait = 595.0 / 842, landscape = 1190.0 / 842
        #expect(doublePageSpreads(aspects: [portrait, portrait, landscape, portrait, portrait]) == [3])
        #expect(doublePageSpreads(aspects: [landscape, landscape, landscape]).isEmpty, "a landscape book")
        #expect(doublePageSpreads(aspects: [portrait, 0.75, .nan, 0]).isEmpty)
        #expect(doublePageSpreads(aspects: []).isEmpty)
    }
}
