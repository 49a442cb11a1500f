import Pages
import Decoding
import Geometry

/// What `PageCache.drain()` hands back, in the order it happened.
public enum PageEvent: Sendable, Equatable {
    /// `page` decoded to `image` (display-sized: within the fitting bounds and the texture limit, aspect kept,
    /// never enlarged); `sourceSize` is the file's own size in pixels, the space `requestRegion` rects live in.
    /// May come again for the same page when the bounds grow or the source reloads: replace the texture.
    case ready(page: Int, image: RGBAImage, sourceSize: PixelSize)
    /// `page` cannot be shown; `message` is one short sentence for the log and the placeholder. Not retried until
    /// `replaceSource`. Sent once per page per source, and again only when the page is wanted after the texture
    /// the caller reported for it (its placeholder) was evicted or released, so it can be drawn again: log the
    /// first one per page.
    case failed(page: Int, message: String)
    /// Release the texture of `page` now (the cache has already stopped counting it); it was the least recently
    /// used and the byte budget needs the room. Never sent for a page in the current `want` list.
    case evict(page: Int)
    /// The source pixels `rect` of `page` (clamped to the page), resampled to the requested output size: 1:1 when
    /// the output size equals the rect's size.
    case region(page: Int, rect: PixelRect, image: RGBAImage)
    /// A zoom region of `page` could not be made (a IIIF tile missing or not an image): the page stays at the
    /// level it has. Sent once until a region of the page is made again: a log says it once, not per tile or view.
    case regionFailed(page: Int, message: String)
}
