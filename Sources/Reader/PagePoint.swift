/// A point on a page as fractions of its width and height (0,0 top left; 1,1 bottom right).
public struct PagePoint: Sendable, Equatable {
    public var page: Int
    public var x: Double, y: Double
    public init(page: Int, x: Double, y: Double) { self.page = page; self.x = x; self.y = y }
}
