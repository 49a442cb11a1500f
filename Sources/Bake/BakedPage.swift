import ArgumentParser
import Book
import Diagnostics
import Geometry
import Glibc
import IIIF
import Pages
import Posix

struct BakedPage {
    var id: String
    var label: String
    var size: PixelSize
    /// The whole image's file in the page's folder (`full/…/default.jpg`).
    var whole: String?
    /// Its narration's recordings and captions, copied into the book.
    var narration: [BakedTrack] = []
    /// Its notes, written into the manifest as the canvas's annotations.
    var notes: [PageNote] = []
}
