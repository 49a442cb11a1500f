import CGLES2
import Geometry

/// What a single page's flap shows where it lies on the ground beside the page: paper tinted by the page's mean
/// colour (over a ground that reflects no light, little of the ink shows through the sheet). The page read at
/// a slant along the rotated flap, most of a page's area in the last fifth of a turn, was what made those
/// frames cost 1.6–2.1× the resting page on llvmpipe; a small copy of the page made once, read back and
/// averaged, gives the tint (measured: a small copy sampled along the flap instead saved only a twentieth, so
/// the cost is the per-pixel filtering of a slanted texture, not the cache).
extension SceneRenderer {
    /// The small copy's size against the page's: each side at most this many times smaller than the image,
    /// rounded down to a power of two (a 771×1080 page: 64×128), at least `showThroughMinimum` texels.
    static let showThroughReduction = 8
    static let showThroughMinimum = 16

    /// Sets `texture.showThroughTint` unless it is set: the mean of a copy an eighth of its size. Call outside a
    /// frame's scissored passes: it draws into a framebuffer of its own and restores the bound one and the viewport.
    func prepareShowThrough(of texture: Texture, paper: RGBA) {
        guard texture.showThroughTint == nil else { return }
        func side(_ n: Int) -> Int {
            var p = 1
            while p * 2 <= max(Self.showThroughMinimum, n / Self.showThroughReduction) { p *= 2 }
            return p
        }
        let width = side(texture.width), height = side(texture.height)
        var previous: GLint = 0
        glGetIntegerv(GLenum(GL_FRAMEBUFFER_BINDING), &previous)
        var viewport = [GLint](repeating: 0, count: 4)
        glGetIntegerv(GLenum(GL_VIEWPORT), &viewport)
        defer {
            glBindFramebuffer(GLenum(GL_FRAMEBUFFER), GLuint(previous))
            glViewport(viewport[0], viewport[1], viewport[2], viewport[3])
        }
        glDisable(GLenum(GL_SCISSOR_TEST))
        glDisable(GLenum(GL_BLEND))
        glActiveTexture(GLenum(GL_TEXTURE0))
        // Through the mip chain where the page has one (trilinear: one step); else by halving, each step a
        // bilinear read of four texels, so that no text is skipped between samples (the minimum profile).
        var source = texture
        var sourceSize = (texture.width, texture.height)
        var sourceScale = texture.contentScale
        while true {
            let direct = texture.hasMipmaps || (sourceSize.0 <= 2 * width && sourceSize.1 <= 2 * height)
            let w = direct ? width : max(width, powerOfTwo(atLeast: sourceSize.0) / 2)
            let h = direct ? height : max(height, powerOfTwo(atLeast: sourceSize.1) / 2)
            guard let target = Texture(renderTargetWidth: w, height: h) else { return }
            guard target.drawInto({
                glViewport(0, 0, GLsizei(w), GLsizei(h))
                let program = plainProgram
                program.use()
                glUniform1i(program.uniform("u_tex"), 0)
                glUniform4f(program.uniform("u_paper"), GLfloat(paper.r), GLfloat(paper.g), GLfloat(paper.b), 1)
                glUniform1f(program.uniform("u_useTexture"), 1)
                // Unit square → clip space, y up (the texture's first row is the image's top either way).
                let values: [GLfloat] = [2, 0, 0, 0, 2, 0, -1, -1, 1]
                glUniformMatrix3fv(program.uniform("u_pageToClip"), 1, GLboolean(GL_FALSE), values)
                source.bind(texelsPerPixel: .infinity)
                drawPolygon([Vec2(0, 0), Vec2(1, 0), Vec2(1, 1), Vec2(0, 1)],
                            uv: Affine2(a: sourceScale.x, b: 0, c: 0, d: sourceScale.y, tx: 0, ty: 0))
                if direct { texture.showThroughTint = Self.meanOfBound(width: w, height: h) }
            }) else { return }
            if direct { return }
            source = target
            sourceSize = (w, h)
            sourceScale = (1, 1)
        }
    }

    /// The mean colour of the bound framebuffer's `width`×`height` pixels.
    private static func meanOfBound(width: Int, height: Int) -> RGBA {
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        glPixelStorei(GLenum(GL_PACK_ALIGNMENT), 4)
        glReadPixels(0, 0, GLsizei(width), GLsizei(height), GLenum(GL_RGBA), GLenum(GL_UNSIGNED_BYTE), &pixels)
        var sum = (0, 0, 0)
        for i in stride(from: 0, to: pixels.count, by: 4) {
            sum.0 += Int(pixels[i]); sum.1 += Int(pixels[i + 1]); sum.2 += Int(pixels[i + 2])
        }
        let n = Double(max(1, width * height)) * 255
        return RGBA(Double(sum.0) / n, Double(sum.1) / n, Double(sum.2) / n)
    }
}
