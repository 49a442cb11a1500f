import Pages
import Testing

/// Inputs found by the fuzz targets (Fuzz/README.md, findings table), kept as tests.
@Suite struct FuzzRegressionTests {
    /// ComicInfoParser: `<Page>` attributes went through a Dictionary, so of two spellings of one name ("image",
    /// "Image") the one that counted followed the dictionary's per-instance iteration order, and two parses of
    /// the same bytes could disagree. The first spelling in the document counts now.
    @Test func repeatedAttributeSpellingsResolveToTheFirst() {
        let text = "<ComicInfo><Pages><Page image=\"1\" Image=\"2\" Type=\"FrontCover\" type=\"Story\" "
            + "DoublePage=\"True\" doublepage=\"False\"/></Pages></ComicInfo>"
        let expected = BookMetadata(coverPage: 2, doublePages: [2])
        for _ in 0..<50 { #expect(ComicInfo.parse(Array(text.utf8), pageCount: 5) == expected) }
    }
}
