import CGLES2

/// A GLES2 RGBA texture holding one page image, mipmapped for trilinear minification where allowed.
public final class Texture {
    public let id: GLuint
    /// The image's size in pixels.
    public let width: Int
    public let height: Int
    /// Bytes held on the GPU (with mipmaps and padding), for the page cache's memory bound.
    public let byteCount: Int
    /// The part of the texture the image fills, in texture coordinates: (1, 1) unless padded to powers of two
    /// (GLLimits.npotTextures false). Drawing scales texture coordinates by it.
    public let contentScale: (x: Double, y: Double)
    let hasMipmaps: Bool
    /// The minification filter set now.
    private var minifyFilter: Int32
    /// The magnification filter is nearest (each texel a square of whole pixels), not bilinear.
    private var magnifiesByWholePixels = false
    /// The image's mean colour over paper: what a single page's flap shows where it lies on the ground
    /// (`SceneRenderer.prepareShowThrough`, when such a flap first needs it).
    var showThroughTint: RGBA?

    /// Uploads `pixels` (RGBA8, rows top-down, width*4 bytes a row); nil pixels: uninitialised (a render target).
    /// - Parameter mipmaps: build a mip chain (GLES2 allows it for non-power-of-two sizes only with
    ///   GL_OES_texture_npot; the caller passes whether that holds).
    /// - Parameter padToPowerOfTwo: store the image in the corner of a power-of-two texture, its last column and
    ///   row repeated once beyond it so that filtering at its edges sees what clamp-to-edge would give.
    public init(width: Int, height: Int, pixels: UnsafeRawBufferPointer?, mipmaps: Bool, padToPowerOfTwo: Bool = false) {
        precondition(pixels.map { $0.count >= width * height * 4 } ?? true, "texture data too short")
        var t: GLuint = 0
        glGenTextures(1, &t)
        id = t
        self.width = width
        self.height = height
        let storeW = padToPowerOfTwo ? powerOfTwo(atLeast: width) : width
        let storeH = padToPowerOfTwo ? powerOfTwo(atLeast: height) : height
        let padded = storeW != width || storeH != height
        contentScale = (Double(width) / Double(storeW), Double(height) / Double(storeH))
        // A padded texture's mip levels would blend the padding into the image's edges.
        hasMipmaps = mipmaps && !padded
        minifyFilter = hasMipmaps ? GL_LINEAR_MIPMAP_LINEAR : GL_LINEAR
        glBindTexture(GLenum(GL_TEXTURE_2D), t)
        glPixelStorei(GLenum(GL_UNPACK_ALIGNMENT), 4)
        if padded {
            glTexImage2D(GLenum(GL_TEXTURE_2D), 0, GL_RGBA, GLsizei(storeW), GLsizei(storeH), 0,
                         GLenum(GL_RGBA), GLenum(GL_UNSIGNED_BYTE), nil)
            if let pixels { Self.upload(pixels, width: width, height: height, storeW: storeW, storeH: storeH) }
        } else {
            glTexImage2D(GLenum(GL_TEXTURE_2D), 0, GL_RGBA, GLsizei(width), GLsizei(height), 0,
                         GLenum(GL_RGBA), GLenum(GL_UNSIGNED_BYTE), pixels?.baseAddress)
        }
        // GLES 2.0: a non-power-of-two texture is complete only with clamp-to-edge and no mipmaps.
        glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_WRAP_S), GL_CLAMP_TO_EDGE)
        glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_WRAP_T), GL_CLAMP_TO_EDGE)
        glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MAG_FILTER), GL_LINEAR)
        if hasMipmaps {
            glGenerateMipmap(GLenum(GL_TEXTURE_2D))
            glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MIN_FILTER), GL_LINEAR_MIPMAP_LINEAR)
            byteCount = storeW * storeH * 4 * 4 / 3
        } else {
            glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MIN_FILTER), GL_LINEAR)
            byteCount = storeW * storeH * 4
        }
    }

    /// The image at the texture's corner, then its last column and last row (and corner pixel) once more.
    private static func upload(_ pixels: UnsafeRawBufferPointer, width: Int, height: Int, storeW: Int, storeH: Int) {
        func sub(_ x: Int, _ y: Int, _ w: Int, _ h: Int, _ data: UnsafeRawPointer?) {
            glTexSubImage2D(GLenum(GL_TEXTURE_2D), 0, GLint(x), GLint(y), GLsizei(w), GLsizei(h),
                            GLenum(GL_RGBA), GLenum(GL_UNSIGNED_BYTE), data)
        }
        sub(0, 0, width, height, pixels.baseAddress)
        if height < storeH, let base = pixels.baseAddress {
            sub(0, height, width, 1, base + (height - 1) * width * 4)
        }
        if width < storeW {
            var column = [UInt8](repeating: 0, count: (height + 1) * 4)
            for y in 0..<height {
                for k in 0..<4 { column[y * 4 + k] = pixels[(y * width + width - 1) * 4 + k] }
            }
            for k in 0..<4 { column[height * 4 + k] = column[(height - 1) * 4 + k] }
            column.withUnsafeBytes { sub(width, 0, 1, min(height + 1, storeH), $0.baseAddress) }
        }
    }

    /// Binds the texture to the active unit, sampling for `texelsPerPixel` (texture texels per window pixel
    /// along the page). Where texels are about as large as pixels or larger (pages are decoded to the
    /// window's size and shown slightly smaller, inside the margins) the mip chain changes next to nothing
    /// (level 1 contributes under a third at 1.25 texels a pixel, and nothing when magnifying), but a software
    /// renderer still pays for choosing and blending levels at every pixel: plain bilinear filtering there
    /// halves the cost of a page on llvmpipe.
    ///
    /// Magnified a whole number of times (a scan's pixels at 1:1, 2:1, 4:1, where the view lands on whole pixels),
    /// each texel is drawn as a square of one value: bilinear filtering would blend neighbouring pixels and turn
    /// a one-pixel checkerboard grey. Between those scales it blends, so panning a fine pattern does not shimmer.
    func bind(texelsPerPixel: Double) {
        glBindTexture(GLenum(GL_TEXTURE_2D), id)
        let whole = Self.magnifiesWholly(texelsPerPixel: texelsPerPixel)
        if whole != magnifiesByWholePixels {
            magnifiesByWholePixels = whole
            glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MAG_FILTER), whole ? GL_NEAREST : GL_LINEAR)
        }
        // At exactly 1:1 the level of detail is 0 give or take rounding, and a pixel the GPU finds a hair over it is
        // minified: nearest there too, or it blends with its neighbour where the view is a fraction off.
        let minify = whole ? GL_NEAREST : hasMipmaps && texelsPerPixel > 1.25 ? GL_LINEAR_MIPMAP_LINEAR : GL_LINEAR
        if minify != minifyFilter {
            minifyFilter = minify
            glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MIN_FILTER), minify)
        }
    }

    /// Whether each texel covers a whole number of pixels (1, 2, 3…), within a thousandth.
    static func magnifiesWholly(texelsPerPixel: Double) -> Bool {
        guard texelsPerPixel.isFinite, texelsPerPixel > 0, texelsPerPixel <= 1.0001 else { return false }
        let m = 1 / texelsPerPixel
        return abs(m - m.rounded()) < 1e-3 * m
    }

    deinit {
        var t = id
        glDeleteTextures(1, &t)
    }
}
