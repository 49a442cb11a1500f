import CGLES2

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
