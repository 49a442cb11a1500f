import CGLES2

/// A GLES2 RGBA texture holding one page image, mipmapped for trilinear minification where allowed.
public final class Texture {
    public let id: GLuint
    public let width: Int
    public let height: Int
    /// Bytes held on the GPU (with mipmaps), for the page cache's memory bound.
    public let byteCount: Int
    private let hasMipmaps: Bool
    private var minifyFromMipmaps: Bool


    /// Uploads `pixels` (RGBA8, rows top-down, width*4 bytes a row).
    /// - Parameter mipmaps: build a mip chain (GLES2 allows it for non-power-of-two sizes only with
    ///   GL_OES_texture_npot; the caller passes whether that holds).
    public init(width: Int, height: Int, pixels: UnsafeRawBufferPointer, mipmaps: Bool) {
        precondition(pixels.count >= width * height * 4, "texture data too short")
        var t: GLuint = 0
        glGenTextures(1, &t)
        id = t
        self.width = width
        self.height = height
        hasMipmaps = mipmaps
        minifyFromMipmaps = mipmaps
        glBindTexture(GLenum(GL_TEXTURE_2D), t)
        glPixelStorei(GLenum(GL_UNPACK_ALIGNMENT), 4)
        glTexImage2D(GLenum(GL_TEXTURE_2D), 0, GL_RGBA, GLsizei(width), GLsizei(height), 0,
                     GLenum(GL_RGBA), GLenum(GL_UNSIGNED_BYTE), pixels.baseAddress)
        glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_WRAP_S), GL_CLAMP_TO_EDGE)
        glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_WRAP_T), GL_CLAMP_TO_EDGE)
        glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MAG_FILTER), GL_LINEAR)
        if mipmaps {
            glGenerateMipmap(GLenum(GL_TEXTURE_2D))
            glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MIN_FILTER), GL_LINEAR_MIPMAP_LINEAR)
            byteCount = width * height * 4 * 4 / 3
        } else {
            glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MIN_FILTER), GL_LINEAR)
            byteCount = width * height * 4
        }
    }

    /// Binds the texture to the active unit, sampling for `texelsPerPixel` (texture texels per window pixel
    /// along the page). Where texels are about as large as pixels or larger (pages are decoded to the
    /// window's size and shown slightly smaller, inside the margins) the mip chain changes next to nothing
    /// (level 1 contributes under a third at 1.25 texels a pixel, and nothing when magnifying), but a software
    /// renderer still pays for choosing and blending levels at every pixel: plain bilinear filtering there
    /// halves the cost of a page on llvmpipe.
    func bind(texelsPerPixel: Double) {
        glBindTexture(GLenum(GL_TEXTURE_2D), id)
        let mip = hasMipmaps && texelsPerPixel > 1.25
        guard mip != minifyFromMipmaps else { return }
        minifyFromMipmaps = mip
        glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MIN_FILTER), mip ? GL_LINEAR_MIPMAP_LINEAR : GL_LINEAR)
    }

    deinit {
        var t = id
        glDeleteTextures(1, &t)
    }
}
