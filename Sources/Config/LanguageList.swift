/// The languages a visitor can switch between (`languages = "de,en,fr"`): language tags, in order, each once.
public struct LanguageList: Sendable, Equatable {
    public let codes: [String]

    /// Tags separated by commas or spaces: a primary tag of 2–3 letters, then subtags of 1–8 letters or digits
    /// ("pt-BR", "zh-Hant"); nil when one is not a tag or none is given.
    public init?(_ text: String) {
        var codes: [String] = []
        for part in text.split(whereSeparator: { $0 == "," || $0 == " " }) {
            let subtags = part.split(separator: "-", omittingEmptySubsequences: false)
            guard let primary = subtags.first, (2...3).contains(primary.count), primary.allSatisfy({ $0.isASCII && $0.isLetter }),
                  subtags.dropFirst().allSatisfy({ (1...8).contains($0.count) && $0.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) } })
            else { return nil }
            let code = String(part)
            if !codes.contains(where: { $0.lowercased() == code.lowercased() }) { codes.append(code) }
        }
        guard !codes.isEmpty else { return nil }
        self.codes = codes
    }
}
