import CGLES2
import Glibc

/// What the GL offers that Recto depends on, read once when the renderer starts, narrowed by the test knobs
/// of the "GLES2 minimum" profile (README, "GPUs"), and checked against what Recto needs.
///
/// The profile emulates a small GLES 2.0 GPU on a large one: Mesa's `MESA_EXTENSION_OVERRIDE` withholds the
/// extensions, and two variables meant for tests narrow the rest (both only ever narrow what the GPU offers):
/// - `RECTO_TEST_MAX_TEXTURE_SIZE=N`: textures no larger than N (the smaller of N and GL_MAX_TEXTURE_SIZE);
/// - `RECTO_TEST_FRAGMENT_PRECISION=mediump`: fragment shaders compiled with mediump floats, as on a GPU
///   without highp fragments (Mali-400 and other GLES 2.0 parts).
public struct GLLimits: Sendable, Equatable {
    /// The largest texture side in pixels.
    public let maxTextureSize: Int
    /// GL_OES_texture_npot: mipmaps (and wrap modes other than clamp-to-edge) for non-power-of-two textures.
    public let npotMipmaps: Bool
    /// Fragment shaders have highp floats (and are compiled with them).
    public let fragmentHighp: Bool
    /// Textures of any size are accepted. GLES 2.0 guarantees it (clamp-to-edge, no mipmaps), but Mesa with
    /// GL_OES_texture_npot withheld (the minimum profile) refuses a non-power-of-two texture image outright,
    /// as GLES 1 did; then textures and targets are padded to powers of two (Texture, OffscreenTarget).
    public let npotTextures: Bool
    /// Below this texture size Recto refuses to start: it is what the minimum profile tests (vc4's limit).
    public static let minimumTextureSize = 2048
    /// Where fragments are mediump only, a texture coordinate in [0, 1] has 11 significant bits: within
    /// half a texel on textures up to 2,048 texels, and only there. Larger pages are downscaled to it.
    public static let mediumpTextureSize = 2048

    public init(maxTextureSize: Int, npotMipmaps: Bool, fragmentHighp: Bool, npotTextures: Bool = true) {
        self.maxTextureSize = maxTextureSize
        self.npotMipmaps = npotMipmaps
        self.fragmentHighp = fragmentHighp
        self.npotTextures = npotTextures
    }

    /// The current context's GL_RENDERER and GL_VERSION, to say which GPU a figure came from.
    public static var rendererName: String {
        func string(_ name: Int32) -> String { glGetString(GLenum(name)).map { String(cString: $0) } ?? "?" }
        return "\(string(GL_RENDERER)), \(string(GL_VERSION))"
    }

    /// Reads the current context's limits and applies the test knobs.
    /// - Throws: RendererError (exit status 4) when the GL offers less than Recto needs.
    static func current() throws -> GLLimits {
        let exts = glGetString(GLenum(GL_EXTENSIONS)).map { String(cString: $0) } ?? ""
        var m: GLint = 0
        glGetIntegerv(GLenum(GL_MAX_TEXTURE_SIZE), &m)
        var range: [GLint] = [0, 0], precision: GLint = 0
        glGetShaderPrecisionFormat(GLenum(GL_FRAGMENT_SHADER), GLenum(GL_HIGH_FLOAT), &range, &precision)
        let limits = try GLLimits(gpuMaxTextureSize: Int(m), extensions: Set(exts.split(separator: " ").map(String.init)),
                                  gpuFragmentHighp: precision > 0, npotTextures: acceptsNPOTTextures(),
                                  environment: Self.environment)
        return limits
    }

    /// Whether a 3×3 texture image is accepted. Runs first thing on a fresh context, so no earlier error is lost.
    private static func acceptsNPOTTextures() -> Bool {
        for _ in 0..<16 where glGetError() == GLenum(GL_NO_ERROR) { break }
        var t: GLuint = 0
        glGenTextures(1, &t)
        glBindTexture(GLenum(GL_TEXTURE_2D), t)
        let pixels = [UInt8](repeating: 255, count: 3 * 3 * 4)
        glPixelStorei(GLenum(GL_UNPACK_ALIGNMENT), 1)
        glTexImage2D(GLenum(GL_TEXTURE_2D), 0, GL_RGBA, 3, 3, 0, GLenum(GL_RGBA), GLenum(GL_UNSIGNED_BYTE), pixels)
        let refused = glGetError() == GLenum(GL_INVALID_VALUE)
        glDeleteTextures(1, &t)
        glPixelStorei(GLenum(GL_UNPACK_ALIGNMENT), 4)
        return !refused
    }

    /// The limits from what the GPU says and the test knobs in `environment`.
    public init(gpuMaxTextureSize: Int, extensions: Set<String>, gpuFragmentHighp: Bool, npotTextures: Bool = true,
                environment: [String: String]) throws {
        self.npotTextures = npotTextures
        var size = gpuMaxTextureSize
        if let text = environment["RECTO_TEST_MAX_TEXTURE_SIZE"] {
            guard let n = Int(text), n > 0 else {
                throw RendererError("RECTO_TEST_MAX_TEXTURE_SIZE must be a positive number of pixels, not \"\(text)\"")
            }
            size = min(size, n)
        }
        let precision = environment["RECTO_TEST_FRAGMENT_PRECISION"]
        guard precision == nil || precision == "mediump" || precision == "highp" else {
            throw RendererError("RECTO_TEST_FRAGMENT_PRECISION must be mediump or highp, not \"\(precision ?? "")\"")
        }
        fragmentHighp = gpuFragmentHighp && precision != "mediump"
        guard size >= Self.minimumTextureSize else {
            throw RendererError("the GPU draws textures of at most \(size)×\(size) pixels; Recto needs "
                                + "\(Self.minimumTextureSize)×\(Self.minimumTextureSize) (README, \"GPUs\")")
        }
        maxTextureSize = fragmentHighp ? size : min(size, Self.mediumpTextureSize)
        npotMipmaps = extensions.contains("GL_OES_texture_npot")
    }

    private static var environment: [String: String] {
        var out: [String: String] = [:]
        for name in ["RECTO_TEST_MAX_TEXTURE_SIZE", "RECTO_TEST_FRAGMENT_PRECISION"] {
            if let v = getenv(name) { out[name] = String(cString: v) }
        }
        return out
    }

    /// What the log says at start-up.
    public var description: String {
        "textures up to \(maxTextureSize) px, \(npotMipmaps ? "" : "no ")GL_OES_texture_npot, "
            + "\(fragmentHighp ? "highp" : "mediump") fragments"
            + (npotTextures ? "" : ", textures padded to powers of two")
    }
}

/// The smallest power of two ≥ `n` (n ≥ 1).
func powerOfTwo(atLeast n: Int) -> Int {
    var p = 1
    while p < n { p <<= 1 }
    return p
}
