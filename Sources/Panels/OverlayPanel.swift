import Geometry

/// The page overlay (window px, not zoomed with the pages): a track, its thumb, and the page numbers.
public struct OverlayPanel: Sendable, Equatable {
    public var track: Rect
    /// The thumb's square.
    public var thumb: Rect
    /// The spread's page numbers ("12–13 of 48"), or the page the thumb points at while dragged.
    public var label: String
    /// The label's centre.
    public var labelCentre: Vec2
    /// 1 while shown, less while it fades out.
    public var opacity: Double
    /// The label's size as a factor of the usual (large text grows the label, and the track's box with it).
    public var textScale: Double

    public init(track: Rect, thumb: Rect, label: String, labelCentre: Vec2, opacity: Double, textScale: Double) {
        self.track = track
        self.thumb = thumb
        self.label = label
        self.labelCentre = labelCentre
        self.opacity = opacity
        self.textScale = textScale
    }
}
