import Pages
import Decoding
import Geometry

/// Everything one page holds in the cache. Byte totals live in `CacheState` and change only through its setters.
struct PageSlot {
    /// The file's own size, known after the first decode.
    var sourceSize: PixelSize?
    /// Display-sized image the cache holds: decoded, and either not yet delivered or not yet uploaded.
    var cpu: RGBAImage?
    /// Whether `cpu` has been handed to the caller in a `.ready`.
    var delivered = false
    /// Size of what the caller holds for this page (a delivered image or its texture); nil when it holds nothing.
    var heldSize: PixelSize?
    /// Texture bytes the caller reported for this page.
    var textureBytes = 0
    /// Full-resolution image for regions.
    var full: RGBAImage?
    var lastUse: UInt64 = 0
    var fullLastUse: UInt64 = 0
    var failure: String?
    /// The caller still holds what it made of `failure` (a placeholder texture, or nothing if it never
    /// reported one); cleared when that texture is evicted or released, so `.failed` is sent again when wanted.
    var failureHeld = false
    var decoding = false
    var decodingFull = false
    /// Skipped for want of budget; tried again when the wanted set or the budget changes.
    var deferred = false
    var identity: PageIdentity?
}
