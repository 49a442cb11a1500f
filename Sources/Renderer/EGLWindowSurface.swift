import CEGL
import CGLES2
import CWaylandEGL

/// An EGL window surface on a Wayland wl_surface (through wl_egl_window).
///
/// Swap interval 0: the swap never blocks the loop; the platform's frame callbacks pace drawing.
/// `eglSwapBuffers` commits the wl_surface, so the caller requests its frame callback before `swap`.
public final class EGLWindowSurface {
    let egl: EGLDisplayContext
    let window: OpaquePointer
    public let surface: EGLSurface
    public private(set) var width: Int32
    public private(set) var height: Int32
    /// EGL_EXT_buffer_age is offered: a frame may repaint only what changed since the buffer's last use.
    public let hasBufferAge: Bool
    private typealias SwapWithDamage = @convention(c) (EGLDisplay?, EGLSurface?, UnsafeMutablePointer<EGLint>?, EGLint) -> EGLBoolean
    private let swapWithDamage: SwapWithDamage?

    public init(egl: EGLDisplayContext, wlSurface: OpaquePointer, width: Int32, height: Int32) throws {
        self.egl = egl
        self.width = max(1, width)
        self.height = max(1, height)
        guard let w = wl_egl_window_create(wlSurface, self.width, self.height) else {
            throw RendererError("wl_egl_window_create failed")
        }
        window = w
        guard let s = eglCreatePlatformWindowSurface(egl.display, egl.config, UnsafeMutableRawPointer(w), nil) else {
            wl_egl_window_destroy(w)
            throw RendererError("eglCreatePlatformWindowSurface failed: \(eglErrorName())")
        }
        surface = s
        guard eglMakeCurrent(egl.display, s, s, egl.context) == EGL_TRUE else {
            eglDestroySurface(egl.display, s)
            wl_egl_window_destroy(w)
            throw RendererError("eglMakeCurrent on the window failed: \(eglErrorName())")
        }
        eglSwapInterval(egl.display, 0)
        hasBufferAge = egl.extensions.contains("EGL_EXT_buffer_age")
        if egl.extensions.contains("EGL_KHR_swap_buffers_with_damage"),
           let p = eglGetProcAddress("eglSwapBuffersWithDamageKHR") {
            swapWithDamage = unsafeBitCast(p, to: SwapWithDamage.self)
        } else if egl.extensions.contains("EGL_EXT_swap_buffers_with_damage"),
                  let p = eglGetProcAddress("eglSwapBuffersWithDamageEXT") {
            swapWithDamage = unsafeBitCast(p, to: SwapWithDamage.self)
        } else {
            swapWithDamage = nil
        }
    }

    /// Resizes the buffer (takes effect at the next swap).
    public func resize(width: Int32, height: Int32) {
        self.width = max(1, width)
        self.height = max(1, height)
        wl_egl_window_resize(window, self.width, self.height, 0, 0)
    }

    /// Age of the back buffer: 0 unknown (repaint everything), n = it holds the frame from n swaps ago.
    public func bufferAge() -> Int {
        guard hasBufferAge else { return 0 }
        var age: EGLint = 0
        guard eglQuerySurface(egl.display, surface, EGLint(EGL_BUFFER_AGE_EXT), &age) == EGL_TRUE else { return 0 }
        return Int(age)
    }

    /// Presents the frame. `damage` holds rectangles in buffer pixels, origin top-left; nil = whole surface.
    /// Returns false when the swap failed (the display is gone).
    @discardableResult
    public func swap(damage: [(x: Int32, y: Int32, w: Int32, h: Int32)]? = nil) -> Bool {
        if let damage, let swapWithDamage, !damage.isEmpty {
            // EGL damage rectangles have their origin at the bottom-left.
            var rects: [EGLint] = []
            for r in damage { rects += [r.x, height - r.y - r.h, r.w, r.h] }
            return rects.withUnsafeMutableBufferPointer {
                swapWithDamage(egl.display, surface, $0.baseAddress, EGLint(damage.count)) == EGL_TRUE
            }
        }
        return eglSwapBuffers(egl.display, surface) == EGL_TRUE
    }

    deinit {
        eglMakeCurrent(egl.display, nil, nil, nil)
        eglDestroySurface(egl.display, surface)
        wl_egl_window_destroy(window)
    }
}
