import Book
import Geometry

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

/// A note of a page: its page and its place among the page's notes.
public struct NoteRef: Sendable, Hashable {
    public var page: Int
    public var index: Int
}

/// The layers shown and the note whose card is open; back to the notes alone, no card, at the idle reset.
struct NotesState: Sendable, Equatable {
    var layers = NoteLayers.notes
    var open: NoteRef?
    /// The panel's first line shown, and the spread it was scrolled on (another spread starts at its top).
    var scroll = 0
    var scrolledSpread: [Int] = []
    /// The first line when the finger now on the panel went down.
    var scrollAtDown = 0
}

/// What a frame shows of the pages' notes (window px unless said).
public struct NotesPlan: Sendable, Equatable {
    /// A page's markers: where each sits (fractions of the page), part of the page's picture; the note each
    /// opens (its place among the page's notes). Made once when the page's notes are read, shared by every
    /// frame's plan (ten thousand of them are not copied per frame).
    public struct PageMarkers: Sendable, Equatable {
        public var page: Int
        public var points: [Vec2]
        public var notes: [Int]
        /// The notes about the whole page: one marker at the top outer corner (`NotesPlan.wholePage`) opens the
        /// first, and its card lists them all.
        public var wholePage: [Int]

        init(page: Int, notes: [PageNote]) {
            self.page = page
            let read = PageNotes(notes)
            let marked = read.marked
            points = marked.map(\.at)
            self.notes = marked.map(\.index)
            wholePage = read.wholePage
        }
    }

    /// An open note: its text, a heading (its kind and language), the outline of its place on the page
    /// (fractions; empty for a point), beside the marker at `anchor`.
    public struct Card: Sendable, Equatable {
        public var page: Int
        public var outline: [Vec2]
        public var heading: String
        public var text: String
        /// The text as Pango markup, its emphasis kept.
        public var markup: String
        public var anchor: Vec2
        public var maxWidth: Double
    }

    /// The spread's words in a panel: beside the page where the window has room, else over its lower part.
    public struct Panel: Sendable, Equatable {
        public var box: Rect
        public var heading: String
        /// The text from the first line shown (a finger or Up and Down scroll it), as Pango markup (each line
        /// closes the emphasis it opens).
        public var text: String
        /// Lines above the first shown, and whether any is below the last that fits.
        public var linesAbove: Int
        /// The text's direction is the script's (Pango): a right-to-left text sets right to left.
        public var language: String?
    }

    /// A line's words over the line itself (a transcription aimed at a region of the page), with the text layers.
    public struct Line: Sendable, Equatable {
        public var page: Int
        /// The region, fractions of the page.
        public var rect: Rect
        /// Pango markup.
        public var markup: String
    }

    public var markers: [PageMarkers]
    /// Where each page's whole-page marker sits in this frame (fractions of the page): at the corner of the side
    /// the page lies on, so it is placed per frame.
    public var wholePage: [Int: Vec2] = [:]
    /// The text layers' lines over the regions they transcribe (at most `AppCore.maxLinesShown`, none while a
    /// page turns).
    public var lines: [Line] = []
    /// The note whose card is open (its marker drawn as open).
    public var open: NoteRef?
    /// The markers' diameter on screen, px (their tap area is larger: `AppCore.noteTargetMM`).
    public var markerDiameter: Double
    public var card: Card?
    public var panel: Panel?
    public var textScale: Double
}
