/// Turns Recto's English on-screen texts into the visitor's language, falling back to English for any text
/// (or any part of a composed text) that the chosen catalogues lack.
///
/// Only what a visitor sees goes through a translator: placeholder pages and hints. Log lines, warnings and
/// the event log stay English.
public struct Translator: Sendable {
    /// The catalogues in order of preference; empty for English.
    let catalogues: [Catalogue]
    /// The language codes of `catalogues`, e.g. ["de"]; empty for English.
    public let languages: [String]

    /// English: every text as it is.
    public static let english = Translator(catalogues: [], languages: [])

    init(catalogues: [Catalogue], languages: [String]) {
        self.catalogues = catalogues
        self.languages = languages
    }

    /// The embedded catalogues for `preferences` (as `Language.preferences` gives them), in order; the
    /// search stops at English, and languages without a catalogue are passed over.
    public init(preferences: [String]) {
        var chosen: [(String, Catalogue)] = []
        for code in preferences {
            if code == "en" { break }
            if let catalogue = Self.embedded[code], !chosen.contains(where: { $0.0 == code }) { chosen.append((code, catalogue)) }
        }
        self.init(catalogues: chosen.map(\.1), languages: chosen.map(\.0))
    }

    /// The languages with an embedded catalogue, besides English.
    public static var available: [String] { embedded.keys.sorted() }

    /// `english` in the visitor's language.
    public func callAsFunction(_ english: String) -> String {
        for catalogue in catalogues {
            if let text = catalogue.translate(english, inner: callAsFunction) { return text }
        }
        return english
    }

    /// The translation of `template` (a msgid with `{name}` placeholders) with `values` put in.
    public func format(_ template: String, _ values: [String: String]) -> String {
        let text = catalogues.lazy.compactMap { $0.exactTemplate(template) }.first ?? template
        return Template.fill(text, values)
    }

    /// Catalogues embedded from `Locales/*.po` by the EmbedCatalogues plugin, by language code. A catalogue
    /// that does not parse is left out (LocalizationTests keep every embedded one parsing).
    static let embedded: [String: Catalogue] = {
        var all: [String: Catalogue] = [:]
        for (name, source) in Catalogues.all where name.hasSuffix(".po") {
            if let catalogue = try? Catalogue(po: source) { all[String(name.dropLast(3))] = catalogue }
        }
        return all
    }()
}

extension Catalogue {
    /// The translation of a msgid exactly as written, placeholders and all.
    func exactTemplate(_ id: String) -> String? {
        exact[id] ?? templates.first { $0.template.source == id }?.text
    }
}
