import Decoding
import Geometry

/// What the decoder fuzz targets assert about any input; a violation is a crash so libFuzzer reports it.
///
/// Budgets: inputs are decoded under `fuzzLimits` so that a small file declaring a big picture costs at most
/// 4 MB and a few milliseconds (libFuzzer's speed is the point); the standard limits are checked only on
/// headers that exceed them, where refusal must come before any pixel allocation (the script's
/// `-malloc_limit_mb` turns such an allocation into a crash).
public enum DecodeChecks {
    /// Decode budget inside the fuzzer: 1 megapixel, 4096 px per side.
    public static let fuzzLimits = DecodeLimits(maxPixels: 1 << 20, maxDimension: 4096)
    /// A small box for the `fitting:` path (JPEG IDCT scaling, area-average downscale).
    public static let box = PixelSize(width: 37, height: 23)

    /// Runs every check on `data`; returns normally when all hold.
    public static func run(_ data: UnsafeRawBufferPointer) {
        let info: ImageInfo?
        do { info = try ImageDecoder.info(data) } catch { info = nil; expectReadable(error) }

        if let info, exceeds(info.size, .standard) {
            // The header alone must refuse it under the default budget (limits before allocation).
            do {
                _ = try ImageDecoder.decode(data)
                fail("\(info.size) decoded under the standard limits")
            } catch {
                guard case .tooLarge = error else {
                    fail("header \(info.size) beyond the standard limits gave \(error), not tooLarge")
                }
            }
        }

        let full: RGBAImage?
        do {
            full = try ImageDecoder.decode(data, limits: fuzzLimits)
        } catch {
            full = nil
            expectReadable(error)
            if case let .tooLarge(w, h, _) = error {
                guard let info, info.size == PixelSize(width: w, height: h), exceeds(info.size, fuzzLimits) else {
                    fail("tooLarge \(w)×\(h) but the header said \(String(describing: info))")
                }
            }
        }
        if let full {
            expectWellFormed(full)
            guard let info else { fail("decoded \(full.size) but info() failed") }
            guard info.size == full.size else { fail("info says \(info.size), decode gave \(full.size)") }
            guard !exceeds(full.size, fuzzLimits) else { fail("\(full.size) decoded beyond the limits") }
            if info.format == .jpeg, !full.isOpaque { fail("JPEG decoded with transparent pixels") }
            // Output bytes the codec never wrote would differ between two decodes (the buffers are allocated
            // uninitialised and ASan's allocator hands out different memory each time).
            guard (try? ImageDecoder.decode(data, limits: fuzzLimits)) == full else {
                fail("two decodes of the same bytes differ: uninitialised pixels reached the output")
            }
        }

        // The display path: shrunk to fit a box. It may fail where the full decode passed (libjpeg warns
        // differently at another IDCT scale), but whatever it returns must fit.
        if let info, !exceeds(info.size, fuzzLimits) {
            do {
                let small = try ImageDecoder.decode(data, limits: fuzzLimits, fitting: box)
                expectWellFormed(small)
                guard small.size == info.size.fitting(within: box) else {
                    fail("fitting \(info.size) into \(box) gave \(small.size)")
                }
                // PNG has no scaled decode: fitting must equal decoding, then downscaling.
                if info.format == .png, let full, small != full.downscaled(toFit: box) {
                    fail("PNG fitting decode differs from decode + downscale")
                }
            } catch {
                expectReadable(error)
            }
        }
    }

    static func exceeds(_ s: PixelSize, _ l: DecodeLimits) -> Bool {
        s.width > l.maxDimension || s.height > l.maxDimension || s.width > l.maxPixels / max(s.height, 1)
    }

    static func expectWellFormed(_ image: RGBAImage) {
        guard image.width >= 1, image.height >= 1, image.pixels.count == image.width * image.height * 4 else {
            fail("malformed RGBAImage \(image.width)×\(image.height) with \(image.pixels.count) bytes")
        }
    }

    /// Every error must say something a placeholder page can show.
    static func expectReadable(_ error: DecodeError) {
        let text = error.description
        guard !text.isEmpty, text.utf8.count < 4096 else { fail("unreadable error text (\(text.utf8.count) bytes)") }
    }
}

/// Crashes with a message: libFuzzer saves the input and reports it.
public func fail(_ message: String) -> Never {
    fatalError("fuzz invariant violated: \(message)")
}
