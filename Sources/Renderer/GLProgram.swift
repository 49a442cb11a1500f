import CGLES2

// The fragment stage's default precision: highp where the GPU has it, else mediump (what GLES 2.0 guarantees;
// the shaders are written for it, Shaders/roll.frag). No uniform is declared in both stages: shared uniforms
// must agree in precision, and the vertex stage is highp.
private func fragmentPrecision(highp: Bool) -> String {
    highp ? """
        #ifdef GL_FRAGMENT_PRECISION_HIGH
        precision highp float;
        #else
        precision mediump float;
        #endif

        """ : "precision mediump float;\n"
}

/// A linked GLES2 program built from embedded shader sources.
final class GLProgram {
    let id: GLuint
    private var uniforms: [String: GLint] = [:]

    /// - Throws: RendererError with the shader's info log when compiling or linking fails.
    /// - Parameter highp: fragments in highp where the GPU has it (false: mediump, as the minimum profile forces).
    init(name: String, vertex: String, fragment: String, highp: Bool) throws {
        let vs = try GLProgram.compile(GLenum(GL_VERTEX_SHADER), vertex, name: name + " (vertex)")
        defer { glDeleteShader(vs) }
        let fs = try GLProgram.compile(GLenum(GL_FRAGMENT_SHADER),
                                       fragmentPrecision(highp: highp) + fragment, name: name + " (fragment)")
        defer { glDeleteShader(fs) }
        let p = glCreateProgram()
        glAttachShader(p, vs)
        glAttachShader(p, fs)
        // Fixed attribute slots: the position first, then what goes with it (a shader has one or the other name).
        glBindAttribLocation(p, 0, "a_pos")
        glBindAttribLocation(p, 1, "a_uv")
        glBindAttribLocation(p, 1, "a_edges")
        glLinkProgram(p)
        var ok: GLint = 0
        glGetProgramiv(p, GLenum(GL_LINK_STATUS), &ok)
        guard ok != 0 else {
            let log = GLProgram.infoLog(p, isProgram: true)
            glDeleteProgram(p)
            throw RendererError("linking shader program \(name) failed: \(log)")
        }
        id = p
    }

    private static func compile(_ kind: GLenum, _ source: String, name: String) throws -> GLuint {
        let s = glCreateShader(kind)
        source.withCString { cs in
            var ptr: UnsafePointer<GLchar>? = cs
            glShaderSource(s, 1, &ptr, nil)
        }
        glCompileShader(s)
        var ok: GLint = 0
        glGetShaderiv(s, GLenum(GL_COMPILE_STATUS), &ok)
        guard ok != 0 else {
            let log = infoLog(s, isProgram: false)
            glDeleteShader(s)
            throw RendererError("compiling shader \(name) failed: \(log)")
        }
        return s
    }

    private static func infoLog(_ object: GLuint, isProgram: Bool) -> String {
        var length: GLint = 0
        if isProgram { glGetProgramiv(object, GLenum(GL_INFO_LOG_LENGTH), &length) }
        else { glGetShaderiv(object, GLenum(GL_INFO_LOG_LENGTH), &length) }
        guard length > 1 else { return "(no info log)" }
        var buffer = [GLchar](repeating: 0, count: Int(length))
        if isProgram { glGetProgramInfoLog(object, length, nil, &buffer) }
        else { glGetShaderInfoLog(object, length, nil, &buffer) }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    func use() { glUseProgram(id) }

    /// Uniform location, cached; -1 (ignored by glUniform*) when the variant optimised it away.
    func uniform(_ name: String) -> GLint {
        if let loc = uniforms[name] { return loc }
        let loc = glGetUniformLocation(id, name)
        uniforms[name] = loc
        return loc
    }

    deinit { glDeleteProgram(id) }
}
