import Book
import Localization
import Panels

/// The words speech mode says for a cue: phrases in the visitor's language (the `language` setting's
/// translation), a page's own text in the book's language. Pure: the shell hands in what it read (page texts,
/// shelf titles).
public struct SpeechPhrases: Sendable {
    public var translator: Translator
    /// The voice for phrases: the translation's language, else English.
    public var phraseLanguage: String
    /// The voice for pages' own text: the book's language, else the configured one, else the phrases'.
    public var bookLanguage: String

    public init(translator: Translator, bookLanguage: String?, configuredLanguage: String?) {
        self.translator = translator
        phraseLanguage = translator.languages.first ?? "en"
        self.bookLanguage = bookLanguage ?? configuredLanguage ?? phraseLanguage
    }

    /// Something to say in one language (a phrase in the visitor's language, a page's text in the book's).
    public struct Part: Sendable, Equatable {
        public var text: String
        public var language: String?
        public init(_ text: String, language: String? = nil) {
            self.text = text
            self.language = language
        }
    }

    /// "Page 4 of 14." and the page's text, else "page 4 of 14, no text"; a spread names both pages and says
    /// each text in order. `labels`: the book's own page labels ("iv") where it has them; a label that is a title,
    /// not a number, is said before the page's place ("Map of the garden, page 13 of 14."), each page of a spread
    /// on its own.
    public func page(_ pages: [Int], of count: Int, labels: [String], texts: [Int: String]) -> [Part] {
        let names = pages.map { PageLabel(page: $0, labels: labels) }
        let said = pages.compactMap { texts[$0] }
        let bare = said.isEmpty
        var heads: [String] = []
        if names.count == 2 && names.allSatisfy({ $0.title == nil }) {
            heads = [translator.format(bare ? "pages {first} and {second} of {count}, no text" : "Pages {first} and {second} of {count}.",
                                       ["first": names[0].number, "second": names[1].number, "count": "\(count)"])]
        } else {
            for name in names.isEmpty ? [.number("?")] : names {
                if let title = name.title {
                    heads.append(translator.format(bare ? "{title}, page {page} of {count}, no text" : "{title}, page {page} of {count}.",
                                                   ["title": title, "page": name.number, "count": "\(count)"]))
                } else {
                    heads.append(translator.format(bare ? "page {page} of {count}, no text" : "Page {page} of {count}.",
                                                   ["page": name.number, "count": "\(count)"]))
                }
            }
        }
        return heads.map { Part($0, language: phraseLanguage) } + said.map { Part($0, language: bookLanguage) }
    }

    public func zoom(percent: Int) -> [Part] {
        [phrase(percent == 100 ? "fitted to the screen" : "zoomed {percent} percent", ["percent": "\(percent)"])]
    }

    public func shelf(titles: [String]) -> [Part] {
        [phrase("Shelf, {count} books.", ["count": "\(titles.count)"])] + titles.map { Part($0, language: bookLanguage) }
    }

    public func opened(title: String, pages: Int) -> [Part] {
        [Part(title, language: bookLanguage), phrase("{pages} pages", ["pages": "\(pages)"])]
    }

    /// The attribution a book requires to be shown (IIIF's `requiredStatement`, "Label: value" lines), spoken
    /// where it is shown: in the book's language.
    public func attribution(_ lines: [String]) -> [Part] {
        lines.map { Part($0, language: bookLanguage) }
    }

    public func focus(label: String, index: Int, count: Int) -> [Part] {
        [phrase("{label}, {index} of {count}", ["label": label, "index": "\(index)", "count": "\(count)"])]
    }

    public func idleWarning(secondsLeft: Int) -> [Part] {
        [phrase("{seconds} seconds left. Touch the screen or press a key to keep reading.", ["seconds": "\(secondsLeft)"])]
    }

    public var idleExtended: [Part] { [phrase("Still reading", [:])] }
    public var speechOn: [Part] { [phrase("Speech on", [:])] }
    public var speechOff: [Part] { [phrase("Speech off", [:])] }
    public var narrationOn: [Part] { [phrase("Narration on", [:])] }
    public var narrationOff: [Part] { [phrase("Narration off", [:])] }

    /// "Note." then its text in its own language (else the book's).
    public func note(_ text: String, language: String?) -> [Part] {
        [phrase("Note.", [:]), Part(text, language: language ?? bookLanguage)]
    }

    public func layers(_ layers: NoteLayers) -> [Part] { [phrase(layers.label, [:])] }

    /// "About this book." then what the book says, a fact a sentence, in the language it was picked in.
    public func about(_ text: String, language: String?) -> [Part] {
        let sentences = text.split(separator: "\n").map { line in
            line.last.map { ".!?…:;".contains($0) } == true ? String(line) : line + "."
        }
        return [phrase("About this book.", [:]), Part(sentences.joined(separator: " "), language: language ?? bookLanguage)]
    }

    /// A language's name in itself, said in its voice ("Deutsch"); its tag where no name is known.
    public func language(_ code: String) -> [Part] { [Part(Self.nativeName(code), language: code)] }

    static func nativeName(_ code: String) -> String {
        let names = ["de": "Deutsch", "en": "English", "fr": "Français", "es": "Español", "it": "Italiano", "nl": "Nederlands",
                     "pt": "Português", "pl": "Polski", "cs": "Čeština", "da": "Dansk", "sv": "Svenska", "fi": "Suomi",
                     "nb": "Norsk", "la": "Latina", "el": "Ελληνικά", "ru": "Русский", "uk": "Українська", "tr": "Türkçe",
                     "ar": "العربية", "he": "עברית", "ja": "日本語", "zh": "中文", "ko": "한국어"]
        return names[String(code.lowercased().split(separator: "-").first ?? "")] ?? code
    }

    private func phrase(_ english: String, _ values: [String: String]) -> Part {
        Part(values.isEmpty ? translator(english) : translator.format(english, values), language: phraseLanguage)
    }
}
