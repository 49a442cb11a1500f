import Book
import Geometry

/// A note of a page: its page and its place among the page's notes.
public struct NoteRef: Sendable, Hashable {
    public var page: Int
    public var index: Int

    public init(page: Int, index: Int) {
        self.page = page
        self.index = index
    }
}

/// What a frame shows of the pages' notes (window px unless said).
public struct NotesPanel: Sendable, Equatable {
    /// A page's markers: where each sits (fractions of the page), part of the page's picture; the note each
    /// opens (its place among the page's notes). Made once when the page's notes are read, shared by every
    /// frame's plan (ten thousand of them are not copied per frame).
    public struct PageMarkers: Sendable, Equatable {
        public var page: Int
        public var points: [Vec2]
        public var notes: [Int]
        /// The notes about the whole page: one marker at the top outer corner (`NotesPanel.wholePage`) opens the
        /// first, and its card lists them all.
        public var wholePage: [Int]

        public init(page: Int, notes: [PageNote]) {
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

        public init(page: Int, outline: [Vec2], heading: String, text: String, markup: String, anchor: Vec2, maxWidth: Double) {
            self.page = page
            self.outline = outline
            self.heading = heading
            self.text = text
            self.markup = markup
            self.anchor = anchor
            self.maxWidth = maxWidth
        }
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

        public init(box: Rect, heading: String, text: String, linesAbove: Int, language: String?) {
            self.box = box
            self.heading = heading
            self.text = text
            self.linesAbove = linesAbove
            self.language = language
        }
    }

    /// A line's words over the line itself (a transcription aimed at a region of the page), with the text layers.
    public struct Line: Sendable, Equatable {
        public var page: Int
        /// The region, fractions of the page.
        public var rect: Rect
        /// Pango markup.
        public var markup: String

        public init(page: Int, rect: Rect, markup: String) {
            self.page = page
            self.rect = rect
            self.markup = markup
        }
    }

    public var markers: [PageMarkers]
    /// Where each page's whole-page marker sits in this frame (fractions of the page): at the corner of the side
    /// the page lies on, so it is placed per frame.
    public var wholePage: [Int: Vec2] = [:]
    /// The text layers' lines over the regions they transcribe (at most the core's limit, none while a
    /// page turns).
    public var lines: [Line] = []
    /// The note whose card is open (its marker drawn as open).
    public var open: NoteRef?
    /// The markers' diameter on screen, px (their tap area is larger: the core's).
    public var markerDiameter: Double
    public var card: Card?
    public var panel: Panel?
    public var textScale: Double

    public init(markers: [PageMarkers], open: NoteRef?, markerDiameter: Double, card: Card?, panel: Panel?, textScale: Double) {
        self.markers = markers
        self.open = open
        self.markerDiameter = markerDiameter
        self.card = card
        self.panel = panel
        self.textScale = textScale
    }
}
