import Book
import Geometry
import Reader

/// Page pixels for the CPU compositor: RGBA8, straight alpha, rows top-down with no padding (the decoder's
/// `RGBAImage` layout; the array is shared, not copied).
public struct PagePixels: Sendable {
    public let width: Int
    public let height: Int
    /// `width * height * 4` bytes, R G B A.
    public let rgba: [UInt8]

    public init(width: Int, height: Int, rgba: [UInt8]) {
        precondition(width >= 1 && height >= 1 && rgba.count == width * height * 4, "PagePixels size mismatch")
        self.width = width
        self.height = height
        self.rgba = rgba
    }
}

extension SceneComposer {
    /// The CPU-drawable version of `scene(frame, textures:)`, or nil when the frame needs the GL (a leaf in
    /// mid-curl, a rotated or mirrored view). `renderScale` is the buffer's pixels per logical pixel.
    public func softwareScene(_ frame: ReaderFrame, pixels: [Int: PagePixels], renderScale: Double = 1) -> SoftwareScene? {
        let view = Affine2.scale(renderScale).concatenating(frame.view)
        guard view.b == 0, view.c == 0, view.a > 0, view.d > 0 else { return nil }
        var pages: [(rect: Rect, pixels: PagePixels?)] = frame.pages.map { ($0.rect, pixels[$0.page]) }
        if let leaf = frame.leaf {
            // The same rest rule as `scene`: unturned shows the front, turned the page it lies on.
            guard leaf.cylinder.isRest else { return nil }
            if leaf.progress < 0.5 {
                pages.append((leaf.rect, leaf.front.flatMap { pixels[$0] }))
            } else if let under = leaf.under {
                pages.append((leaf.rect, pixels[under]))
            }
        }
        return SoftwareScene(background: background, view: view, pages: pages, spineX: frame.spineX)
    }
}

/// Draws a `SoftwareScene` into a pixel buffer the way `SceneRenderer` draws the same frame: background,
/// pages sampled bilinearly over paper at pixel centres, then the gutter shadow. Plain Swift, no GL, so the
/// first frame can be shown before the GL exists (and tested without a compositor).
public enum SoftwareCompositor {
    /// Byte order of each 32-bit pixel in memory.
    public enum PixelOrder: Sendable {
        /// B, G, R, X: wl_shm's XRGB8888/ARGB8888 on a little-endian machine.
        case bgrx
        /// R, G, B, A (alpha 255): `RGBAImage`'s order, for comparisons.
        case rgba
    }

    /// Fills `width`×`height` pixels at `buffer` (rows `stride` bytes apart, stride a multiple of 4), or only
    /// the rows in `band`: bands are independent, so threads may draw one each.
    public static func draw(_ scene: SoftwareScene, into buffer: UnsafeMutableRawPointer, width: Int, height: Int,
                            stride: Int, order: PixelOrder, band: Range<Int>? = nil) {
        precondition(stride % 4 == 0 && stride >= width * 4, "bad stride")
        let packer = Packer(order: order)
        let words = stride / 4
        let base = buffer.bindMemory(to: UInt32.self, capacity: words * height)
        let clear = packer.pack(unorm(scene.background.r), unorm(scene.background.g), unorm(scene.background.b))
        let band = (band ?? 0..<height).clamped(to: 0..<height)
        for y in band { (base + y * words).update(repeating: clear, count: width) }
        let paper = (unorm(scene.paper.r), unorm(scene.paper.g), unorm(scene.paper.b))
        let target = Target(base: base, words: words, width: width, height: height, band: band, packer: packer)
        for page in scene.pages where !page.rect.isEmpty {
            let span = target.span(of: page.rect, view: scene.view)
            if let pixels = page.pixels {
                drawPage(pixels, span: span, paper: paper, into: target)
            } else {
                let fill = packer.pack(paper.0, paper.1, paper.2)
                for y in span.rows { (base + y * words + span.columns.lowerBound).update(repeating: fill, count: span.columns.count) }
            }
        }
        if let spine = scene.spineX { drawGutter(scene, spine: spine, into: target) }
    }

    /// GL's float → unorm8 conversion.
    static func unorm(_ v: Double) -> Int { Int((min(1, max(0, v)) * 255).rounded()) }

    struct Packer {
        let order: PixelOrder
        @inline(__always) func pack(_ r: Int, _ g: Int, _ b: Int) -> UInt32 {
            switch order {
            case .bgrx: 0xFF00_0000 | UInt32(r) << 16 | UInt32(g) << 8 | UInt32(b)
            case .rgba: 0xFF00_0000 | UInt32(b) << 16 | UInt32(g) << 8 | UInt32(r)
            }
        }
        @inline(__always) func unpack(_ p: UInt32) -> (Int, Int, Int) {
            let hi = Int((p >> 16) & 0xFF), mid = Int((p >> 8) & 0xFF), lo = Int(p & 0xFF)
            return order == .bgrx ? (hi, mid, lo) : (lo, mid, hi)
        }
    }

    /// Pixels whose centres lie inside a book-space rect once mapped to the buffer (GL's coverage rule), and the
    /// mapped rect's edges in buffer pixels.
    struct Span {
        var columns: Range<Int>, rows: Range<Int>
        var x0: Double, x1: Double, y0: Double, y1: Double
    }

    struct Target {
        let base: UnsafeMutablePointer<UInt32>
        let words: Int, width: Int, height: Int
        let band: Range<Int>
        let packer: Packer

        func span(of rect: Rect, view: Affine2) -> Span {
            let x0 = view.a * rect.minX + view.tx, x1 = view.a * rect.maxX + view.tx
            let y0 = view.d * rect.minY + view.ty, y1 = view.d * rect.maxY + view.ty
            // Pixel i is covered when x0 <= i + 0.5 < x1.
            func range(_ lo: Double, _ hi: Double, _ n: Int) -> Range<Int> {
                let a = max(0, Int((lo - 0.5).rounded(.up))), b = min(n, Int((hi - 0.5).rounded(.up)))
                return a < b ? a..<b : 0..<0
            }
            return Span(columns: range(x0, x1, width), rows: range(y0, y1, height).clamped(to: band),
                        x0: x0, x1: x1, y0: y0, y1: y1)
        }
    }

    /// One axis of bilinear sampling with clamp-to-edge: for each covered pixel, the two texels and the weight
    /// of the second (0…256), as GL computes `u * size - 0.5` for the pixel centre.
    private static func taps(_ range: Range<Int>, from e0: Double, to e1: Double, size: Int)
        -> (first: [Int32], second: [Int32], weight: [Int32]) {
        var first = [Int32](), second = [Int32](), weight = [Int32]()
        first.reserveCapacity(range.count); second.reserveCapacity(range.count); weight.reserveCapacity(range.count)
        let scale = Double(size) / (e1 - e0)
        for i in range {
            let s = (Double(i) + 0.5 - e0) * scale - 0.5
            let f = s.rounded(.down)
            let i0 = Int(f)
            first.append(Int32(min(max(i0, 0), size - 1)))
            second.append(Int32(min(max(i0 + 1, 0), size - 1)))
            weight.append(Int32(((s - f) * 256).rounded()))
        }
        return (first, second, weight)
    }

    /// 0x00AA_00BB_00GG_00RR: the four bytes of an RGBA pixel spread into 16-bit lanes, so one multiply
    /// weights all four channels (a lane holds at most 255 × 256).
    @inline(__always) private static func spread(_ p: UInt32) -> UInt64 {
        var x = UInt64(p)
        x = (x | x << 16) & 0x0000_FFFF_0000_FFFF
        return (x | x << 8) & 0x00FF_00FF_00FF_00FF
    }

    @inline(__always) private static func lerp(_ a: UInt64, _ b: UInt64, _ w: UInt64) -> UInt64 {
        ((a &* (256 - w) &+ b &* w &+ 0x0080_0080_0080_0080) >> 8) & 0x00FF_00FF_00FF_00FF
    }

    /// Bilinear over paper, separably: each source row the frame needs is resampled across once into a row of
    /// spread pixels (a row serves two output rows when the page is drawn near its own size), then each output
    /// row blends its two rows.
    private static func drawPage(_ page: PagePixels, span: Span, paper: (Int, Int, Int), into target: Target) {
        guard !span.columns.isEmpty, !span.rows.isEmpty else { return }
        let xs = taps(span.columns, from: span.x0, to: span.x1, size: page.width)
        let ys = taps(span.rows, from: span.y0, to: span.y1, size: page.height)
        let packer = target.packer
        let (pr, pg, pb) = paper
        let n = span.columns.count
        var upper = UnsafeMutablePointer<UInt64>.allocate(capacity: n)
        var lower = UnsafeMutablePointer<UInt64>.allocate(capacity: n)
        defer { upper.deallocate(); lower.deallocate() }
        var upperRow = -1, lowerRow = -1
        page.rgba.withUnsafeBytes { raw in
            let texels = raw.bindMemory(to: UInt32.self).baseAddress!
            let w = page.width
            xs.first.withUnsafeBufferPointer { c0 in
            xs.second.withUnsafeBufferPointer { c1 in
            xs.weight.withUnsafeBufferPointer { cw in
                func across(_ row: Int, into out: UnsafeMutablePointer<UInt64>) {
                    let src = texels + row * w
                    for i in 0..<n {
                        out[i] = lerp(spread(src[Int(c0[i])]), spread(src[Int(c1[i])]), UInt64(cw[i]))
                    }
                }
                for (k, y) in span.rows.enumerated() {
                    let top = Int(ys.first[k]), bottom = Int(ys.second[k])
                    if upperRow != top {
                        if lowerRow == top {
                            swap(&upper, &lower)
                            swap(&upperRow, &lowerRow)
                        } else {
                            across(top, into: upper)
                            upperRow = top
                        }
                    }
                    if lowerRow != bottom {
                        across(bottom, into: lower)
                        lowerRow = bottom
                    }
                    let fy = UInt64(ys.weight[k])
                    let out = target.base + y * target.words + span.columns.lowerBound
                    for i in 0..<n {
                        let v = lerp(upper[i], lower[i], fy)
                        var r = Int(v & 0xFF), g = Int((v >> 16) & 0xFF), b = Int((v >> 32) & 0xFF)
                        let alpha = Int(v >> 48)
                        if alpha < 255 {
                            // Paper shows through transparent pixels: mix(paper, c, alpha), as page.frag does.
                            r = pr + ((r - pr) * alpha + (r >= pr ? 127 : -127)) / 255
                            g = pg + ((g - pg) * alpha + (g >= pg ? 127 : -127)) / 255
                            b = pb + ((b - pb) * alpha + (b >= pb ? 127 : -127)) / 255
                        }
                        out[i] = packer.pack(r, g, b)
                    }
                }
            }
            }
            }
        }
    }

    /// The fold's shadow: black strips either side of the spine over every page, strongest at the spine and
    /// fading quadratically to nothing over 6 % of a page's width (at least 8 px), as `SceneRenderer` draws it.
    private static func drawGutter(_ scene: SoftwareScene, spine: Double, into target: Target) {
        let rects = scene.pages.map(\.rect)
        guard let top = rects.map(\.minY).min(), let bottom = rects.map(\.maxY).max() else { return }
        let width = max(8, (rects.map(\.width).max() ?? 0) * 0.06)
        let view = scene.view
        for side in [-1.0, 1.0] {
            let strip = Rect(x: side < 0 ? spine - width : spine, y: top, width: width, height: bottom - top)
            let span = target.span(of: strip, view: view)
            guard !span.columns.isEmpty else { continue }
            // Darkening factor per column: 1 - 0.22 (1 - k)², k the book-space distance from the spine / width.
            let keep: [Int] = span.columns.map { i in
                let x = (Double(i) + 0.5 - view.tx) / view.a
                let k = min(1, max(0, (side < 0 ? spine - x : x - spine) / max(width, 1)))
                let alpha = 0.22 * (1 - k) * (1 - k)
                return Int(((1 - alpha) * 256).rounded())
            }
            for y in span.rows {
                let row = target.base + y * target.words
                for (n, i) in span.columns.enumerated() {
                    let (r, g, b) = target.packer.unpack(row[i])
                    let f = keep[n]
                    row[i] = target.packer.pack((r * f + 128) >> 8, (g * f + 128) >> 8, (b * f + 128) >> 8)
                }
            }
        }
    }
}
