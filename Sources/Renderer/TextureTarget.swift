import CGLES2

extension Texture {
    /// An empty power-of-two texture to draw into (complete under GLES 2.0's rules: clamp-to-edge, bilinear, no
    /// mip chain); nil when the GL offers no framebuffer for it.
    convenience init?(renderTargetWidth width: Int, height: Int) {
        guard width > 0, height > 0, width & (width - 1) == 0, height & (height - 1) == 0 else { return nil }
        self.init(width: width, height: height, pixels: nil, mipmaps: false)
    }

    /// Runs `draw` with a framebuffer bound that draws into this texture (left bound: the caller restores its
    /// own); false when that framebuffer is incomplete and nothing was drawn.
    func drawInto(_ draw: () -> Void) -> Bool {
        var fbo: GLuint = 0
        glGenFramebuffers(1, &fbo)
        defer { glDeleteFramebuffers(1, &fbo) }
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), fbo)
        glFramebufferTexture2D(GLenum(GL_FRAMEBUFFER), GLenum(GL_COLOR_ATTACHMENT0), GLenum(GL_TEXTURE_2D), id, 0)
        guard glCheckFramebufferStatus(GLenum(GL_FRAMEBUFFER)) == GLenum(GL_FRAMEBUFFER_COMPLETE) else { return false }
        draw()
        return true
    }
}
