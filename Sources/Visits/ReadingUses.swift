import Reader

/// What a visitor used besides the pages themselves: the layers control, notes, the table of contents, languages,
/// "About this book".
public struct ReadingUses: Sendable, Equatable {
    public var layerSwitches = 0
    public var notesOpened = 0
    public var contentsOpened = 0
    public var aboutOpened = 0
    /// The languages chosen with the language control, in the order first chosen.
    public var languages: [String] = []

    public init(layerSwitches: Int = 0, notesOpened: Int = 0, contentsOpened: Int = 0, languages: [String] = [],
                aboutOpened: Int = 0) {
        self.layerSwitches = layerSwitches; self.notesOpened = notesOpened; self.contentsOpened = contentsOpened
        self.languages = languages
        self.aboutOpened = aboutOpened
    }

    /// Most languages kept for one visit.
    static let maxLanguages = 16
}
