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
}

/// Separable exact area average: one pass accumulates alpha-weighted source rows into a row of sums for each
/// output row, a second pass sums those across each output pixel's columns.
/// Magnitudes: a column sum is at most 255·255·n_y and a pixel sum 255·255·n_y·n_x < 2^63 for any n ≤ 2^31.
private func areaAverage(_ src: UnsafeBufferPointer<UInt8>, stride: Int, rect: PixelRect,
                         to size: PixelSize) -> [UInt8] {
    let columns = AxisWeights(source: rect.width, output: size.width)
    let rows = AxisWeights(source: rect.height, output: size.height)
    let area = rect.width * rect.height  // total weight of one output pixel
    // Plain pointers, not buffer pointers: no per-access bounds checks, which dominate debug builds.
    let sums = UnsafeMutablePointer<Int>.allocate(capacity: rect.width * 4)
    defer { sums.deallocate() }
    let src = src.baseAddress!

    return [UInt8](unsafeUninitializedCapacity: size.width * size.height * 4) { buffer, initialized in
        let dst = buffer.baseAddress!
        for oy in 0..<size.height {
            sums.update(repeating: 0, count: rect.width * 4)
            var sy = rows.first[oy]
            for k in rows.start[oy]..<rows.start[oy + 1] {
                let wy = rows.weights[k]
                accumulateRow(src + ((rect.y + sy) * stride + rect.x) * 4, count: rect.width, weight: wy, into: sums)
                sy += 1
            }
            averageColumns(sums, columns, area: area, into: dst + oy * size.width * 4)
        }
        initialized = size.width * size.height * 4
    }
}

/// The second pass of `areaAverage`: one output row from the row of alpha-weighted column sums.
@inline(__always)
func averageColumns(_ sums: UnsafePointer<Int>, _ columns: AxisWeights, area: Int, into dst: UnsafeMutablePointer<UInt8>) {
    var o = 0
    for ox in 0..<columns.first.count {
        var r = 0, g = 0, b = 0, a = 0
        var q = columns.first[ox] * 4
        for k in columns.start[ox]..<columns.start[ox + 1] {
            let wx = columns.weights[k]
            r &+= wx * sums[q]
            g &+= wx * sums[q + 1]
            b &+= wx * sums[q + 2]
            a &+= wx * sums[q + 3]
            q += 4
        }
        if a == 0 {
            dst[o] = 0; dst[o + 1] = 0; dst[o + 2] = 0; dst[o + 3] = 0
        } else {
            let half = a / 2
            dst[o] = UInt8((r + half) / a)
            dst[o + 1] = UInt8((g + half) / a)
            dst[o + 2] = UInt8((b + half) / a)
            dst[o + 3] = UInt8((a + area / 2) / area)
        }
        o += 4
    }
}

/// Adds `count` RGBA pixels of one source row, weighted by `weight` and by each pixel's alpha, into `sums`
/// (premultiplied sums of r, g, b and the alpha weight).
@inline(__always)
func accumulateRow(_ src: UnsafePointer<UInt8>, count: Int, weight: Int, into sums: UnsafeMutablePointer<Int>) {
    var p = 0
    for _ in 0..<count {
        let wa = weight * Int(src[p + 3])
        sums[p] &+= wa * Int(src[p])
        sums[p + 1] &+= wa * Int(src[p + 1])
        sums[p + 2] &+= wa * Int(src[p + 2])
        sums[p + 3] &+= wa
        p += 4
    }
}
