import CGLES2

/// A framebuffer object for surfaceless rendering (`recto render`, `recto bench`, tests).
public final class OffscreenTarget {
    public let width: Int
    public let height: Int
    private var fbo: GLuint = 0
    private var color: GLuint = 0

    /// `limits`: the context's, whose textures may have to be padded to powers of two.
    public init(width: Int, height: Int, limits: GLLimits) throws {
        self.width = width
        self.height = height
        glGenTextures(1, &color)
        glBindTexture(GLenum(GL_TEXTURE_2D), color)
        // Drawn with a viewport of width×height at the origin; a padded texture's rest is never read.
        let pad = !limits.npotTextures
        glTexImage2D(GLenum(GL_TEXTURE_2D), 0, GL_RGBA, GLsizei(pad ? powerOfTwo(atLeast: width) : width),
                     GLsizei(pad ? powerOfTwo(atLeast: height) : height), 0, GLenum(GL_RGBA), GLenum(GL_UNSIGNED_BYTE), nil)
        glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MIN_FILTER), GL_NEAREST)
        glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MAG_FILTER), GL_NEAREST)
        // GLES 2.0 without GL_OES_texture_npot: a non-power-of-two texture is complete only with clamp-to-edge
        // wrapping (the default, REPEAT, leaves the framebuffer incomplete) and no mipmaps.
        glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_WRAP_S), GL_CLAMP_TO_EDGE)
        glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_WRAP_T), GL_CLAMP_TO_EDGE)
        glGenFramebuffers(1, &fbo)
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), fbo)
        glFramebufferTexture2D(GLenum(GL_FRAMEBUFFER), GLenum(GL_COLOR_ATTACHMENT0), GLenum(GL_TEXTURE_2D), color, 0)
        let status = glCheckFramebufferStatus(GLenum(GL_FRAMEBUFFER))
        guard status == GLenum(GL_FRAMEBUFFER_COMPLETE) else {
            throw RendererError("offscreen framebuffer \(width)×\(height) incomplete (0x\(String(status, radix: 16)))")
        }
    }

    public func bind() { glBindFramebuffer(GLenum(GL_FRAMEBUFFER), fbo) }

    /// Reads the framebuffer back as RGBA8 rows, **bottom-up** as GL stores them.
    public func readPixelsBottomUp() -> [UInt8] {
        bind()
        return FrameReadback.bottomUp(width: width, height: height)
    }

    /// Waits until the GPU has finished (for timing in `recto bench`).
    public static func finish() { glFinish() }

    deinit {
        glDeleteFramebuffers(1, &fbo)
        glDeleteTextures(1, &color)
    }
}

/// Reading back what the GL drew, for `recto ctl screenshot` and the offscreen renderer.
public enum FrameReadback {
    /// The bound framebuffer's pixels as RGBA8 rows, **bottom-up** as GL stores them.
    public static func bottomUp(width: Int, height: Int) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: width * height * 4)
        glPixelStorei(GLenum(GL_PACK_ALIGNMENT), 4)
        out.withUnsafeMutableBytes {
            glReadPixels(0, 0, GLsizei(width), GLsizei(height), GLenum(GL_RGBA), GLenum(GL_UNSIGNED_BYTE), $0.baseAddress)
        }
        return out
    }
}
