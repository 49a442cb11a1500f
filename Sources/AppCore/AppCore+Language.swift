import Book
import Config
import Localization

/// The visitor's language: the `languages` setting's list, stepped through by the language control (G), the first
/// at start and after each idle reset. Everything that reads in a language derives from the one in force: the
/// screen's text (`translator`), a IIIF book's labels and attribution, the notes, the narration's recording and
/// the speech voice. Without the setting it is the `language` setting's, and there is no control.
extension AppCore {
    /// The languages the control steps through; empty: none set.
    public var languageChoices: [String] { settings.languages.flatMap(LanguageList.init)?.codes ?? [] }

    /// The language a visitor reads in now (nil: none chosen; English text).
    public var visitorLanguage: String? {
        let choices = languageChoices
        if !choices.isEmpty { return choices[min(max(0, controls.language), choices.count - 1)] }
        return screen.translator.languages.first ?? settings.language
    }

    /// The screen's text in the visitor's language (a language without a catalogue reads in English).
    public var translator: Translator {
        guard !languageChoices.isEmpty, let code = visitorLanguage else { return screen.translator }
        return Translator(preferences: [code, PageNote.primary(code)])
    }

    /// The voice for what the book says where it states no language of its own.
    public var voiceLanguage: String? { languageChoices.isEmpty ? settings.speechLanguage ?? settings.language : visitorLanguage }

    /// The book's page labels in the visitor's language where it gives them in several (a IIIF book), else its own.
    public var pageLabels: [String] { visitorLanguage.flatMap { book.translated[$0]?.pageLabels } ?? book.pageLabels }

    /// The attribution the book requires, in the visitor's language where it gives it in several.
    public var attribution: [String] { visitorLanguage.flatMap { book.translated[$0]?.attribution } ?? book.attribution }

    /// The language control: the next language of the list; `time`: the visitor's input, for `drawn`.
    mutating func cycleLanguage(at time: Double) -> [AppEffect] {
        let choices = languageChoices
        guard choices.count >= 2 else { return [] }
        controls.language = (controls.language + 1) % choices.count
        controls.awaitingScreen = ("language=" + choices[controls.language], time)
        return [.occurred(.language(choices[controls.language]))]
    }

    /// G: the language control's key.
    static func isLanguageKey(_ sym: UInt32) -> Bool { sym == 0x67 || sym == 0x47 }
}
