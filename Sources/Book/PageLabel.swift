/// A page's label as a book gives it (IIIF's canvas `label`, a PDF's page labels), read for where it belongs in
/// a sentence: a page number ("12", "iv", a folio "12r") takes the place of the number ("page iv of 9"); any
/// other label is a title ("Chesapeake and Ohio Canal Pamphlet"), said before the page's place in the book
/// ("Chesapeake and Ohio Canal Pamphlet, page 1 of 1"), never where the number goes.
public enum PageLabel: Sendable, Equatable {
    /// What stands where the number goes: the label, or the page's place in the book where it has none.
    case number(String)
    /// A title, and the page's place in the book (1-based).
    case title(String, page: Int)

    /// `page`'s label among `labels` (one per page, "" where a page has none).
    public init(page: Int, labels: [String]) {
        let label = labels.indices.contains(page - 1) ? String(labels[page - 1].trimmingSpaces) : ""
        if label.isEmpty {
            self = .number("\(page)")
        } else if Self.isPageNumber(label) {
            self = .number(label)
        } else {
            self = .title(label, page: page)
        }
    }

    /// What stands where a page number goes: the label where it is one, else the page's place in the book.
    public var number: String {
        switch self {
        case .number(let n): n
        case .title(_, let page): "\(page)"
        }
    }

    /// The title, where the label is one.
    public var title: String? {
        if case .title(let t, _) = self { return t }
        return nil
    }

    /// Arabic numbers ("12", "[12]", "12a"), roman numerals ("iv", "XLII"), folios ("12r", "12v", "xiv v",
    /// "fol. 12r"), and ranges of them ("12-13").
    public static func isPageNumber(_ label: String) -> Bool {
        var s = label.lowercased().trimmingSpaces
        if s.hasPrefix("[") && s.hasSuffix("]") { s = s.dropFirst().dropLast() }
        for prefix in ["fol. ", "fol.", "f. ", "f.", "p. ", "p.", "pp. ", "pp."] where s.hasPrefix(prefix) {
            s = s.dropFirst(prefix.count)
            break
        }
        let parts = s.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "-" || $0 == "–" })
        guard !parts.isEmpty, parts.count <= 2 else { return false }
        return parts.allSatisfy { isOnePageNumber(String($0.trimmingSpaces)) }
    }

    private static func isOnePageNumber(_ s: String) -> Bool {
        guard !s.isEmpty, s.count <= 12 else { return false }
        var body = Substring(s)
        // A folio's side, a column ("12ra"), or a page's part ("12a"): one or two letters after digits.
        let digits = body.prefix { $0.isASCII && $0.isNumber }
        if !digits.isEmpty {
            let rest = body.dropFirst(digits.count)
            return rest.isEmpty || (rest.count <= 2 && rest.allSatisfy { "rvab".contains($0) })
        }
        // Roman numerals, with a folio's side after a space ("xiv v", "xiv r") or none.
        if body.hasSuffix(" r") || body.hasSuffix(" v") { body = body.dropLast(2) }
        return isRoman(body)
    }

    /// A well-formed roman numeral (lower case), up to 3999.
    static func isRoman(_ s: Substring) -> Bool {
        guard !s.isEmpty else { return false }
        var rest = s
        for group in [["m", "mm", "mmm"], ["cm", "d", "dccc", "dcc", "dc", "cd", "ccc", "cc", "c"],
                      ["xc", "l", "lxxx", "lxx", "lx", "xl", "xxx", "xx", "x"],
                      ["ix", "v", "viii", "vii", "vi", "iv", "iii", "ii", "i"]] {
            // Longest first within a group, so "viii" is not read as "v" then "iii".
            if let match = group.sorted(by: { $0.count > $1.count }).first(where: { rest.hasPrefix($0) }) {
                rest = rest.dropFirst(match.count)
            }
        }
        return rest.isEmpty
    }
}
