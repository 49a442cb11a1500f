import AppCore
import Localization
import Speech
import Testing

@Suite struct SpeechPhrasesTests {
    let english = SpeechPhrases(translator: .english, bookLanguage: nil, configuredLanguage: nil)

    @Test func aPageWithoutTextSaysItsNumber() {
        #expect(english.page([4], of: 14, labels: [], texts: [:]) == [.init("page 4 of 14, no text", language: "en")])
    }

    @Test func aPageWithTextSaysItInTheBooksLanguage() {
        let p = SpeechPhrases(translator: .english, bookLanguage: "fr", configuredLanguage: "de")
        #expect(p.page([4], of: 14, labels: [], texts: [4: "Il était une fois"])
                == [.init("Page 4 of 14.", language: "en"), .init("Il était une fois", language: "fr")])
    }

    @Test func aSpreadSaysBothPagesAndEachText() {
        #expect(english.page([4, 5], of: 14, labels: [], texts: [5: "Five"])
                == [.init("Pages 4 and 5 of 14.", language: "en"), .init("Five", language: "en")])
        #expect(english.page([4, 5], of: 14, labels: [], texts: [:])
                == [.init("pages 4 and 5 of 14, no text", language: "en")])
    }

    @Test func labelsAreSaidWhereTheBookHasThem() {
        #expect(english.page([2], of: 9, labels: ["i", "ii", ""], texts: [:]).first?.text == "page ii of 9, no text")
        #expect(english.page([3], of: 9, labels: ["i", "ii", ""], texts: [:]).first?.text == "page 3 of 9, no text")
    }

    /// A IIIF canvas's label is often a title, not a number: it is said before the page's place, not where the
    /// number goes. Roman numerals and folio labels stay where the number goes.
    @Test func aTitleLabelIsSaidAsATitle() {
        #expect(english.page([1], of: 1, labels: ["Chesapeake and Ohio Canal Pamphlet"], texts: [:])
                == [.init("Chesapeake and Ohio Canal Pamphlet, page 1 of 1, no text", language: "en")])
        #expect(english.page([1], of: 1, labels: ["Chesapeake and Ohio Canal Pamphlet"], texts: [1: "Canal"]).first?.text
                == "Chesapeake and Ohio Canal Pamphlet, page 1 of 1.")
        #expect(english.page([4], of: 9, labels: ["i", "ii", "iii", "xiv"], texts: [:]).first?.text == "page xiv of 9, no text")
        #expect(english.page([2], of: 9, labels: ["12r", "12v"], texts: [:]).first?.text == "page 12v of 9, no text")
        #expect(english.page([1], of: 9, labels: ["fol. 3r"], texts: [:]).first?.text == "page fol. 3r of 9, no text")
        let german = SpeechPhrases(translator: Translator(preferences: ["de"]), bookLanguage: "en", configuredLanguage: nil)
        #expect(german.page([1], of: 1, labels: ["Chesapeake and Ohio Canal Pamphlet"], texts: [:]).first?.text
                == "Chesapeake and Ohio Canal Pamphlet, Seite 1 von 1, kein Text")
    }

    /// A spread with a title says each page on its own, so neither title stands where a number goes.
    @Test func aSpreadWithATitleSaysEachPage() {
        #expect(english.page([13, 14], of: 14, labels: Array(repeating: "", count: 12) + ["Map of the garden", "xiv"], texts: [:])
                == [.init("Map of the garden, page 13 of 14, no text", language: "en"), .init("page xiv of 14, no text", language: "en")])
    }

    /// IIIF requires a book's attribution to be shown; speech says it where it shows: after the first page, and
    /// after a shelf book's title. In the book's language, as the book gives it ("Label: value").
    @Test func theAttributionIsSaidInTheBooksLanguage() {
        let p = SpeechPhrases(translator: .english, bookLanguage: "fr", configuredLanguage: nil)
        #expect(p.attribution(["Attribution: Bibliothèque X", "Rights: CC BY 4.0"])
                == [.init("Attribution: Bibliothèque X", language: "fr"), .init("Rights: CC BY 4.0", language: "fr")])
        #expect(p.attribution([]).isEmpty)
    }

    @Test func theConfiguredLanguageServesBooksThatSayNone() {
        let p = SpeechPhrases(translator: .english, bookLanguage: nil, configuredLanguage: "de")
        #expect(p.page([1], of: 2, labels: [], texts: [1: "Hallo"]).last == .init("Hallo", language: "de"))
    }

    @Test func phrasesAreInTheVisitorsLanguage() {
        let german = SpeechPhrases(translator: Translator(preferences: ["de"]), bookLanguage: "en", configuredLanguage: nil)
        #expect(german.page([6], of: 14, labels: [], texts: [:]) == [.init("Seite 6 von 14, kein Text", language: "de")])
        #expect(german.zoom(percent: 250) == [.init("vergrößert auf 250 Prozent", language: "de")])
        #expect(german.speechOn == [.init("Sprachausgabe an", language: "de")])
    }

    @Test func stateChanges() {
        #expect(english.zoom(percent: 250).map(\.text) == ["zoomed 250 percent"])
        #expect(english.zoom(percent: 100).map(\.text) == ["fitted to the screen"])
        #expect(english.shelf(titles: ["Atlas", "Herbarium"]).map(\.text) == ["Shelf, 2 books.", "Atlas", "Herbarium"])
        #expect(english.opened(title: "Atlas", pages: 40).map(\.text) == ["Atlas", "40 pages"])
        #expect(english.focus(label: "Next page", index: 2, count: 7).map(\.text) == ["Next page, 2 of 7"])
        #expect(english.idleWarning(secondsLeft: 20).map(\.text)
                == ["20 seconds left. Touch the screen or press a key to keep reading."])
    }
}
