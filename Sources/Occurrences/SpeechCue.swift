import Panels
/// What speech mode says of something that happened (`OccurrenceMeaning.speech`), before the shell fills in what
/// only it can read (a page's text, the shelf's titles).
public enum SpeechCue: Sendable, Equatable {
    /// The spread of `page` is shown (a turn settled, a jump): its text, else its number.
    case page(Int)
    /// A tap on the page asked for the spread of `page` again (explore by touch): said as `page`, unless the
    /// tap's touch stopped speech (a tap while something is said silences it; the next tap says the page).
    case pageAgain(Int)
    /// The book's first spread is on screen (start-up): as `page`, then the attribution the book requires (IIIF).
    case firstPage(Int)
    /// A zoom settled at `percent` of the fitted page.
    case zoom(percent: Int)
    /// The shelf is shown with `books` books: their titles.
    case shelf(books: Int)
    /// A shelf book opened: its title, length and required attribution.
    case opened(title: String, pages: Int)
    /// Focus moved to control or cover `label`, `index` (from 1, as said) of `count` (keys, explore touch).
    case focus(label: String, index: Int, count: Int)
    /// The idle warning: the reset comes in `secondsLeft` s unless someone answers.
    case idleWarning(secondsLeft: Int)
    /// The visitor answered the idle warning.
    case idleExtended
    /// The idle reset: nothing is said; rate and volume go back to their settings.
    case reset
    /// The visitor switched speech mode: "Speech on" or "Speech off".
    case mode(on: Bool)
    /// The visitor started or stopped the narration: "Narration on" or "Narration off".
    case narration(on: Bool)
    /// A note's card opened: its text, in its language.
    case note(text: String, language: String?)
    /// The layers control switched: what shows now ("Notes shown").
    case layers(NoteLayers)
    /// The visitor chose a language: its name, in itself and its voice.
    case language(String)
    /// "About this book" opened: what it says, in `language` (the visitor's).
    case about(text: String, language: String?)

    /// Said whether or not speech mode is on: the reset (which only silences) and the word that speech mode went
    /// off.
    public var heardWhenOff: Bool {
        switch self {
        case .reset, .mode: true
        case .page, .pageAgain, .firstPage, .zoom, .shelf, .opened, .focus, .idleWarning, .idleExtended, .narration, .note, .layers, .language, .about: false
        }
    }
}
