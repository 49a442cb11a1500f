import Book
import Testing

@Suite struct BookContentsTests {
    @Test func entriesAreTidiedAndKeptWithinTheBook() {
        let raw = [ContentsEntry(title: "  Part\n One ", page: 1), ContentsEntry(title: " ", page: 2),
                   ContentsEntry(title: "Beyond", page: 13), ContentsEntry(title: "Deep", page: 4, level: 40),
                   ContentsEntry(title: "Before", page: 0)]
        #expect(BookContents.cleaned(raw, pageCount: 12) == [ContentsEntry(title: "Part One", page: 1),
                                                              ContentsEntry(title: "Deep", page: 4, level: BookContents.maxLevel)])
        let many = (1...5000).map { ContentsEntry(title: "e\($0)", page: 1) }
        #expect(BookContents.cleaned(many, pageCount: 1).count == BookContents.maxEntries)
    }

    @Test func aPageIsInTheLastSectionStartingAtOrBeforeIt() {
        let entries = [ContentsEntry(title: "A", page: 3), ContentsEntry(title: "A.1", page: 3, level: 1),
                       ContentsEntry(title: "B", page: 8)]
        #expect(BookContents.section(of: 2, in: entries) == nil)
        #expect(BookContents.section(of: 3, in: entries) == 1, "of the two starting on the page, the last listed")
        #expect(BookContents.section(of: 7, in: entries) == 1)
        #expect(BookContents.section(of: 9, in: entries) == 2)
    }

    @Test func foldersAreChapters() {
        let paths = ["cover.png", "ch1/p1.png", "ch1/p2.png", "ch1/notes/n1.png", "ch2/p1.png", "ch2/p2.png"]
        #expect(BookContents.chapters(paths: paths) == [ContentsEntry(title: "ch1", page: 2),
                                                        ContentsEntry(title: "notes", page: 4, level: 1),
                                                        ContentsEntry(title: "ch2", page: 5)])
        #expect(BookContents.chapters(paths: ["p1.png", "p2.png"]).isEmpty)
    }
}
