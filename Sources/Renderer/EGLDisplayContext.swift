import CEGL
import CGLES2

/// Why the renderer could not start; the program maps all of these to exit status 4.
public struct RendererError: Error, CustomStringConvertible {
    public let description: String
    init(_ message: String) { description = message }
}

/// An EGL display with a GLES2 context. One per process, owned by the thread that draws.
///
/// Two kinds: surfaceless (rendering into an FBO; used by `recto render`, `recto bench` and the tests) and
/// Wayland (a window surface on a wl_egl_window). Surfaceless is Mesa's EGL_PLATFORM_SURFACELESS_MESA where the
/// driver has it, else the first EGL device (EGL_EXT_platform_device: NVIDIA's driver on a headless machine).
public final class EGLDisplayContext {
    public let display: EGLDisplay
    let config: EGLConfig
    public let context: EGLContext
    /// Samples of the chosen config (0 when the config has no multisampling).
    public let samples: Int32
    public let extensions: Set<String>

    /// Where the EGL display comes from.
    public enum Kind {
        /// A Wayland connection (its wl_display pointer); configs must back window surfaces.
        case wayland(OpaquePointer)
        /// No window system: rendering into FBOs only (Mesa's surfaceless platform, else `device`).
        case surfaceless
        /// The first EGL device, rendering into FBOs only.
        case device
    }

    /// - Parameter samples: multisampling wanted (falls back to none when no such config exists).
    public init(_ kind: Kind, samples wanted: Int32 = 0) throws {
        let wantWindow: Bool
        let dpy: EGLDisplay
        switch kind {
        case .wayland(let d):
            wantWindow = true
            dpy = try Self.initialised(platform: EGL_PLATFORM_WAYLAND_KHR, native: UnsafeMutableRawPointer(d))
        case .surfaceless:
            wantWindow = false
            do {
                dpy = try Self.initialised(platform: EGL_PLATFORM_SURFACELESS_MESA, native: nil)
            } catch let surfaceless as RendererError {
                guard let device = Self.firstDevice() else { throw surfaceless }
                dpy = try Self.initialised(platform: EGL_PLATFORM_DEVICE_EXT, native: device)
            }
        case .device:
            wantWindow = false
            guard let device = Self.firstDevice() else { throw RendererError("no EGL device (EGL_EXT_device_enumeration)") }
            dpy = try Self.initialised(platform: EGL_PLATFORM_DEVICE_EXT, native: device)
        }
        guard eglBindAPI(EGLenum(EGL_OPENGL_ES_API)) == EGL_TRUE else {
            eglTerminate(dpy)
            throw RendererError("EGL has no OpenGL ES API")
        }
        let exts = eglQueryString(dpy, EGL_EXTENSIONS).map { String(cString: $0) } ?? ""
        extensions = Set(exts.split(separator: " ").map(String.init))

        // Choose by attributes, never the first config: weston's pixman screenshots show an XRGB2101010
        // window as black, so ask for exactly 8 bits of red, green, blue and alpha.
        func choose(samples: Int32) -> EGLConfig? {
            var attrs: [EGLint] = [
                EGL_RED_SIZE, 8, EGL_GREEN_SIZE, 8, EGL_BLUE_SIZE, 8, EGL_ALPHA_SIZE, 8,
                EGL_RENDERABLE_TYPE, EGL_OPENGL_ES2_BIT,
                EGL_SURFACE_TYPE, wantWindow ? EGL_WINDOW_BIT : 0,
            ]
            if samples > 0 { attrs += [EGL_SAMPLE_BUFFERS, 1, EGL_SAMPLES, samples] }
            attrs.append(EGL_NONE)
            var count: EGLint = 0
            guard eglChooseConfig(dpy, attrs, nil, 0, &count) == EGL_TRUE, count > 0 else { return nil }
            var configs = [EGLConfig?](repeating: nil, count: Int(count))
            guard eglChooseConfig(dpy, attrs, &configs, count, &count) == EGL_TRUE else { return nil }
            return configs.prefix(Int(count)).compactMap { $0 }.first { cfg in
                func get(_ a: EGLint) -> EGLint { var v: EGLint = 0; eglGetConfigAttrib(dpy, cfg, a, &v); return v }
                return get(EGL_RED_SIZE) == 8 && get(EGL_GREEN_SIZE) == 8 && get(EGL_BLUE_SIZE) == 8
                    && get(EGL_ALPHA_SIZE) == 8
            }
        }
        var chosenSamples = wanted
        var cfg = wanted > 0 ? choose(samples: wanted) : nil
        if cfg == nil { cfg = choose(samples: 0); chosenSamples = 0 }
        guard let cfg else {
            eglTerminate(dpy)
            throw RendererError("no RGBA8888 OpenGL ES 2 EGL config")
        }
        let ctxAttrs: [EGLint] = [EGL_CONTEXT_CLIENT_VERSION, 2, EGL_NONE]
        guard let ctx = eglCreateContext(dpy, cfg, nil, ctxAttrs) else {
            eglTerminate(dpy)
            throw RendererError("eglCreateContext failed: \(eglErrorName())")
        }
        display = dpy
        config = cfg
        context = ctx
        samples = chosenSamples
    }

    /// An initialised display of `platform`, or why there is none.
    private static func initialised(platform: Int32, native: UnsafeMutableRawPointer?) throws -> EGLDisplay {
        guard let dpy = eglGetPlatformDisplay(EGLenum(platform), native, nil) else {
            throw RendererError("no EGL display for platform 0x\(String(platform, radix: 16)) (is Mesa's libegl-mesa0 installed?)")
        }
        var major: EGLint = 0, minor: EGLint = 0
        guard eglInitialize(dpy, &major, &minor) == EGL_TRUE else {
            throw RendererError("eglInitialize failed for platform 0x\(String(platform, radix: 16)): \(eglErrorName())")
        }
        return dpy
    }

    /// The first EGL device (EGL_EXT_device_enumeration), for drivers without Mesa's surfaceless platform.
    private static func firstDevice() -> EGLDeviceEXT? {
        typealias QueryDevices = @convention(c) (EGLint, UnsafeMutablePointer<EGLDeviceEXT?>?, UnsafeMutablePointer<EGLint>?) -> EGLBoolean
        guard let symbol = eglGetProcAddress("eglQueryDevicesEXT") else { return nil }
        let query = unsafeBitCast(symbol, to: QueryDevices.self)
        var device: EGLDeviceEXT?
        var count: EGLint = 0
        guard query(1, &device, &count) == EGL_TRUE, count > 0 else { return nil }
        return device
    }

    /// Makes the context current without a surface (surfaceless rendering into FBOs).
    public func makeCurrentSurfaceless() throws {
        guard eglMakeCurrent(display, nil, nil, context) == EGL_TRUE else {
            throw RendererError("eglMakeCurrent without a surface failed: \(eglErrorName())")
        }
    }

    /// Detaches the context from the calling thread, so that another thread can make it current (a context
    /// is current on at most one thread).
    public func releaseCurrent() {
        eglMakeCurrent(display, nil, nil, nil)
    }

    deinit {
        eglMakeCurrent(display, nil, nil, nil)
        eglDestroyContext(display, context)
        eglTerminate(display)
    }
}

/// The name of the last EGL error, for messages.
func eglErrorName() -> String {
    let e = eglGetError()
    let names: [Int32: String] = [
        EGL_SUCCESS: "EGL_SUCCESS", EGL_NOT_INITIALIZED: "EGL_NOT_INITIALIZED", EGL_BAD_ACCESS: "EGL_BAD_ACCESS",
        EGL_BAD_ALLOC: "EGL_BAD_ALLOC", EGL_BAD_ATTRIBUTE: "EGL_BAD_ATTRIBUTE", EGL_BAD_CONFIG: "EGL_BAD_CONFIG",
        EGL_BAD_CONTEXT: "EGL_BAD_CONTEXT", EGL_BAD_DISPLAY: "EGL_BAD_DISPLAY", EGL_BAD_MATCH: "EGL_BAD_MATCH",
        EGL_BAD_NATIVE_WINDOW: "EGL_BAD_NATIVE_WINDOW", EGL_BAD_PARAMETER: "EGL_BAD_PARAMETER",
        EGL_BAD_SURFACE: "EGL_BAD_SURFACE", EGL_CONTEXT_LOST: "EGL_CONTEXT_LOST",
    ]
    return names[Int32(e)] ?? "0x\(String(e, radix: 16))"
}
