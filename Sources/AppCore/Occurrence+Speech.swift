/// What speech mode says of something that happened, before the shell fills in what only it can read (a
/// page's text, the shelf's titles). One switch over `Occurrence`, no `default:`, like the log, the metrics and
/// the visit statistics: a new occurrence does not compile until it is decided here too.
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

    /// Said whether or not speech mode is on: the reset (which only silences) and the word that speech mode went
    /// off.
    public var heardWhenOff: Bool {
        switch self {
        case .reset, .mode: true
        case .page, .pageAgain, .firstPage, .zoom, .shelf, .opened, .focus, .idleWarning, .idleExtended, .narration, .note, .layers, .language: false
        }
    }
}

extension Occurrence {
    public var speechCue: SpeechCue? {
        switch self {
        case .shown(let page): .firstPage(page)
        case .page(let page, _): .page(page)
        case .pageAsked(let page): .pageAgain(page)
        // A zoom is said to the percent; a settle back to fit too ("100 percent"), so the visitor knows.
        case .zoom(let scale, _, _): .zoom(percent: Int((scale * 100).rounded()))
        case .shelf(let books): .shelf(books: books)
        case let .opened(_, title, pages): .opened(title: title, pages: pages)
        case .idleReset: .reset
        // The log counts the focus order from 0; a listener hears the first control as "1 of 6".
        case let .focus(label, index, count): .focus(label: label, index: index + 1, count: count)
        case .idleWarning(let left): .idleWarning(secondsLeft: left)
        case .idleExtended: .idleExtended
        case .speech(.mode(let on, byVisitor: true)): .mode(on: on)
        case .narrationSwitched(let on): .narration(on: on)
        case let .noteOpened(_, text, language): .note(text: text, language: language)
        case .layers(let layers): .layers(layers)
        case .language(let code): .language(code)
        // A listener hears the recording itself: its captions are for those who cannot.
        case .captions: nil
        // The page that follows says where the visitor is; the rest is the machine's business, not theirs.
        case .ready, .renderer, .book, .flip, .region, .pageFailed, .turnWaits, .turnCarried, .turnRefused, .turnsCleared,
             .dragHeld, .dragBegins, .dragLifted, .overlay, .jump, .linkFollowed, .contents, .sectionOpened, .attractBegan, .attractLooped, .attractEnded, .speech, .narration,
             .retuned, .noteClosed, .notesLeftOut, .drawn,
             // The page that says so is read like any page.
             .bookAwaited,
             // A book added or removed by the curator is heard when the visitor moves over the shelf (titles, focus).
             .library:
            nil
        }
    }
}
