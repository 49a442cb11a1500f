/// A narration's captions (window px, not zoomed with the pages): each cue's lines, its speaker first where it
/// names one, white on an opaque dark band at the foot of the window, above the page overlay when it shows; and
/// the next cue's, for the renderer to prepare unseen so that it is on screen at its time.
public struct CaptionPanel: Sendable, Equatable {
    public var lines: [String]
    public var upcoming: [String]
    public var largeText: Bool

    public init(lines: [String], upcoming: [String], largeText: Bool) {
        self.lines = lines
        self.upcoming = upcoming
        self.largeText = largeText
    }

    /// Caption text at 28 window px (about 5 mm on a 24" kiosk screen), 40 with large text.
    public var textSize: Double { largeText ? 40 : 28 }
}
