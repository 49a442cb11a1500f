extension Reader {
    /// Lets the view zoom to `scale` (× fit) when that is beyond the configured maximum: a page whose source has
    /// far more pixels than the screen (a IIIF pyramid's scan) is zoomed until its pixels are 1:1. Never lowers
    /// the maximum; `retune` sets it back to the configured one.
    public mutating func allowZoom(upTo scale: Double) {
        guard scale.isFinite, scale > zoom.config.maxScale else { return }
        zoom.config.maxScale = min(scale, 10_000)
    }
}
