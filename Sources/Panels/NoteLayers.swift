import Panels

/// Which of the book's layers show over its pages. The layers control steps through them in this order, past
/// those the spread on screen has nothing for.
public enum NoteLayers: Int, Sendable, CaseIterable {
    /// The pages alone.
    case none
    /// The notes' markers.
    case notes
    /// The markers, and the page's words as the book gives them in a panel.
    case transcription
    /// The markers, and the page's words in the visitor's language in the panel.
    case translation

    /// What speech says and the log writes when it switches (a msgid of Locales/*.po).
    public var label: String {
        switch self {
        case .none: "Notes hidden"
        case .notes: "Notes shown"
        case .transcription: "Transcription shown"
        case .translation: "Translation shown"
        }
    }

    public var name: String {
        switch self {
        case .none: "none"
        case .notes: "notes"
        case .transcription: "transcription"
        case .translation: "translation"
        }
    }
}
