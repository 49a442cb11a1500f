import Reader

/// One zoom: where it went in (a fraction of the page), how far, and how long the page stayed zoomed.
public struct ZoomRecord: Sendable, Equatable {
    public var book: String
    public var page: Int
    public var x: Double, y: Double
    public var scale: Double
    public var ms: Double
    public init(book: String, page: Int, x: Double, y: Double, scale: Double, ms: Double) {
        self.book = book; self.page = page; self.x = x; self.y = y; self.scale = scale; self.ms = ms
    }
}
