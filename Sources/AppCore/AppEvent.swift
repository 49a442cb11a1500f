import Book
import Config
import Control
import Geometry
import Gestures
import Occurrences
import Reader

/// Everything that wakes the reader, as plain values. The executable turns each Wayland callback, timer,
/// decode result, file change and GL start-up into one of these and hands it to `AppCore.handle(_:now:)`.
public enum AppEvent: Sendable, Equatable {
    /// Input with the compositor's timestamp (ms).
    case input(InputEvent)
    /// The window has its logical size (px) and buffer scale (first configure, resize, rotation, output change).
    case configured(width: Double, height: Double, scale: Double)
    /// The window's output says its physical size: this many window (logical) pixels per millimetre.
    case pixelDensity(perMM: Double)
    /// The compositor took the last frame (`wl_callback.done`; its own time is on the compositor's clock, unused).
    case frameCallback
    /// A frame was presented at `time` (ms, CLOCK_MONOTONIC); `refresh`: the display's interval, ms (0: unknown).
    case presented(time: Double, refresh: Double)
    /// `AppCore.nextDeadline` has passed.
    case timer
    /// A page's image arrived (decoded, from the disk cache, or a placeholder the shell drew on request).
    /// `size` is the image's, `sourceSize` the file's own (the space zoom regions are asked in).
    case pageReady(page: Int, size: PixelSize, sourceSize: PixelSize)
    /// The links of `page` of the book open now (after `Job.readPageFacts`): a tap on one, or Enter on it, jumps.
    case pageLinks(page: Int, links: [PageLink])
    /// The notes of `page` of the book open now (after `Job.readPageFacts`), and what of them was left out, why.
    case pageNotes(page: Int, notes: [PageNote], problems: [String])
    /// A page cannot be shown; `message` says why.
    case pageFailed(page: Int, message: String)
    /// The page cache needs a page's texture gone (least recently used, over budget).
    case pageEvicted(page: Int)
    /// A zoom region came back: source pixels `rect` of `page`, resampled to `size`.
    case regionReady(page: Int, rect: PixelRect, size: PixelSize)
    /// Something in the book's directory changed on disk.
    case bookChanged
    /// The book knows its pages' proportions (width / height; 0: unknown) before any is decoded (a PDF), page N
    /// at index N - 1. Laying the spreads out at once keeps them from moving as pages arrive. Proportions only:
    /// a size in the PDF's points taken as pixels once made a 20 GB placeholder.
    case pageAspectsKnown([Double])
    /// The book's pages are drawn from vectors at any size (a PDF), not from pixels of their own: there is no
    /// 1:1 for a zoom to land on.
    case vectorPages(Bool)
    /// The book's own page labels (a PDF's "iv"), page N at index N - 1, for the page overlay; empty: numbers.
    case pageLabels([String])
    /// The book's page labels and attribution in `language`, where it gives them in several (a IIIF book): sent for
    /// each of the `languages` setting's after `pageLabels` and `attribution`.
    case bookTexts(language: String, pageLabels: [String], attribution: [String])
    /// Who the book must credit (a IIIF manifest's `requiredStatement` and `rights`): shown with the page numbers.
    case attribution([String])
    /// The book's table of contents, in its page numbers (empty: none).
    case tableOfContents([ContentsEntry])
    /// What the book says about itself (its metadata), for the About panel.
    case bookAbout(BookAbout)
    /// Where the book says its pages sit: its double-page images (ComicInfo's `DoublePage`, an EPUB's
    /// `page-spread-center`) stand alone across a spread, `sides` go on the half it names (an EPUB's
    /// `page-spread-left`/`-right`), and `spread` is one page or two at a time where it says (an EPUB's
    /// `rendition:spread`; the `spread` setting wins when given).
    case pagePlacement(doublePages: Set<Int>, sides: [Int: PageSide], spread: SpreadPreference? = nil)
    /// The book says whether it reads right to left (ComicInfo's `Manga`); nil: it does not say. Announced first
    /// for every book opened, before its shape.
    case bookDirection(rightToLeft: Bool?)
    /// The book names its front cover (ComicInfo's `FrontCover`), where the idle reset returns; nil: page 1.
    case frontCover(Int?)
    /// The shell read the book again (after `Job.reloadBook`); it has `pageCount` pages now.
    case bookReloaded(pageCount: Int)
    /// The book could not be read again (a copy still in progress, a helper that failed to start): try later.
    case bookReloadFailed
    /// A kiosk's one book cannot be shown (not there yet, unreadable, refused: `reason`, a placeholder's words):
    /// its one page says so while its path is watched.
    case bookAwaited(reason: String)
    /// The kiosk's awaited book opened: `pageCount` pages, shown from `cover`.
    case bookArrived(pageCount: Int, cover: Int)
    /// The GL is up (after `Job.startGL`), with its largest texture side.
    case glReady(maxTextureSize: Int)
    /// EGL or GL ES 2 cannot be used here (`message` says why): the program ends with status 4.
    case glFailed(message: String)
    /// A CPU-drawn frame could not be committed (no wl_shm buffer): the GL must draw instead.
    case softwareFrameFailed
    /// The compositor asked the window to close.
    case closeRequested
    /// SIGTERM or SIGINT.
    case terminate
    /// What the player of the paper's sound reports.
    case pageSound(PageSoundNote)
    /// A request from control client `client` (`recto ctl`, AppCore+Control.swift).
    case control(client: Int, ControlRequest)
    /// The shell opened another book (after `Job.openBook`), of `pageCount` pages, for `client`.
    case bookOpened(pageCount: Int, client: Int)
    /// Page `page`'s own text (nil: it has none), read for `client` (after `Job.readPageText`).
    case pageTextRead(page: Int, text: String?, client: Int)
    /// A library: these books go on the shelf, which is shown.
    case shelf([ShelfBook])
    /// Book `book`'s cover image arrived (or a placeholder saying why it cannot be shown), `size` big.
    case coverReady(book: Int, size: PixelSize)
    /// The shell opened shelf book `book` (after `Job.openShelfBook`), of `pageCount` pages, at `startPage`
    /// (where it was left, else its front cover).
    case shelfBookOpened(book: Int, pageCount: Int, startPage: Int)
    /// Shelf book `book` cannot be opened now (`message` says why): the shelf stays.
    case shelfBookFailed(book: Int, message: String)
    /// The narration player did something: a recording began (with its captions) or ended, or cannot play.
    case narration(NarrationNote)
    /// Speech mode's output did something (switched, sent, stopped…): logged as it is, and `.mode` is how the
    /// core learns whether speech mode is on (touches explore the controls while it is, AppCore+Explore).
    case speech(SpeechNote)
    /// The book has this many pages before its cover (its spine offset), each shown alone in double spreads.
    /// Comes before the book's `frontCover`, and with a book opened before `bookOpened`/`shelfBookOpened`.
    case spineOffset(Int)
    /// Something changed in the library's directory: it is read again once quiet (`Job.readLibrary`).
    case libraryChanged
    /// The library was read again: these are its books now, in its order (covers follow with `coverReady`).
    case libraryRead([ShelfBook])
}
