import CGLES2

/// Counts GL errors seen after each frame; tests and `--stats` read it, debug builds trap on none of them
/// silently passing (they report through this counter).
public enum GLErrors {
    /// Drains the GL error queue; returns the names of the errors found.
    public static func drain() -> [String] {
        var found: [String] = []
        while true {
            let e = glGetError()
            if e == GLenum(GL_NO_ERROR) || found.count > 16 { break }
            switch Int32(e) {
            case GL_INVALID_ENUM: found.append("GL_INVALID_ENUM")
            case GL_INVALID_VALUE: found.append("GL_INVALID_VALUE")
            case GL_INVALID_OPERATION: found.append("GL_INVALID_OPERATION")
            case GL_OUT_OF_MEMORY: found.append("GL_OUT_OF_MEMORY")
            case GL_INVALID_FRAMEBUFFER_OPERATION: found.append("GL_INVALID_FRAMEBUFFER_OPERATION")
            default: found.append("0x\(String(e, radix: 16))")
            }
        }
        return found
    }
}
