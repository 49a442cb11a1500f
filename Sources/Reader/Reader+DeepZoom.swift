extension Reader {
    /// Lets the view zoom to `scale` (× fit) when that is beyond the configured maximum: a page whose source has
    /// far more pixels than the screen (a IIIF pyramid's scan) is zoomed until its pixels are 1:1. Never lowers
    /// the maximum; `retune` sets it back to the configured one.
    public mutating func allowZoom(upTo scale: Double) {
        guard scale.isFinite, scale > zoom.config.maxScale else { return }
        zoom.config.maxScale = min(scale, 10_000)
    }

    /// The page under the view has its own pixels where `grid` says (nil: none known): zooms settle on 1:1 with
    /// them.
    public mutating func setPixelGrid(_ grid: PixelGrid?) {
        if zoom.pixelGrid != grid { zoom.pixelGrid = grid }
    }
}
