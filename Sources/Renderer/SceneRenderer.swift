import CGLES2
import Geometry

/// Draws frame scenes with GLES2 into whatever framebuffer is bound (window or offscreen).
/// Owns the programs and vertex buffers; lives on the rendering thread with its context.
public final class SceneRenderer {
    private let plainProgram: GLProgram
    private let shadedProgram: GLProgram
    private let curlProgram: GLProgram
    private let quadBuffer: GLuint
    private let meshBuffer: GLuint
    /// GL_OES_texture_npot: mipmaps for non-power-of-two pages.
    public let npotMipmaps: Bool
    public let maxTextureSize: Int
    /// Vertices of the last curl mesh drawn (for `recto bench`).
    public private(set) var lastCurlVertexCount = 0

    public init() throws {
        plainProgram = try GLProgram(name: "page", vertex: Shaders.page_vert, fragment: Shaders.page_frag)
        shadedProgram = try GLProgram(name: "shadow", vertex: Shaders.page_vert, fragment: Shaders.shadow_frag)
        curlProgram = try GLProgram(name: "curl", vertex: Shaders.curl_vert, fragment: Shaders.curl_frag)
        var b: [GLuint] = [0, 0]
        glGenBuffers(2, &b)
        quadBuffer = b[0]
        meshBuffer = b[1]
        let exts = glGetString(GLenum(GL_EXTENSIONS)).map { String(cString: $0) } ?? ""
        npotMipmaps = exts.split(separator: " ").contains("GL_OES_texture_npot")
        var m: GLint = 0
        glGetIntegerv(GLenum(GL_MAX_TEXTURE_SIZE), &m)
        maxTextureSize = Int(m)
    }

    /// Uploads a page image as a texture (mipmapped where the GL allows it).
    public func makeTexture(width: Int, height: Int, pixels: UnsafeRawBufferPointer) -> Texture {
        let pot = width & (width - 1) == 0 && height & (height - 1) == 0
        return Texture(width: width, height: height, pixels: pixels, mipmaps: npotMipmaps || pot)
    }

    /// Draws `scene` into the bound framebuffer of `width`×`height` pixels.
    public func draw(_ scene: FrameScene, width: Int, height: Int) {
        glViewport(0, 0, GLsizei(width), GLsizei(height))
        glDisable(GLenum(GL_DEPTH_TEST))
        glDisable(GLenum(GL_CULL_FACE))
        glDisable(GLenum(GL_BLEND))
        glClearColor(GLfloat(scene.background.r), GLfloat(scene.background.g), GLfloat(scene.background.b), 1)
        glClear(GLbitfield(GL_COLOR_BUFFER_BIT))
        let toClip = Self.projection(width: width, height: height).concatenating(scene.view)
        glActiveTexture(GLenum(GL_TEXTURE0))
        for page in scene.pages where !page.rect.isEmpty {
            drawFlat(page, scene: scene, toClip: toClip, shadow: nil)
        }
        if let curl = scene.curl {
            if let beneath = curl.beneath, !beneath.rect.isEmpty {
                drawFlat(beneath, scene: scene, toClip: toClip, shadow: curl)
            }
            drawCurl(curl, scene: scene, toClip: toClip)
        }
    }

    private func drawFlat(_ page: PageQuad, scene: FrameScene, toClip: Affine2, shadow curl: CurlLayer?) {
        let useShaded = !scene.plain && (scene.spineX != nil || curl != nil)
        let program = useShaded ? shadedProgram : plainProgram
        program.use()
        setPaper(program, scene.paper)
        glUniform1i(program.uniform("u_tex"), 0)
        let pageToBook = Affine2.translation(Vec2(page.rect.x, page.rect.y))
        setMatrix(program.uniform("u_pageToClip"), toClip.concatenating(pageToBook))
        glUniform1f(program.uniform("u_useTexture"), page.texture == nil ? 0 : 1)
        if useShaded {
            if let curl {
                // The curl's cylinder is in the turning page's space; express it in this page's space.
                let offset = Vec2(curl.rect.x - page.rect.x, curl.rect.y - page.rect.y)
                let p = curl.axisPoint + offset
                glUniform2f(program.uniform("u_axisPoint"), GLfloat(p.x), GLfloat(p.y))
                glUniform2f(program.uniform("u_axisNormal"), GLfloat(curl.axisNormal.x), GLfloat(curl.axisNormal.y))
                glUniform1f(program.uniform("u_radius"), GLfloat(curl.radius))
                glUniform1f(program.uniform("u_shadowWidth"), GLfloat(10 + 2.5 * curl.radius))
                glUniform1f(program.uniform("u_shadowStrength"), GLfloat(curl.shadowStrength))
            } else {
                glUniform1f(program.uniform("u_shadowStrength"), 0)
            }
            if let spine = scene.spineX {
                glUniform1f(program.uniform("u_gutterX"), GLfloat(spine - page.rect.x))
                glUniform1f(program.uniform("u_gutterWidth"), GLfloat(max(8, page.rect.width * 0.06)))
            } else {
                glUniform1f(program.uniform("u_gutterWidth"), 0)
            }
        }
        glBindTexture(GLenum(GL_TEXTURE_2D), page.texture?.id ?? 0)
        let w = GLfloat(page.rect.width), h = GLfloat(page.rect.height)
        let vertices: [GLfloat] = [0, 0, 0, 0, w, 0, 1, 0, 0, h, 0, 1, w, h, 1, 1]
        glBindBuffer(GLenum(GL_ARRAY_BUFFER), quadBuffer)
        vertices.withUnsafeBytes {
            glBufferData(GLenum(GL_ARRAY_BUFFER), $0.count, $0.baseAddress, GLenum(GL_STREAM_DRAW))
        }
        glEnableVertexAttribArray(0)
        glEnableVertexAttribArray(1)
        glVertexAttribPointer(0, 2, GLenum(GL_FLOAT), GLboolean(GL_FALSE), 16, nil)
        glVertexAttribPointer(1, 2, GLenum(GL_FLOAT), GLboolean(GL_FALSE), 16, UnsafeRawPointer(bitPattern: 8))
        glDrawArrays(GLenum(GL_TRIANGLE_STRIP), 0, 4)
    }

    private func drawCurl(_ curl: CurlLayer, scene: FrameScene, toClip: Affine2) {
        let mesh = CurlMesh(width: curl.rect.width, height: curl.rect.height,
                            axisPoint: curl.axisPoint, normal: curl.axisNormal, radius: max(curl.radius, 0.01))
        lastCurlVertexCount = mesh.vertexCount
        guard mesh.vertexCount > 0 else { return }
        let program = curlProgram
        program.use()
        setPaper(program, scene.paper)
        let pageToBook = Affine2.translation(Vec2(curl.rect.x, curl.rect.y))
        setMatrix(program.uniform("u_pageToClip"), toClip.concatenating(pageToBook))
        glUniform2f(program.uniform("u_pageSize"), GLfloat(curl.rect.width), GLfloat(curl.rect.height))
        glUniform2f(program.uniform("u_axisPoint"), GLfloat(curl.axisPoint.x), GLfloat(curl.axisPoint.y))
        glUniform2f(program.uniform("u_axisNormal"), GLfloat(curl.axisNormal.x), GLfloat(curl.axisNormal.y))
        glUniform1f(program.uniform("u_radius"), GLfloat(max(curl.radius, 0.01)))
        glUniform1f(program.uniform("u_hasFront"), curl.front == nil ? 0 : 1)
        glUniform1f(program.uniform("u_hasBack"), curl.back == nil ? 0 : 1)
        glUniform1f(program.uniform("u_backSeparate"), curl.backIsSeparatePage ? 1 : 0)
        // Page pixels per window pixel, so the outline fades over one window pixel at any zoom.
        glUniform1f(program.uniform("u_aaScale"), GLfloat(max(scene.view.uniformScale, 1e-6)))
        glUniform1i(program.uniform("u_front"), 0)
        glUniform1i(program.uniform("u_back"), 1)
        glActiveTexture(GLenum(GL_TEXTURE1))
        glBindTexture(GLenum(GL_TEXTURE_2D), curl.back?.id ?? 0)
        glActiveTexture(GLenum(GL_TEXTURE0))
        glBindTexture(GLenum(GL_TEXTURE_2D), curl.front?.id ?? 0)
        glEnable(GLenum(GL_BLEND))
        glBlendFunc(GLenum(GL_SRC_ALPHA), GLenum(GL_ONE_MINUS_SRC_ALPHA))
        glBindBuffer(GLenum(GL_ARRAY_BUFFER), meshBuffer)
        mesh.vertices.withUnsafeBytes {
            glBufferData(GLenum(GL_ARRAY_BUFFER), $0.count, $0.baseAddress, GLenum(GL_STREAM_DRAW))
        }
        glEnableVertexAttribArray(0)
        glDisableVertexAttribArray(1)
        glVertexAttribPointer(0, 2, GLenum(GL_FLOAT), GLboolean(GL_FALSE), 8, nil)
        glDrawArrays(GLenum(GL_TRIANGLES), 0, GLsizei(mesh.vertexCount))
        glDisable(GLenum(GL_BLEND))
    }

    /// Window pixels (origin top-left, y down) → clip space.
    static func projection(width: Int, height: Int) -> Affine2 {
        Affine2(a: 2 / Double(max(width, 1)), b: 0, c: 0, d: -2 / Double(max(height, 1)), tx: -1, ty: 1)
    }

    private func setPaper(_ program: GLProgram, _ paper: RGBA) {
        glUniform4f(program.uniform("u_paper"), GLfloat(paper.r), GLfloat(paper.g), GLfloat(paper.b), 1)
    }

    private func setMatrix(_ location: GLint, _ m: Affine2) {
        let values: [GLfloat] = [GLfloat(m.a), GLfloat(m.b), 0, GLfloat(m.c), GLfloat(m.d), 0, GLfloat(m.tx), GLfloat(m.ty), 1]
        glUniformMatrix3fv(location, 1, GLboolean(GL_FALSE), values)
    }

    deinit {
        var b: [GLuint] = [quadBuffer, meshBuffer]
        glDeleteBuffers(2, &b)
    }
}
