import Decoding
import Geometry

/// A source whose pages are drawn at whatever size is asked for (vector pages), not decoded from bytes.
///
/// `PageCache` renders such pages at display size (into the page cache and the disk cache, keyed by the
/// page's identity and the fitting box, like images) and renders zoom regions again at the zoomed scale
/// instead of cutting them from a full-resolution image.
public protocol RenderedPageProvider: PageProvider {
    /// Whether `page` is drawn (the rest of this protocol) rather than decoded from its bytes (`contents(of:)`):
    /// a fixed-layout EPUB draws its pages of text and decodes its pages that are one picture. Every page of a
    /// PDF or a IIIF book is drawn.
    func isRendered(page: Int) -> Bool
    /// The pixel space `requestRegion` rects live in for a page shown within `bounds` (`.ready`'s `sourceSize`):
    /// the display size × `RenderedPages.detail`, so a zoomed view up to that scale gets vector detail 1:1.
    /// The display image is exactly `sourceSize.fitting(within: bounds)`.
    func sourceSize(of page: Int, fitting bounds: PixelSize) throws(PageError) -> PixelSize
    /// The page drawn into `size` pixels.
    func render(page: Int, size: PixelSize) throws(PageError) -> RGBAImage
    /// The part `rect` of the page (in the space of `sourceSize`) drawn into `output` pixels.
    func renderRegion(page: Int, rect: PixelRect, sourceSize: PixelSize, output: PixelSize) throws(PageError) -> RGBAImage
    /// The same, giving up early (throwing) once `cancelled` says a newer view replaced the request: a region
    /// made of many fetched tiles stops between them.
    func renderRegion(page: Int, rect: PixelRect, sourceSize: PixelSize, output: PixelSize,
                      cancelled: () -> Bool) throws(PageError) -> RGBAImage
    /// The same, and what blocks (a fetch) is abandoned when `stop` says the view it serves is gone; a coarser
    /// image of the region that comes much sooner (a pyramid's coarser tiles) is handed to `preview` first.
    func renderRegion(page: Int, rect: PixelRect, sourceSize: PixelSize, output: PixelSize,
                      cancelled: () -> Bool, stop: RegionStop, preview: (RGBAImage) -> Void) throws(PageError) -> RGBAImage
}

extension RenderedPageProvider {
    public func isRendered(page: Int) -> Bool { true }

    public func renderRegion(page: Int, rect: PixelRect, sourceSize: PixelSize, output: PixelSize,
                             cancelled: () -> Bool) throws(PageError) -> RGBAImage {
        try renderRegion(page: page, rect: rect, sourceSize: sourceSize, output: output)
    }

    public func renderRegion(page: Int, rect: PixelRect, sourceSize: PixelSize, output: PixelSize,
                             cancelled: () -> Bool, stop: RegionStop, preview: (RGBAImage) -> Void) throws(PageError) -> RGBAImage {
        try renderRegion(page: page, rect: rect, sourceSize: sourceSize, output: output, cancelled: cancelled)
    }
}

public enum RenderedPages {
    /// How many times the display size the region space is: the reader's largest zoom.
    public static let detail = 8
}
