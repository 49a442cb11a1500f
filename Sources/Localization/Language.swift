/// Which languages the visitor wants, most wanted first, as lower-case codes with and without the region
/// ("de_at", "de").
public enum Language {
    /// From the `language` setting when there is one; else like gettext: `LANGUAGE` (a colon-separated list)
    /// unless the locale is C/POSIX, then the locale from `LC_ALL`, `LC_MESSAGES` or `LANG` (the first set).
    /// Empty means English.
    public static func preferences(setting: String?, environment: [String: String]) -> [String] {
        if let setting, !setting.isEmpty { return expand(setting) }
        let locale = ["LC_ALL", "LC_MESSAGES", "LANG"].lazy.compactMap { environment[$0] }.first { !$0.isEmpty }
        guard let locale, !isPlainC(locale) else { return [] }
        let list = (environment["LANGUAGE"] ?? "").split(separator: ":").map(String.init)
        var out: [String] = []
        for code in list.flatMap(expand) + expand(locale) where !out.contains(code) { out.append(code) }
        return out
    }

    /// "de_AT.UTF-8@euro" → ["de_at", "de"].
    static func expand(_ locale: String) -> [String] {
        let base = locale.split(whereSeparator: { $0 == "." || $0 == "@" }).first.map(String.init) ?? ""
        let code = base.lowercased().replacingDash()
        guard !code.isEmpty else { return [] }
        let language = code.split(separator: "_").first.map(String.init) ?? code
        return language == code ? [code] : [code, language]
    }

    private static func isPlainC(_ locale: String) -> Bool {
        locale == "C" || locale == "POSIX" || locale.hasPrefix("C.")
    }
}

private extension String {
    /// "pt-BR" is written "pt_BR" in locales.
    func replacingDash() -> String { String(map { $0 == "-" ? "_" : $0 }) }
}
