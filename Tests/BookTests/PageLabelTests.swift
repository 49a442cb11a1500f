import Book
import Testing

@Suite struct PageLabelTests {
    @Test(arguments: ["12", "iv", "XLII", "mcmxcix", "12r", "12v", "12ra", "[12]", "fol. 12r", "f.3v", "p. 7", "12-13", "xiv v", "viii"])
    func pageNumbers(_ label: String) {
        #expect(PageLabel.isPageNumber(label))
        #expect(PageLabel(page: 1, labels: [label]) == .number(label))
    }

    @Test(arguments: ["Chesapeake and Ohio Canal Pamphlet", "Front cover", "Map", "iiii", "vx", "12 Main Street", "Plate 4",
                      "Göttinger Marktplatz", "12rv x"])
    func titles(_ label: String) {
        #expect(!PageLabel.isPageNumber(label))
        #expect(PageLabel(page: 3, labels: ["", "", label]) == .title(label, page: 3))
        #expect(PageLabel(page: 3, labels: ["", "", label]).number == "3")
    }

    @Test func aPageWithoutALabelIsItsPlace() {
        #expect(PageLabel(page: 5, labels: ["i", "ii"]) == .number("5"))
        #expect(PageLabel(page: 2, labels: ["i", "  "]) == .number("2"))
    }
}
