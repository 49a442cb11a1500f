import Testing
import TestSupport
@testable import Book

@Suite struct NaturalOrderTests {
    @Test func digitsCompareNumerically() {
        #expect(naturalLess("page2", "page10"))
        #expect(!naturalLess("page10", "page2"))
        #expect(naturalLess("page9.png", "page10.png"))
        #expect(naturalLess("p1-2", "p1-10"))
        #expect(naturalLess("v2p9", "v10p1"))
    }

    @Test func caseIsIgnoredFirst() {
        #expect(naturalLess("Apple", "banana"))
        #expect(naturalLess("apple", "Banana"))
        #expect(naturalLess("PAGE2", "page10"))
    }

    @Test func hugeNumbersDoNotOverflow() {
        let big = "p" + String(repeating: "9", count: 40)
        let bigger = "p1" + String(repeating: "0", count: 40)
        #expect(naturalLess(big, bigger))
        #expect(naturalLess("p18446744073709551615", "p18446744073709551616"))
    }

    @Test func tiesAreBrokenDeterministically() {
        // Numerically equal: fewer leading zeros first, then plain scalar order.
        #expect(naturalLess("a1", "a01"))
        #expect(naturalLess("a01", "a001"))
        #expect(naturalLess("A1", "a1"))
        #expect(naturalCompare("a0", "a00") < 0)
        #expect(naturalCompare("x", "x") == 0)
        #expect(!naturalLess("same", "same"))
        // Leading zeros never outrank a real numeric difference.
        #expect(naturalLess("a001", "a2"))
    }

    @Test func prefixesAndEmpty() {
        #expect(naturalLess("", "a"))
        #expect(naturalLess("page", "page1"))
        #expect(naturalLess("page1", "page1a"))
        #expect(naturalLess("page.png", "page1.png"))
    }

    @Test func sortsAShuffledBookIntoReadingOrder() {
        let expected = ["cover.png", "page-1.png", "page-2.png", "page-3.png", "page-9.png",
                        "page-10.png", "page-11.png", "page-100.png", "Page-101.png", "page-0200.png"]
        var rng = SplitMix64(seed: 42)
        for _ in 0..<50 {
            #expect(naturallySorted(expected.shuffled(using: &rng)) == expected)
        }
    }

    @Test func orderIsTotalAndTransitiveOnRandomNames() {
        let alphabet = Array("aAbB0019._-")
        var rng = SplitMix64(seed: 7)
        let names = (0..<120).map { _ in
            String((0..<Int.random(in: 0...6, using: &rng)).map { _ in alphabet.randomElement(using: &rng)! })
        }
        for a in names {
            for b in names {
                let ab = naturalCompare(a, b), ba = naturalCompare(b, a)
                #expect(ab == -ba)
                #expect((ab == 0) == (a.unicodeScalars.elementsEqual(b.unicodeScalars)))
            }
        }
        let sorted = naturallySorted(names)
        for (x, y) in zip(sorted, sorted.dropFirst()) { #expect(naturalCompare(x, y) <= 0) }
        // Transitivity spot check on random triples.
        for _ in 0..<2000 {
            let a = names.randomElement(using: &rng)!, b = names.randomElement(using: &rng)!
            let c = names.randomElement(using: &rng)!
            if naturalLess(a, b) && naturalLess(b, c) { #expect(naturalLess(a, c)) }
        }
    }

    @Test func keyedSortIsStable() {
        let items = [("b", 1), ("a", 2), ("b", 3), ("a10", 4), ("a2", 5), ("b", 6)]
        let sorted = naturallySorted(items, by: { $0.0 })
        #expect(sorted.map(\.1) == [2, 5, 4, 1, 3, 6])
    }

    /// Paths compare folder by folder, so a chapter's pages stay together whatever its neighbours are called.
    @Test func pathsCompareFolderByFolder() {
        let paths = ["ch2/p9.png", "ch10/p1.png", "ch1.5/p1.png", "ch1/p2.png", "ch2/p10.png", "ch1 extra/p1.png",
                     "ch1/sub/p1.png"]
        #expect(naturallySortedPaths(paths, by: { $0 }) == ["ch1/p2.png", "ch1/sub/p1.png", "ch1 extra/p1.png",
                                                           "ch1.5/p1.png", "ch2/p9.png", "ch2/p10.png", "ch10/p1.png"])
        // Whole-string order would put "ch1.5/..." first ("." sorts before "/").
        #expect(naturalLess("ch1.5/p1.png", "ch1/p2.png"))
        #expect(naturalPathCompare("a/b", "a/b") == 0)
        #expect(naturalPathCompare("a", "a/b") < 0 && naturalPathCompare("a/b", "a") > 0)
        #expect(naturalPathCompare("A/b", "a/b") != 0)
    }

    @Test func pageFilesAreFilteredAndOrdered() {
        let names = ["page10.PNG", ".hidden.png", "notes.txt", "page2.jpg", "dir/", "__MACOSX/page1.png",
                     "sub/.DS_Store", "page1.jpeg", "png", "sub/page3.png", ".png"]
        // Full paths sort, so an archive's folders (chapters) stay together.
        #expect(pageFileNames(names) == ["page1.jpeg", "page2.jpg", "page10.PNG", "sub/page3.png"])
        #expect(isPageFileName("Scan 0001.JPG"))
        #expect(isPageFileName("p1.webp") && isPageFileName("ch1/p2.AVIF"))
        #expect(!isPageFileName("archive.png.txt"))
        #expect(!isPageFileName(""))
    }
}
