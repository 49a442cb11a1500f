import CGLES2
import Geometry

extension SceneRenderer {
    /// The roll (one band along the axis) and the flap's outline, with the roll shader blended over what is
    /// drawn: its antialiased rim and edges show the pages beneath.
    /// - Parameter tint: what a single page's flap shows over the ground (showThroughOverGround), where
    ///   drawEdgeFill drew the outline's part off the page. Fading, the flap shows it over the page too, and the
    ///   roll's turned-away face shows it as well; the band's middle, where that face hides the front one, then
    ///   reads no texture (the reads were two thirds of the band's cost on llvmpipe). The band's ends, where the
    ///   front face shows past the edge of the turned-away one, still read the front.
    func drawRoll(_ curl: CurlLayer, _ flap: FlapGeometry, tint: RGBA?, scene: FrameScene, toClip: Affine2) {
        let outline = tint == nil ? flap.placedOutline
            : flap.placedOutline.map { clipToRect($0, width: curl.rect.width, height: curl.rect.height) }
        let band = [flap.rollBand].filter { $0.count >= 3 }, edges = outline.filter { $0.count >= 3 }
        let pieces = band + edges
        lastCurlVertexCount = pieces.reduce(0) { $0 + 3 * ($1.count - 2) }
        guard lastCurlVertexCount > 0 else { return }
        let back = curl.backIsSeparatePage ? curl.back : curl.front
        let f = curl.front ?? blank!, b = back ?? blank!
        // Sampled as the flat page is: the roll foreshortens the page only within a pixel or two of its rim, where
        // choosing a mip level per pixel cost llvmpipe a third of the band (and the single page its 1.3× target).
        glActiveTexture(GLenum(GL_TEXTURE1))
        b.bind(texelsPerPixel: texelsPerPixel(b, rect: curl.rect, view: scene.view))
        glActiveTexture(GLenum(GL_TEXTURE0))
        f.bind(texelsPerPixel: texelsPerPixel(f, rect: curl.rect, view: scene.view))
        glEnable(GLenum(GL_BLEND))
        blendOverKeepingAlpha()
        defer { glDisable(GLenum(GL_BLEND)) }
        func draw(_ program: GLProgram, _ pieces: [[Vec2]], tint: RGBA?) {
            program.use()
            setRollUniforms(program, curl, front: f, back: b, hasBack: back != nil, tint: tint, scene: scene, toClip: toClip)
            drawFans(pieces, extras: 0) { _ in [] }
        }
        guard let faces = curl.isFading && tintsFadingRoll ? tint : nil else {
            draw(rollProgram, pieces, tint: nil)
            return
        }
        guard !band.isEmpty, let middle = hiddenFrontSpan(curl, flap, scene: scene) else {
            draw(tintedRollProgram, pieces, tint: faces)
            return
        }
        // The whole band under each scissor (its pieces cut at the middle's ends would put new corners on its long
        // edges, whose rounding left a pixel between the band and the flap beside it undrawn).
        draw(tintedRollProgram, edges, tint: faces)
        for span in [Int.min / 2..<middle.span.lowerBound, middle.span.upperBound..<Int.max / 2] {
            underScissor(rows: middle.rows, span) { drawFans(band, extras: 0) { _ in [] } }
        }
        underScissor(rows: middle.rows, middle.span) { draw(hiddenFrontRollProgram, band, tint: faces) }
    }

    /// Whole window rows (or columns, where the band runs closer to horizontal) that cross the band only within
    /// its middle (FlapGeometry.rollBandMiddle).
    private func hiddenFrontSpan(_ curl: CurlLayer, _ flap: FlapGeometry, scene: FrameScene) -> (rows: Bool, span: Range<Int>)? {
        let k = max(scene.view.uniformScale, 1e-6)
        // 1.5 window pixels inside the page: the turned-away face's coverage is whole there (roll.frag, coverage).
        guard let t = flap.rollBandMiddle(width: curl.rect.width, height: curl.rect.height, margin: 1.5 / k) else { return nil }
        func window(_ p: Vec2) -> Vec2 { scene.view.apply(p + Vec2(curl.rect.x, curl.rect.y)) }
        let a = flap.bandCut(at: t.lowerBound), b = flap.bandCut(at: t.upperBound)
        let cuts = [[window(a.near), window(a.far)], [window(b.near), window(b.far)]]
        let rows = abs(cuts[1][0].y - cuts[0][0].y) >= abs(cuts[1][0].x - cuts[0][0].x)
        let along = cuts.map { $0.map { rows ? $0.y : $0.x } }
        // Along the band the window coordinate grows from one cut to the other; a point beyond the first cut's
        // farthest and before the second's nearest lies between them.
        let (first, second) = along[0][0] < along[1][0] ? (along[0], along[1]) : (along[1], along[0])
        let lo = first.max()!.rounded(.up), hi = second.min()!.rounded(.down)
        guard hi > lo, lo > Double(Int.min / 4), hi < Double(Int.max / 4) else { return nil }
        return (rows, Int(lo)..<Int(hi))
    }

    /// Runs `draw` with the scissor narrowed to window rows (or columns) `span`, within the scissor set (a damage
    /// rectangle's) if any; restores it.
    private func underScissor(rows: Bool, _ span: Range<Int>, _ draw: () -> Void) {
        var box = [GLint](repeating: 0, count: 4), viewport = [GLint](repeating: 0, count: 4)
        glGetIntegerv(GLenum(GL_SCISSOR_BOX), &box)
        glGetIntegerv(GLenum(GL_VIEWPORT), &viewport)
        let on = glIsEnabled(GLenum(GL_SCISSOR_TEST)) == GLboolean(GL_TRUE)
        let height = Int(viewport[3])
        var (x0, y0) = on ? (Int(box[0]), Int(box[1])) : (Int(viewport[0]), Int(viewport[1]))
        var (x1, y1) = on ? (x0 + Int(box[2]), y0 + Int(box[3])) : (x0 + Int(viewport[2]), y0 + height)
        // Window rows run down from the top; the scissor's from the bottom.
        if rows {
            (y0, y1) = (max(y0, height - span.upperBound), min(y1, height - span.lowerBound))
        } else {
            (x0, x1) = (max(x0, span.lowerBound), min(x1, span.upperBound))
        }
        defer {
            glScissor(box[0], box[1], box[2], box[3])
            if !on { glDisable(GLenum(GL_SCISSOR_TEST)) }
        }
        guard x1 > x0, y1 > y0 else { return }
        glEnable(GLenum(GL_SCISSOR_TEST))
        glScissor(GLint(x0), GLint(y0), GLsizei(x1 - x0), GLsizei(y1 - y0))
        draw()
    }

    private func setRollUniforms(_ program: GLProgram, _ curl: CurlLayer, front f: Texture, back b: Texture, hasBack: Bool,
                                 tint: RGBA?, scene: FrameScene, toClip: Affine2) {
        setPaper(program, scene.paper)
        if let tint { glUniform4f(program.uniform("u_tint"), GLfloat(tint.r), GLfloat(tint.g), GLfloat(tint.b), 1) }
        setMatrix(program.uniform("u_pageToClip"), toClip.concatenating(.translation(Vec2(curl.rect.x, curl.rect.y))))
        let w = curl.rect.width, h = curl.rect.height, n = curl.axisNormal, r = max(curl.radius, 0.01)
        glUniform2f(program.uniform("u_pageSize"), GLfloat(w), GLfloat(h))
        glUniform2f(program.uniform("u_axisPoint"), GLfloat(curl.axisPoint.x), GLfloat(curl.axisPoint.y))
        glUniform2f(program.uniform("u_axisNormal"), GLfloat(n.x), GLfloat(n.y))
        glUniform1f(program.uniform("u_radius"), GLfloat(r))
        glUniform1f(program.uniform("u_mirror"), curl.backIsSeparatePage ? 1 : 0)
        // The fragment stage's own copies (uniforms shared by both stages would have to agree in precision).
        glUniform1f(program.uniform("u_rollRadius"), GLfloat(r))
        glUniform1f(program.uniform("u_rimUnroll"), GLfloat(r * (Double.pi / 2 - 1)))
        glUniform1f(program.uniform("u_halfRadius"), GLfloat(r / 2))
        glUniform1f(program.uniform("u_halfInverseRadius"), GLfloat(0.5 / r))
        glUniform4f(program.uniform("u_edgeNormal"), GLfloat(n.x), GLfloat(n.y), GLfloat(-n.x), GLfloat(-n.y))
        // Both textures' coordinates scaled to the part their images fill (padded textures, Texture.contentScale).
        let kf = f.contentScale, kb = b.contentScale
        glUniform2f(program.uniform("u_frontScale"), GLfloat(kf.x), GLfloat(kf.y))
        glUniform2f(program.uniform("u_backScale"), GLfloat(kb.x), GLfloat(kb.y))
        glUniform2f(program.uniform("u_unrollFront"), GLfloat(kf.x * n.x / w), GLfloat(kf.y * n.y / h))
        glUniform2f(program.uniform("u_unrollBack"), GLfloat(kb.x * (curl.backIsSeparatePage ? n.x : -n.x) / w),
                    GLfloat(-kb.y * n.y / h))
        // Page pixels per window pixel, so the outline fades over one window pixel at any zoom.
        glUniform1f(program.uniform("u_aaScale"), GLfloat(max(scene.view.uniformScale, 1e-6)))
        glUniform1f(program.uniform("u_frontStrength"), curl.front == nil ? 0 : 1)
        glUniform1f(program.uniform("u_backStrength"), !hasBack ? 0 : curl.backIsSeparatePage ? 1 : GLfloat(Self.showThroughStrength))
        glUniform1f(program.uniform("u_opacity"), GLfloat(min(1, max(0, curl.opacity))))
        glUniform1i(program.uniform("u_front"), 0)
        glUniform1i(program.uniform("u_back"), 1)
    }
}
