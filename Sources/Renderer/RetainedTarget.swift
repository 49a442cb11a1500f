import CGLES2

/// A framebuffer that keeps its contents from frame to frame, so a frame repaints only its damage, and hands
/// rectangles of it to memory the compositor reads (`ShmSwapchain`'s buffers: rows top-down, bytes B, G, R, X).
/// Used with software renderers, whose EGL window surfaces say nothing of what their buffers hold.
public final class RetainedTarget {
    /// The largest frame it holds (the window's full-resolution buffer).
    public let capacity: (width: Int, height: Int)
    /// The frame in use, drawn in the lower left of the framebuffer: a motion frame's smaller size changes it
    /// (and repaints it whole) but keeps the framebuffer.
    public private(set) var width: Int, height: Int
    private let target: OffscreenTarget
    /// Nothing drawn into it yet at this frame size: the next frame repaints it whole.
    public private(set) var isFresh = true
    /// One band of rows read back at a time: a bounded copy, not a second whole frame in memory.
    private var scratch: [UInt8] = []
    private static let scratchBytes = 256 << 10
    /// GL_EXT_read_format_bgra: rows read back in the compositor's byte order, no swizzle.
    private let readsBGRA: Bool

    public init(width: Int, height: Int, limits: GLLimits) throws {
        capacity = (width, height)
        self.width = width
        self.height = height
        target = try OffscreenTarget(width: width, height: height, limits: limits)
        readsBGRA = Self.extensions.contains("GL_EXT_read_format_bgra")
    }

    /// Whether a frame of this size fits.
    public func fits(width: Int, height: Int) -> Bool { width <= capacity.width && height <= capacity.height }

    /// The next frame's size (it must fit); another size than the last makes it fresh.
    public func use(width: Int, height: Int) {
        precondition(fits(width: width, height: height), "a \(width)×\(height) frame in a \(capacity) target")
        guard width != self.width || height != self.height else { return }
        self.width = width
        self.height = height
        isFresh = true
    }

    /// The renderer draws on the CPU (llvmpipe, softpipe): where presenting through `ShmSwapchain` pays.
    public static var isSoftwareRenderer: Bool {
        let name = glGetString(GLenum(GL_RENDERER)).map { String(cString: $0) } ?? ""
        return ["llvmpipe", "softpipe", "swrast"].contains { name.contains($0) }
    }

    private static var extensions: [Substring] {
        (glGetString(GLenum(GL_EXTENSIONS)).map { String(cString: $0) } ?? "").split(separator: " ")
    }

    /// Binds it for drawing; the next draw counts as having filled it.
    public func bind() {
        target.bind()
        isFresh = false
    }

    /// Copies `rects` (origin top-left, nil: everything) into `pixels` (rows top-down, `stride` bytes apart).
    public func copy(_ rects: [(x: Int32, y: Int32, w: Int32, h: Int32)]?, into pixels: UnsafeMutableRawPointer, stride: Int) {
        target.bind()
        glPixelStorei(GLenum(GL_PACK_ALIGNMENT), 4)
        for r in rects ?? [(0, 0, Int32(width), Int32(height))] {
            let x = max(0, Int(r.x)), y = max(0, Int(r.y))
            let w = min(width, Int(r.x) + Int(r.w)) - x, h = min(height, Int(r.y) + Int(r.h)) - y
            guard w > 0, h > 0 else { continue }
            let rowBytes = w * 4
            let band = max(1, min(h, Self.scratchBytes / rowBytes))
            if scratch.count < rowBytes * band { scratch = [UInt8](repeating: 0, count: rowBytes * band) }
            scratch.withUnsafeMutableBytes { buf in
                guard let src = buf.baseAddress else { return }
                var top = y
                while top < y + h {
                    let rows = min(band, y + h - top)
                    // GL rows run bottom-up: the band's last window row comes first.
                    glReadPixels(GLint(x), GLint(height - top - rows), GLsizei(w), GLsizei(rows),
                                 GLenum(readsBGRA ? 0x80E1 /* GL_BGRA_EXT */ : GL_RGBA), GLenum(GL_UNSIGNED_BYTE), src)
                    for row in 0..<rows {
                        let from = src + (rows - 1 - row) * rowBytes
                        let to = pixels + (top + row) * stride + x * 4
                        if readsBGRA {
                            to.copyMemory(from: from, byteCount: rowBytes)
                        } else {
                            Self.swizzle(from, to: to, count: w)
                        }
                    }
                    top += rows
                }
            }
        }
    }

    /// RGBA bytes to BGRA.
    private static func swizzle(_ from: UnsafeRawPointer, to: UnsafeMutableRawPointer, count: Int) {
        let s = from.assumingMemoryBound(to: UInt32.self), d = to.assumingMemoryBound(to: UInt32.self)
        for i in 0..<count {
            let v = s[i]
            d[i] = (v & 0xFF00_FF00) | ((v & 0xFF) << 16) | ((v >> 16) & 0xFF)
        }
    }
}
