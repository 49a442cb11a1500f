import Geometry

/// Area-average ("box") resampling: each output pixel is the exact coverage-weighted mean of the source pixels
/// under it, computed in integers, so flat areas stay exactly flat and the mean colour of the image is kept.
/// Colour is averaged weighted by alpha, so transparent pixels (whatever colour they carry) cannot bleed dark
/// fringes into their neighbours; the result is straight alpha again.
extension RGBAImage {
    /// Resamples the whole image to exactly `size` (any positive size; enlarging gives blocky, box-filtered
    /// pixels, which is all an area average can do).
    public func resized(to size: PixelSize) -> RGBAImage {
        region(PixelRect(x: 0, y: 0, width: width, height: height), scaledTo: size)
    }

    /// Shrinks to the largest aspect-preserving size within `bounds`; returns `self` when it already fits.
    public func downscaled(toFit bounds: PixelSize) -> RGBAImage {
        let target = self.size.fitting(within: bounds)
        return target == self.size ? self : resized(to: target)
    }

    /// Shrinks so neither side exceeds `maxDimension` (e.g. GL_MAX_TEXTURE_SIZE); `self` when it already fits.
    public func downscaled(toMaxDimension maxDimension: Int) -> RGBAImage {
        downscaled(toFit: PixelSize(width: maxDimension, height: maxDimension))
    }

    /// The pixels of `rect` (clamped to the image), unscaled. Traps when the clamped rectangle is empty.
    public func cropped(to rect: PixelRect) -> RGBAImage {
        let r = rect.clamped(to: size)
        return region(r, scaledTo: PixelSize(width: r.width, height: r.height))
    }

    /// The part of the image under `rect` (clamped to the image), area-averaged to exactly `size`: for showing a
    /// zoomed region of a page larger than a texture at screen resolution.
    /// Traps when the clamped rectangle or `size` is empty: callers compute both from their own geometry.
    public func region(_ rect: PixelRect, scaledTo size: PixelSize) -> RGBAImage {
        let r = rect.clamped(to: self.size)
        precondition(r.width >= 1 && r.height >= 1, "region \(rect) does not overlap the \(self.size) image")
        precondition(size.width >= 1 && size.height >= 1, "cannot resample to \(size)")
        let out = pixels.withUnsafeBufferPointer { src -> [UInt8] in
            if r.width == size.width && r.height == size.height {
                return copyRows(src, stride: width, rect: r)
            }
            return areaAverage(src, stride: width, rect: r, to: size)
        }
        return RGBAImage(width: size.width, height: size.height, pixels: out)
    }
}

private func copyRows(_ src: UnsafeBufferPointer<UInt8>, stride: Int, rect: PixelRect) -> [UInt8] {
    let rowBytes = rect.width * 4
    return [UInt8](unsafeUninitializedCapacity: rowBytes * rect.height) { dst, initialized in
        for row in 0..<rect.height {
            let from = ((rect.y + row) * stride + rect.x) * 4
            UnsafeMutableRawPointer(dst.baseAddress! + row * rowBytes)
                .copyMemory(from: src.baseAddress! + from, byteCount: rowBytes)
        }
        initialized = rowBytes * rect.height
    }
}

/// Which source pixels cover each output pixel along one axis, with integer weights.
///
/// Measured in units of 1/(source × output) of the axis, source pixel j spans [j·m, (j+1)·m) and output pixel
/// i spans [i·n, (i+1)·n) (n source pixels, m output pixels), so every overlap is an exact integer, the
/// weights of one output pixel sum to n and those of one source pixel to m.
struct AxisWeights {
    var first: [Int] = []  // first source index for each output index
    var start: [Int] = []  // offset into `weights` for each output index, plus a final end offset
    var weights: [Int] = []

    init(source n: Int, output m: Int) {
        first.reserveCapacity(m)
        start.reserveCapacity(m + 1)
        weights.reserveCapacity(n + m)
        for i in 0..<m {
            let lo = i * n, hi = (i + 1) * n
            let j0 = lo / m, j1 = (hi - 1) / m
            first.append(j0)
            start.append(weights.count)
            for j in j0...j1 {
                weights.append(min(hi, (j + 1) * m) - max(lo, j * m))
            }
        }
        start.append(weights.count)
    }

    /// The three arrays as plain pointers, and the output count: the inner loops then check no bounds.
    @inline(__always)
    func withPointers<R>(_ body: (UnsafePointer<Int>, UnsafePointer<Int>, UnsafePointer<Int>, Int) -> R) -> R {
        first.withUnsafeBufferPointer { f in
            start.withUnsafeBufferPointer { s in
                weights.withUnsafeBufferPointer { w in body(f.baseAddress!, s.baseAddress!, w.baseAddress!, f.count) }
            }
        }
    }
}

/// Separable exact area average: one pass accumulates alpha-weighted source rows into a row of sums for each
/// output row, a second pass sums those across each output pixel's columns.
/// Magnitudes: a column sum is at most 255·255·n_y and a pixel sum 255·255·n_y·n_x < 2^63 for any n ≤ 2^31.
/// An opaque region takes the `ColumnSums.opaque` path: the same bytes, for less work.
private func areaAverage(_ src: UnsafeBufferPointer<UInt8>, stride: Int, rect: PixelRect,
                         to size: PixelSize) -> [UInt8] {
    let columns = AxisWeights(source: rect.width, output: size.width)
    let rows = AxisWeights(source: rect.height, output: size.height)
    let area = rect.width * rect.height  // total weight of one output pixel
    let src = src.baseAddress!
    let sums = ColumnSums(width: rect.width, opaque: isOpaque(src, stride: stride, rect: rect))

    return [UInt8](unsafeUninitializedCapacity: size.width * size.height * 4) { buffer, initialized in
        let dst = buffer.baseAddress!
        for oy in 0..<size.height {
            sums.clear()
            var sy = rows.first[oy]
            for k in rows.start[oy]..<rows.start[oy + 1] {
                sums.add(src + ((rect.y + sy) * stride + rect.x) * 4, weight: rows.weights[k])
                sy += 1
            }
            sums.average(columns, area: area, into: dst + oy * size.width * 4)
        }
        initialized = size.width * size.height * 4
    }
}

private func isOpaque(_ src: UnsafePointer<UInt8>, stride: Int, rect: PixelRect) -> Bool {
    (rect.y..<rect.y + rect.height).allSatisfy { y in isOpaqueRow(src + (y * stride + rect.x) * 4, count: rect.width) }
}

/// One output row's column sums while its source rows are added: alpha-weighted in 64 bits, or while every
/// row added is opaque the plain weighted sums in 32 bits, which take a third of the time (no alpha product, half
/// the memory traffic, and a loop the compiler vectorises). Both give the same bytes: with every alpha 255 the
/// weighted sums are 255 times the plain ones, and the rounding `(x + a/2) / a` comes out the same on either
/// scale. `weightByAlpha` turns plain sums into weighted ones when a row with transparency comes.
/// Plain pointers, not buffer pointers: no per-access bounds checks, which dominate debug builds.
final class ColumnSums {
    let width: Int
    /// Opaque: a column sum is at most 255·n_y < 2^32 for n_y < 2^24 source rows.
    private var plain: UnsafeMutablePointer<UInt32>?
    private var weighted: UnsafeMutablePointer<Int>?

    init(width: Int, opaque: Bool) {
        self.width = width
        if opaque {
            plain = .allocate(capacity: width * 4)
            plain!.initialize(repeating: 0, count: width * 4)
        } else {
            weighted = .allocate(capacity: width * 4)
            weighted!.initialize(repeating: 0, count: width * 4)
        }
    }

    deinit {
        plain?.deallocate()
        weighted?.deallocate()
    }

    /// Plain sums: every row added so far was opaque.
    var opaque: Bool { plain != nil }

    /// The alpha-weighted sums of the rows added so far: 255 times the plain colour sums; the alpha sums are the
    /// same in both (each row's weight times 255).
    func weightByAlpha() {
        guard let plain else { return }
        let sums = UnsafeMutablePointer<Int>.allocate(capacity: width * 4)
        for i in 0..<width * 4 {
            sums[i] = Int(plain[i]) &* (i & 3 == 3 ? 1 : 255)
        }
        plain.deallocate()
        self.plain = nil
        weighted = sums
    }

    func clear() {
        plain?.update(repeating: 0, count: width * 4)
        weighted?.update(repeating: 0, count: width * 4)
    }

    /// Adds one source row of `width` RGBA pixels with this row weight (opaque ones while the sums are plain).
    @inline(__always)
    func add(_ row: UnsafePointer<UInt8>, weight: Int) {
        if let plain {
            accumulateOpaqueRow(row, count: width, weight: weight, into: plain)
        } else if let weighted {
            accumulateRow(row, count: width, weight: weight, into: weighted)
        }
    }

    /// Writes one output row from the sums (`area`: the total weight of one output pixel).
    @inline(__always)
    func average(_ columns: AxisWeights, area: Int, into dst: UnsafeMutablePointer<UInt8>) {
        if let plain {
            averageOpaqueColumns(plain, columns, area: area, into: dst)
        } else if let weighted {
            averageColumns(weighted, columns, area: area, into: dst)
        }
    }
}

/// Whether every alpha byte of `count` RGBA pixels is 255, eight bytes at a time (also `RGBAImage.isOpaque`).
func isOpaqueRow(_ row: UnsafePointer<UInt8>, count: Int) -> Bool {
    let raw = UnsafeRawPointer(row)
    let alphas: UInt64 = 0xFF00_0000_FF00_0000
    var i = 0
    while i + 2 <= count {
        if raw.loadUnaligned(fromByteOffset: i * 4, as: UInt64.self) & alphas != alphas { return false }
        i += 2
    }
    return i == count || row[i * 4 + 3] == 255
}

/// The second pass of `areaAverage`: one output row from the row of alpha-weighted column sums.
/// The quotients are the integer ones, taken through a floating-point reciprocal (`quotient`): four 64-bit
/// integer divisions per pixel were most of a large page's shrink time.
@inline(__always)
private func averageColumns(_ sums: UnsafePointer<Int>, _ columns: AxisWeights, area: Int,
                            into dst: UnsafeMutablePointer<UInt8>) {
    let perArea = 1 / Double(area), halfArea = area / 2
    eachPixelSum(sums, columns) { o, r, g, b, a in
        if a == 0 {
            dst[o] = 0; dst[o + 1] = 0; dst[o + 2] = 0; dst[o + 3] = 0
        } else {
            let half = a / 2, perA = 1 / Double(a)
            dst[o] = UInt8(truncatingIfNeeded: quotient(r &+ half, a, perA))
            dst[o + 1] = UInt8(truncatingIfNeeded: quotient(g &+ half, a, perA))
            dst[o + 2] = UInt8(truncatingIfNeeded: quotient(b &+ half, a, perA))
            dst[o + 3] = UInt8(truncatingIfNeeded: quotient(a &+ halfArea, area, perArea))
        }
    }
}

/// `averageColumns` for an opaque source's plain sums: every output pixel's weight is `area`, one reciprocal.
@inline(__always)
private func averageOpaqueColumns(_ sums: UnsafePointer<UInt32>, _ columns: AxisWeights, area: Int,
                                  into dst: UnsafeMutablePointer<UInt8>) {
    let perArea = 1 / Double(area), half = area / 2
    eachPixelSum(sums, columns) { o, r, g, b, _ in
        dst[o] = UInt8(truncatingIfNeeded: quotient(r &+ half, area, perArea))
        dst[o + 1] = UInt8(truncatingIfNeeded: quotient(g &+ half, area, perArea))
        dst[o + 2] = UInt8(truncatingIfNeeded: quotient(b &+ half, area, perArea))
        dst[o + 3] = 255
    }
}

/// Both second passes' loop: for each output pixel of the row (at byte offset `o`), its four channel sums over
/// the columns under it, weighted by their coverage.
@inline(__always)
private func eachPixelSum<T: FixedWidthInteger>(_ sums: UnsafePointer<T>, _ columns: AxisWeights,
                                                 _ body: (_ o: Int, _ r: Int, _ g: Int, _ b: Int, _ a: Int) -> Void) {
    columns.withPointers { first, start, weights, count in
        for ox in 0..<count {
            var r = 0, g = 0, b = 0, a = 0
            var q = first[ox] &* 4
            for k in start[ox]..<start[ox + 1] {
                let wx = weights[k]
                r &+= wx &* Int(truncatingIfNeeded: sums[q])
                g &+= wx &* Int(truncatingIfNeeded: sums[q + 1])
                b &+= wx &* Int(truncatingIfNeeded: sums[q + 2])
                a &+= wx &* Int(truncatingIfNeeded: sums[q + 3])
                q &+= 4
            }
            body(ox &* 4, r, g, b, a)
        }
    }
}

/// `x / d` for a quotient in 0..<2^31 (here a byte), from `reciprocal` = 1/d. The product is within a few units
/// in the last place of x/d, so the integer nearest it (adding 1.5·2^52 leaves that integer in the low bits,
/// which needs no range check) is the quotient or one above it, which one multiplication settles.
@inline(__always)
func quotient(_ x: Int, _ d: Int, _ reciprocal: Double) -> Int {
    let nearest = Int(Int32(truncatingIfNeeded: (Double(x) * reciprocal + 0x1.8p52).bitPattern))
    return nearest &* d > x ? nearest &- 1 : nearest
}

/// Adds `count` RGBA pixels of one source row, weighted by `weight` and by each pixel's alpha, into `sums`
/// (premultiplied sums of r, g, b and the alpha weight).
@inline(__always)
private func accumulateRow(_ src: UnsafePointer<UInt8>, count: Int, weight: Int, into sums: UnsafeMutablePointer<Int>) {
    var p = 0
    for _ in 0..<count {
        let wa = weight &* Int(src[p + 3])
        sums[p] &+= wa &* Int(src[p])
        sums[p + 1] &+= wa &* Int(src[p + 1])
        sums[p + 2] &+= wa &* Int(src[p + 2])
        sums[p + 3] &+= wa
        p += 4
    }
}

/// `accumulateRow` for an opaque row: each byte (alpha's too, unused) times the row weight.
/// The weight is taken as two 16-bit halves (the high one is 0 below 65,536 output rows), so that every product
/// is 16 × 8 bits, which the compiler knows: on baseline x86-64 (SSE2, no 32-bit vector multiply) it then
/// multiplies eight at a time in 16-bit lanes, where 32-bit operands cost a shuffle and two multiplies per four
/// (the row pass took twice as long).
@inline(__always)
private func accumulateOpaqueRow(_ src: UnsafePointer<UInt8>, count: Int, weight: Int,
                                 into sums: UnsafeMutablePointer<UInt32>) {
    let low = UInt32(UInt16(truncatingIfNeeded: weight)), high = UInt32(UInt16(truncatingIfNeeded: weight >> 16))
    for p in 0..<count * 4 {
        sums[p] &+= low &* UInt32(src[p])
    }
    guard high != 0 else { return }
    for p in 0..<count * 4 {
        sums[p] &+= (high &* UInt32(src[p])) &<< 16
    }
}
