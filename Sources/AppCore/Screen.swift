import Localization

/// The window the book is drawn into, as the compositor describes it.
struct Screen: Sendable {
    typealias Window = (width: Double, height: Double, scale: Double)
    /// The window's logical size and buffer scale; nil before the first configure.
    var window: Window?
    /// The window's pixels per millimetre on the real screen (nil: unknown, 96 dpi assumed).
    var pixelsPerMM: Double?
    /// What the visitor reads on it is translated with this (`Host.translator`).
    var translator = Translator.english
}
