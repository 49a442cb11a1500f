import CGLES2

/// A framebuffer that keeps its contents from frame to frame, so a frame repaints only its damage, and hands
/// rectangles of it to memory the compositor reads (`ShmSwapchain`'s buffers: rows top-down, bytes B, G, R, X).
/// Used with software renderers, whose EGL window surfaces say nothing of what their buffers hold.
public final class RetainedTarget {
    public let width: Int, height: Int
    private let target: OffscreenTarget
    /// Nothing drawn into it yet: the first frame repaints it whole.
    public private(set) var isFresh = true
    private var scratch: [UInt8] = []
    /// GL_EXT_read_format_bgra: rows read back in the compositor's byte order, no swizzle.
    private let readsBGRA: Bool

    public init(width: Int, height: Int) throws {
        self.width = width
        self.height = height
        target = try OffscreenTarget(width: width, height: height)
        readsBGRA = Self.extensions.contains("GL_EXT_read_format_bgra")
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
            if scratch.count < rowBytes * h { scratch = [UInt8](repeating: 0, count: rowBytes * h) }
            scratch.withUnsafeMutableBytes { buf in
                guard let src = buf.baseAddress else { return }
                // GL rows run bottom-up: the rectangle's last window row comes first.
                glReadPixels(GLint(x), GLint(height - y - h), GLsizei(w), GLsizei(h),
                             GLenum(readsBGRA ? 0x80E1 /* GL_BGRA_EXT */ : GL_RGBA), GLenum(GL_UNSIGNED_BYTE), src)
                for row in 0..<h {
                    let from = src + (h - 1 - row) * rowBytes
                    let to = pixels + (y + row) * stride + x * 4
                    if readsBGRA {
                        to.copyMemory(from: from, byteCount: rowBytes)
                    } else {
                        Self.swizzle(from, to: to, count: w)
                    }
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
