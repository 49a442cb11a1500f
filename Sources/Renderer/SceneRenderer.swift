import CGLES2
import Decoding
import Geometry
import Text

/// Draws frame scenes with GLES2 into whatever framebuffer is bound (window or offscreen).
/// Owns the programs and vertex buffers; lives on the rendering thread with its context.
public final class SceneRenderer {
    let plainProgram: GLProgram
    private let shadeProgram: GLProgram
    /// One colour, no texture: a single page's flap on the ground.
    private let fillProgram: GLProgram
    /// Pictures with their own transparency (the notes' markers), blended over the pages.
    let spriteProgram: GLProgram
    /// The turning page's roll and the flap's outline, both faces in one fragment.
    let rollProgram: GLProgram
    /// The same for a single page's fading roll: its turned-away face in its flap's tint (TINTED_BACK), and where
    /// that face hides the front one, no front read either (HIDDEN_FRONT).
    let tintedRollProgram: GLProgram
    let hiddenFrontRollProgram: GLProgram
    /// One colour with an antialiased outline, opaque over the plain ground: a single page's flap there.
    private let edgeProgram: GLProgram
    private let quadBuffer: GLuint
    /// What the GL offers (narrowed by the test profile's knobs, GLLimits).
    public let limits: GLLimits
    /// GL_OES_texture_npot: mipmaps for non-power-of-two pages.
    public var npotMipmaps: Bool { limits.npotMipmaps }
    /// The largest texture side: pages and zoom regions are made no larger.
    public var maxTextureSize: Int { limits.maxTextureSize }
    /// Bound where a page has no texture yet: llvmpipe compiles a shader variant per sampler state, so the
    /// placeholder frame drawn while the first page decodes already compiles the textured one.
    var blank: Texture!
    /// Each label's texture (the hint, the overlay's page numbers), set once per text and scale.
    private var labels: [LabelSlot: (text: String, scale: Double, texture: Texture)] = [:]
    enum LabelSlot { case hint, overlay, controls }
    let idleWarningLabels = IdleWarningLabels()
    let contentsLabels = ContentsLabels()
    let captionLabels = CaptionLabels()
    let noteLabels = NoteLabels()
    /// The parts of a frame, in the order drawn.
    public enum Pass: String, CaseIterable, Sendable {
        case clear, pagesAtRest = "pages at rest", beneath = "page beneath", rollShadow = "roll shadow"
        case flatPart = "turning page, flat part", flapInterior = "flap interior"
        case rollAndOutline = "roll and flap outline", gutter = "gutter shadow"
    }
    /// A pass left out of every frame: `recto bench --breakdown` measures what each pass costs in a whole
    /// frame as the difference (timing passes one by one would flush, and reload the framebuffer, in between).
    public var skippedPass: Pass?
    /// False draws a single page's fading roll as any other, both faces read from their textures: what the tests
    /// compare the tinted roll with.
    var tintsFadingRoll = true
    /// How much of a single page's own image shows through its back (the sheet seen from behind).
    static let showThroughStrength = 0.22
    /// Vertices of the last roll band and flap outline drawn (for `recto bench` and the tests).
    public internal(set) var lastCurlVertexCount = 0

    /// What sets the labels' and panels' text.
    public let text: TextRenderer

    /// - Throws: RendererError when the GL offers less than Recto needs (GLLimits) or a shader fails.
    public init(text: TextRenderer) throws {
        self.text = text
        limits = try GLLimits.current()
        let highp = limits.fragmentHighp
        plainProgram = try GLProgram(name: "page", vertex: Shaders.page_vert, fragment: Shaders.page_frag, highp: highp)
        shadeProgram = try GLProgram(name: "shade", vertex: Shaders.shade_vert, fragment: Shaders.shade_frag, highp: highp)
        fillProgram = try GLProgram(name: "fill", vertex: Shaders.fill_vert, fragment: Shaders.fill_frag, highp: highp)
        spriteProgram = try GLProgram(name: "sprite", vertex: Shaders.page_vert, fragment: Shaders.sprite_frag, highp: highp)
        rollProgram = try GLProgram(name: "roll", vertex: Shaders.roll_vert, fragment: Shaders.roll_frag, highp: highp)
        tintedRollProgram = try GLProgram(name: "roll, tinted back", vertex: Shaders.roll_vert,
                                          fragment: "#define TINTED_BACK\n" + Shaders.roll_frag, highp: highp)
        hiddenFrontRollProgram = try GLProgram(name: "roll, tinted back over the front", vertex: Shaders.roll_vert,
                                               fragment: "#define TINTED_BACK\n#define HIDDEN_FRONT\n" + Shaders.roll_frag,
                                               highp: highp)
        edgeProgram = try GLProgram(name: "edge", vertex: Shaders.edge_vert, fragment: Shaders.edge_frag, highp: highp)
        var b: GLuint = 0
        glGenBuffers(1, &b)
        quadBuffer = b
        let paper: [UInt8] = [247, 242, 234, 255, 247, 242, 234, 255, 247, 242, 234, 255, 247, 242, 234, 255]
        blank = paper.withUnsafeBytes { makeTexture(width: 2, height: 2, pixels: $0) }
    }

    /// Uploads a page image as a texture (mipmapped where the GL allows it).
    public func makeTexture(width: Int, height: Int, pixels: UnsafeRawBufferPointer) -> Texture {
        let pot = width & (width - 1) == 0 && height & (height - 1) == 0
        return Texture(width: width, height: height, pixels: pixels, mipmaps: npotMipmaps || pot,
                       padToPowerOfTwo: !limits.npotTextures && !pot)
    }

    /// Draws `scene` into the bound framebuffer of `width`×`height` pixels; with `clip` (window pixels,
    /// origin top-left) only that region is touched, the rest of the buffer is kept.
    public func draw(_ scene: FrameScene, width: Int, height: Int, clip: DamageRegion? = nil) {
        glViewport(0, 0, GLsizei(width), GLsizei(height))
        glDisable(GLenum(GL_DEPTH_TEST))
        glDisable(GLenum(GL_CULL_FACE))
        glDisable(GLenum(GL_BLEND))
        if let curl = scene.curl, scene.spineX == nil, !curl.backIsSeparatePage, let front = curl.front {
            prepareShowThrough(of: front, paper: scene.paper)
        }
        defer { glDisable(GLenum(GL_SCISSOR_TEST)) }
        guard let clip else {
            glDisable(GLenum(GL_SCISSOR_TEST))
            drawContent(scene, width: width, height: height)
            return
        }
        // Damage-limited: the whole scene again under each rectangle's scissor. Cutting the geometry to the
        // rectangles instead would save draw calls but moves seams between pieces by rounding, and a pixel
        // missed at a seam would stay wrong in a buffer that is only ever repainted where damaged.
        glEnable(GLenum(GL_SCISSOR_TEST))
        for r in clip.rects {
            let x0 = max(0, r.minX), y0 = max(0, r.minY), x1 = min(Double(width), r.maxX), y1 = min(Double(height), r.maxY)
            guard x1 > x0, y1 > y0 else { continue }
            glScissor(GLint(x0), GLint(Double(height) - y1), GLsizei(x1 - x0), GLsizei(y1 - y0))
            drawContent(scene, width: width, height: height)
        }
    }

    private func drawContent(_ scene: FrameScene, width: Int, height: Int) {
        glClearColor(GLfloat(scene.background.r), GLfloat(scene.background.g), GLfloat(scene.background.b), 1)
        if skippedPass != .clear { glClear(GLbitfield(GL_COLOR_BUFFER_BIT)) }
        let toClip = Self.projection(width: width, height: height).concatenating(scene.view)
        glActiveTexture(GLenum(GL_TEXTURE0))
        // Where the folded flap lies (book space): what it covers need not be drawn first, unless the leaf is
        // fading and shows it.
        let flapGeometry = scene.curl.map { FlapGeometry($0, pixelsPerPagePixel: scene.view.uniformScale) }
        let flap = flapGeometry.map { g in g.placedInterior.map { $0 + Vec2(g.origin.x, g.origin.y) } } ?? []
        let fading = scene.curl?.isFading ?? false
        let covered = fading ? [] : flap
        for page in scene.pages where !page.rect.isEmpty && skippedPass != .pagesAtRest {
            let local = covered.map { Vec2($0.x - page.rect.x, $0.y - page.rect.y) }
            drawFlat(page, pieces: subtract(corners(page.rect), convex: local), scene: scene, toClip: toClip)
        }
        for detail in scene.details where !detail.rect.isEmpty {
            drawFlat(detail, scene: scene, toClip: toClip)
        }
        drawFading(scene, toClip: toClip)
        defer {
            drawNotePanel(scene, width: width, height: height)
            drawNoteCard(scene, width: width, height: height)
            drawOverlay(scene, width: width, height: height)
            drawShelf(scene, width: width, height: height)
            drawControls(scene, width: width, height: height)
            drawCaptions(scene, width: width, height: height)
            drawContents(scene, width: width, height: height)
            drawAbout(scene, width: width, height: height)
            drawIdleWarning(scene, width: width, height: height)
        }
        defer { drawHint(scene, toClip: toClip) }
        defer { drawNoteMarkers(scene, width: width, height: height) }
        defer { drawNoteLines(scene, width: width, height: height) }
        defer { if skippedPass != .gutter { drawGutter(scene, toClip: toClip) } }
        guard let curl = scene.curl else { return }
        // Fill rate is the cost on software renderers: every pixel of the page area is drawn about once.
        // The page beneath only where the leaf has lifted off it (beyond the axis), the leaf's flat part
        // and the flap's interior with the plain page shader (one colour where a single page's flap lies on the
        // ground, with its outline there: drawEdgeFill), and only the roll and the flap's outline over pages
        // with the roll shader.
        if let beneath = curl.beneath, !beneath.rect.isEmpty, skippedPass != .beneath {
            drawBeneath(beneath, curl: curl, flap: flapGeometry, covered: covered, scene: scene, toClip: toClip)
        }
        // A fading leaf's flat part ends where the roll's band begins, so no pixel of the leaf blends twice.
        let band = fading ? FlapGeometry.outlineBand / max(scene.view.uniformScale, 1e-6) : 0
        let flat = clipSlab(corners(curl.rect), curl.axisPoint, curl.axisNormal, lower: -.infinity, upper: -band)
        let localFlap = flap.map { Vec2($0.x - curl.rect.x, $0.y - curl.rect.y) }
        if fading { blendConstant(curl.opacity) }
        if skippedPass != .flatPart {
            drawFlat(PageQuad(texture: curl.front, rect: curl.rect), pieces: subtract(flat, convex: localFlap), scene: scene,
                     toClip: toClip)
        }
        glDisable(GLenum(GL_BLEND))
        guard let flapGeometry else { return }
        if skippedPass != .flapInterior { drawFlapInterior(curl, flapGeometry, scene: scene, toClip: toClip) }
        if skippedPass != .rollAndOutline {
            drawRoll(curl, flapGeometry, tint: showThroughOverGround(curl, scene: scene), scene: scene, toClip: toClip)
        }
    }

    /// The page beneath the turning leaf where the leaf has lifted off it (beyond the axis; all of it under a
    /// fading leaf), less what the flap covers, then the roll's shadow over it. Where a single page's fading flap
    /// lies over it, page and the flap's tinted paper are drawn in one pass (a veil): blended over the page in a
    /// pass of its own, the flap cost llvmpipe a twentieth of a resting frame.
    private func drawBeneath(_ beneath: PageQuad, curl: CurlLayer, flap: FlapGeometry?, covered: [Vec2],
                             scene: FrameScene, toClip: Affine2) {
        let offset = Vec2(curl.rect.x - beneath.rect.x, curl.rect.y - beneath.rect.y)
        let page = corners(beneath.rect)
        let revealed = curl.isFading ? page
            : clipSlab(page, curl.axisPoint + offset, curl.axisNormal, lower: -0.5, upper: .infinity)
        guard revealed.count >= 3 else { return }
        // The flap lies over the page beneath too once it has turned past the middle.
        var open = subtract(revealed, convex: covered.map { Vec2($0.x - beneath.rect.x, $0.y - beneath.rect.y) })
        if curl.isFading, let flap, let veil = showThroughOverGround(curl, scene: scene) {
            let veiled = clipToRect(flap.placedInterior.map { $0 + offset },
                                    width: beneath.rect.width, height: beneath.rect.height)
            if veiled.count >= 3 {
                open = open.flatMap { subtract($0, convex: veiled) }
                drawFlat(beneath, pieces: [veiled], veil: (veil, curl.opacity), scene: scene, toClip: toClip)
            }
        }
        drawFlat(beneath, pieces: open, scene: scene, toClip: toClip)
        if !scene.plain && curl.shadowStrength > 0 && skippedPass != .rollShadow {
            // The shadow the roll casts, blended over the page: a band just beyond the roll's outline, from a pixel
            // inside its rim, so that a rim pixel the roll half covers is in the shadow (from the rim itself, a
            // line of unshaded page showed where the roll's edge misses a pixel). A page shader that drew page and
            // shadow in one pass cost llvmpipe more than the two (119 instructions a pixel against 47 and 38).
            let width = rollShadowWidth(radius: curl.radius)
            let origin = curl.axisPoint + offset + curl.axisNormal * curl.radius
            let start = -1 / max(scene.view.uniformScale, 1e-6)
            let band = clipSlab(page, origin, curl.axisNormal, lower: start, upper: width)
            drawShade(band, rect: beneath.rect, origin: origin, direction: curl.axisNormal, width: width,
                      strength: curl.shadowStrength, toClip: toClip)
        }
    }

    /// A cross-fade's outgoing pages over the incoming ones, blended by a constant alpha: every pixel is the
    /// mix of the two spreads (and of a page with the background where only one spread has a page).
    private func drawFading(_ scene: FrameScene, toClip: Affine2) {
        guard !scene.fading.isEmpty, scene.fadingOpacity > 0 else { return }
        blendConstant(scene.fadingOpacity)
        for page in scene.fading where !page.rect.isEmpty {
            drawFlat(page, scene: scene, toClip: toClip)
        }
        // Where the outgoing spread had no page it showed the background: that fades out too, so an incoming
        // page there appears gradually instead of at once.
        var ground = scene
        ground.paper = scene.background
        for page in scene.pages where !page.rect.isEmpty {
            var pieces = [corners(page.rect)]
            for out in scene.fading where !out.rect.isEmpty {
                let local = corners(out.rect).map { Vec2($0.x + out.rect.x - page.rect.x, $0.y + out.rect.y - page.rect.y) }
                pieces = pieces.flatMap { subtract($0, convex: local) }
            }
            drawFlat(PageQuad(texture: nil, rect: page.rect), pieces: pieces, scene: ground, toClip: toClip)
        }
        glDisable(GLenum(GL_BLEND))
    }

    /// The hint label: the text over a dark box (the page shader's paper colour), 85 % opaque, above the corner.
    private func drawHint(_ scene: FrameScene, toClip: Affine2) {
        guard let hint = scene.panels.hint else { return }
        let scale = max(0.5, scene.view.uniformScale)
        let texture = labelTexture(hint.text, scale: scale, slot: .hint)
        let w = Double(texture.width) / scale, h = Double(texture.height) / scale
        let x = hint.spineOnLeft ? hint.corner.x - 24 - w : hint.corner.x + 24
        let rect = Rect(x: max(8, x), y: max(8, hint.corner.y - 72 - h), width: w, height: h)
        drawBox(PageQuad(texture: texture, rect: rect), colour: RGBA(0.13, 0.13, 0.14), scene: scene, toClip: toClip)
    }

    /// `quad` (its texture, or plain `colour`) over `colour`, 85 % opaque (times `opacity`): labels and controls
    /// over the pages.
    func drawBox(_ quad: PageQuad, colour: RGBA, opacity: Double = 1, scene: FrameScene, toClip: Affine2) {
        var label = scene
        label.paper = colour
        blendConstant(0.85 * opacity)
        drawFlat(quad, scene: label, toClip: toClip)
        glDisable(GLenum(GL_BLEND))
    }

    /// White text with a transparent margin, so the paper colour behind it makes the box.
    func labelTexture(_ text: String, scale: Double, slot: LabelSlot) -> Texture {
        if let l = labels[slot], l.text == text, l.scale == scale { return l.texture }
        let image = self.text.render(text, style: TextStyle(size: 22 * scale, colour: TextColour(255, 255, 255),
                                                               maxWidth: Int(320 * scale), alignment: .center))
        let pad = Int((12 * scale).rounded())
        let width = image.width + 2 * pad, height = image.height + 2 * pad
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        for y in 0..<image.height {
            let from = y * image.width * 4, to = ((y + pad) * width + pad) * 4
            pixels.replaceSubrange(to..<to + image.width * 4, with: image.pixels[from..<from + image.width * 4])
        }
        let texture = pixels.withUnsafeBytes { makeTexture(width: width, height: height, pixels: $0) }
        labels[slot] = (text, scale, texture)
        return texture
    }

    /// The inside of the folded flap is a flat, mirrored page lying face down: the plain page shader draws
    /// it opaque (in single-page mode the front seen through the paper: paper with 22 % of the image).
    /// A fading flap is blended over the page beneath; over the background, which is one colour, it is drawn
    /// opaque in the colour the blend would give (no blending, nothing drawn beneath it). A single page's flap
    /// over the ground is paper tinted by the page (ShowThrough.swift), fading or not, outline and all.
    private func drawFlapInterior(_ curl: CurlLayer, _ flap: FlapGeometry, scene: FrameScene, toClip: Affine2) {
        guard flap.placedInterior.count >= 3 else { return }
        let program = plainProgram
        program.use()
        glUniform1i(program.uniform("u_tex"), 0)
        let pageToClip = toClip.concatenating(.translation(Vec2(curl.rect.x, curl.rect.y)))
        setMatrix(program.uniform("u_pageToClip"), pageToClip)
        let texture = (curl.backIsSeparatePage ? curl.back : curl.front)
        let strength = texture == nil ? 0 : curl.backIsSeparatePage ? 1 : Self.showThroughStrength
        let t = texture ?? blank!
        t.bind(texelsPerPixel: texelsPerPixel(t, rect: curl.rect, view: scene.view))
        let w = curl.rect.width, h = curl.rect.height
        let mirrored = curl.backIsSeparatePage
        // Texture coordinates of a placed point: fold it back (the fold is its own inverse), then scale,
        // mirrored when the back is a page of its own.
        let scale = t.contentScale
        let uv = Affine2(a: scale.x, b: 0, c: 0, d: scale.y, tx: 0, ty: 0)
            .concatenating(Affine2(a: mirrored ? -1 / w : 1 / w, b: 0, c: 0, d: 1 / h, tx: mirrored ? 1 : 0, ty: 0))
            .concatenating(flap.fold)
        setPaper(program, scene.paper)
        glUniform1f(program.uniform("u_useTexture"), GLfloat(strength))
        let a = curl.opacity
        let onPage = clipToRect(flap.placedInterior, width: w, height: h)
        if let tinted = showThroughOverGround(curl, scene: scene) {
            // Fading, the tinted paper it is over the ground lies over the page beneath, drawn with that page
            // (the page read at a slant and blended over another was the fading frames' dearest part).
            if !curl.isFading { drawPolygon(onPage, uv: uv) }
            let page = corners(curl.rect), g = scene.background
            // Opaque over the ground in the colour the blend would give: one colour inside, the antialiased outline
            // (the only pixels that need it) around it.
            drawFill(subtract(flap.placedInterior, convex: page),
                     colour: g.mixed(toward: tinted, by: a),
                     toClip: pageToClip)
            drawEdgeFill(flap.placedOutline.flatMap { subtract($0, convex: page) }, colour: tinted, over: g,
                         opacity: a, flap: flap, curl: curl, scene: scene, toClip: pageToClip)
            return
        }
        guard curl.isFading else {
            drawPolygon(flap.placedInterior, uv: uv)
            return
        }
        blendConstant(a)
        drawPolygon(onPage, uv: uv)
        glDisable(GLenum(GL_BLEND))
        // mix(ground, mix(paper, image, k), a) is mix(paper', image, a k) with paper' the mean of ground and paper
        // weighted 1 − a and a (1 − k) (exact for opaque images).
        let k = strength, weight = 1 - a * k
        let g = scene.background, p = scene.paper
        func mean(_ x: Double, _ y: Double) -> Double { weight > 0 ? ((1 - a) * x + a * (1 - k) * y) / weight : y }
        setPaper(program, RGBA(mean(g.r, p.r), mean(g.g, p.g), mean(g.b, p.b)))
        glUniform1f(program.uniform("u_useTexture"), GLfloat(a * k))
        drawPolygons(subtract(flap.placedInterior, convex: corners(curl.rect)), uv: uv)
    }

    /// What a single page's flap shows where it lies on the ground, which reflects no light: little of the ink
    /// shows through the sheet there, and it is paper tinted by the page's mean colour (the page read at a slant
    /// over most of a page's area was what made those frames dear on a software renderer). Nil for a spread's
    /// leaf, whose flap lies over the other page, and before the tint is known.
    private func showThroughOverGround(_ curl: CurlLayer, scene: FrameScene) -> RGBA? {
        guard !curl.backIsSeparatePage, scene.spineX == nil else { return nil }
        guard let front = curl.front else { return scene.paper }
        guard let ink = front.showThroughTint else { return nil }
        return scene.paper.mixed(toward: ink, by: Self.showThroughStrength)
    }

    /// Convex `pieces` of the placed flap (page space of the turning page) over the plain ground, opaque in the
    /// colour the roll shader's outline would blend there: `colour` over `ground`, `opacity` of it, antialiased
    /// along the flap's own edges (not where a piece is cut, along the page's rect).
    private func drawEdgeFill(_ pieces: [[Vec2]], colour: RGBA, over ground: RGBA, opacity: Double, flap: FlapGeometry,
                              curl: CurlLayer, scene: FrameScene, toClip: Affine2) {
        let program = edgeProgram
        program.use()
        glUniform4f(program.uniform("u_colour"), GLfloat(colour.r), GLfloat(colour.g), GLfloat(colour.b), 1)
        glUniform4f(program.uniform("u_ground"), GLfloat(ground.r), GLfloat(ground.g), GLfloat(ground.b), 1)
        glUniform1f(program.uniform("u_opacity"), GLfloat(min(1, max(0, opacity))))
        setMatrix(program.uniform("u_pageToClip"), toClip)
        let k = max(scene.view.uniformScale, 1e-6), w = curl.rect.width, h = curl.rect.height
        drawFans(pieces, extras: 4) { p in
            let q = flap.fold.apply(p)
            return [GLfloat(q.x * k), GLfloat(q.y * k), GLfloat((w - q.x) * k), GLfloat((h - q.y) * k)]
        }
    }

    /// Convex `pieces` (page space, `toClip` from there) in one opaque colour.
    func drawFill(_ pieces: [[Vec2]], colour: RGBA, toClip: Affine2) {
        let program = fillProgram
        program.use()
        glUniform4f(program.uniform("u_colour"), GLfloat(colour.r), GLfloat(colour.g), GLfloat(colour.b), 1)
        setMatrix(program.uniform("u_pageToClip"), toClip)
        drawPolygons(pieces, uv: .identity)
    }

    /// Blends what is drawn next over what is drawn, `opacity` of it (colour only; alpha stays 1).
    private func blendConstant(_ opacity: Double) {
        glEnable(GLenum(GL_BLEND))
        glBlendColor(0, 0, 0, GLfloat(min(1, max(0, opacity))))
        glBlendFuncSeparate(GLenum(GL_CONSTANT_ALPHA), GLenum(GL_ONE_MINUS_CONSTANT_ALPHA), GLenum(GL_ZERO), GLenum(GL_ONE))
    }

    /// The rect's corners in its own page space.
    private func corners(_ r: Rect) -> [Vec2] {
        [Vec2(0, 0), Vec2(r.width, 0), Vec2(r.width, r.height), Vec2(0, r.height)]
    }

    /// Draws a flat page, or the convex `pieces` of it (page space), with the plain page shader.
    /// - Parameter veil: a colour laid over the page, `opacity` of it, in the same pass: the page shader's paper
    ///   becomes the colour and the image shows 1 − opacity of itself (exact where the image is opaque).
    func drawFlat(_ page: PageQuad, pieces: [[Vec2]]? = nil, veil: (colour: RGBA, opacity: Double)? = nil,
                  scene: FrameScene, toClip: Affine2) {
        if let pieces, pieces.isEmpty { return }
        let program = plainProgram
        program.use()
        let veiled = min(1, max(0, veil?.opacity ?? 0))
        let imageShows = page.texture == nil ? 0 : 1 - veiled
        if let veil, page.texture == nil {
            setPaper(program, scene.paper.mixed(toward: veil.colour, by: veiled))
        } else {
            setPaper(program, veil?.colour ?? scene.paper)
        }
        glUniform1i(program.uniform("u_tex"), 0)
        setMatrix(program.uniform("u_pageToClip"), toClip.concatenating(.translation(Vec2(page.rect.x, page.rect.y))))
        glUniform1f(program.uniform("u_useTexture"), GLfloat(imageShows))
        let texture = page.texture ?? blank!
        texture.bind(texelsPerPixel: texelsPerPixel(texture, rect: page.rect, view: scene.view))
        let t = page.texCoords, r = page.rect, k = texture.contentScale
        drawPolygons(pieces ?? [corners(r)], uv: Affine2(a: k.x * t.width / r.width, b: 0, c: 0, d: k.y * t.height / r.height,
                                                     tx: k.x * t.x, ty: k.y * t.y))
    }

    /// Darkens the convex `polygon` (in `rect`'s page space) with a shadow fading along `direction`.
    private func drawShade(_ polygon: [Vec2], rect: Rect, origin: Vec2, direction: Vec2, width: Double,
                           strength: Double, toClip: Affine2) {
        guard polygon.count >= 3 else { return }
        let program = shadeProgram
        program.use()
        setMatrix(program.uniform("u_pageToClip"), toClip.concatenating(.translation(Vec2(rect.x, rect.y))))
        glUniform2f(program.uniform("u_origin"), GLfloat(origin.x), GLfloat(origin.y))
        glUniform2f(program.uniform("u_direction"), GLfloat(direction.x), GLfloat(direction.y))
        glUniform1f(program.uniform("u_width"), GLfloat(width))
        glUniform1f(program.uniform("u_strength"), GLfloat(strength))
        glEnable(GLenum(GL_BLEND))
        blendOverKeepingAlpha()
        drawPolygon(polygon, size: rect)
        glDisable(GLenum(GL_BLEND))
    }

    /// The shadow in the fold of a spread: a narrow strip either side of the spine, over all pages.
    private func drawGutter(_ scene: FrameScene, toClip: Affine2) {
        guard !scene.plain, let spine = scene.spineX else { return }
        let pages = scene.pages.map(\.rect) + [scene.curl?.beneath?.rect].compactMap { $0 }
        guard let top = pages.map(\.minY).min(), let bottom = pages.map(\.maxY).max() else { return }
        let height = bottom - top
        let width = max(8, (pages.map(\.width).max() ?? 0) * 0.06)
        for side in [-1.0, 1.0] {
            let strip = Rect(x: side < 0 ? spine - width : spine, y: top, width: width, height: height)
            let local = [Vec2(0, 0), Vec2(width, 0), Vec2(width, height), Vec2(0, height)]
            let origin = Vec2(side < 0 ? width : 0, 0)
            drawShade(local, rect: strip, origin: origin, direction: Vec2(side < 0 ? -1 : 1, 0), width: width,
                      strength: 0.22, toClip: toClip)
        }
    }

    /// Streams a convex polygon (page space) with texture coordinates p / size, drawn as a fan.
    private func drawPolygon(_ points: [Vec2], size: Rect) {
        drawPolygon(points, uv: Affine2(a: 1 / size.width, b: 0, c: 0, d: 1 / size.height, tx: 0, ty: 0))
    }

    /// Streams a convex polygon (page space) with texture coordinates `uv(p)`, drawn as a fan.
    func drawPolygon(_ points: [Vec2], uv: Affine2) {
        drawPolygons([points], uv: uv)
    }

    /// Streams convex polygons (page space) with texture coordinates `uv(p)` in one draw: each draw call costs a
    /// software renderer its state validation and binning, and a turning frame's pieces were a dozen of them.
    func drawPolygons(_ polygons: [[Vec2]], uv: Affine2) {
        drawFans(polygons, extras: 2) { p in
            let t = uv.apply(p)
            return [GLfloat(t.x), GLfloat(t.y)]
        }
    }

    /// Convex polygons (page space) as triangles in one draw, each vertex its position (attribute 0) and then
    /// `extras` floats from `extra` (attribute 1, none when 0).
    func drawFans(_ polygons: [[Vec2]], extras: Int, _ extra: (Vec2) -> [GLfloat]) {
        var vertices: [GLfloat] = []
        for points in polygons where points.count >= 3 {
            for i in 1..<(points.count - 1) {
                for p in [points[0], points[i], points[i + 1]] { vertices += [GLfloat(p.x), GLfloat(p.y)] + extra(p) }
            }
        }
        drawVertices(vertices, extras: extras)
    }

    /// Triangles as they are: each vertex its position (attribute 0) and `extras` floats (attribute 1).
    func drawVertices(_ vertices: [GLfloat], extras: Int) {
        guard !vertices.isEmpty else { return }
        glBindBuffer(GLenum(GL_ARRAY_BUFFER), quadBuffer)
        vertices.withUnsafeBytes {
            glBufferData(GLenum(GL_ARRAY_BUFFER), $0.count, $0.baseAddress, GLenum(GL_STREAM_DRAW))
        }
        let stride = GLsizei((2 + extras) * MemoryLayout<GLfloat>.size)
        glEnableVertexAttribArray(0)
        glVertexAttribPointer(0, 2, GLenum(GL_FLOAT), GLboolean(GL_FALSE), stride, nil)
        if extras > 0 {
            glEnableVertexAttribArray(1)
            glVertexAttribPointer(1, GLint(extras), GLenum(GL_FLOAT), GLboolean(GL_FALSE), stride,
                                  UnsafeRawPointer(bitPattern: 2 * MemoryLayout<GLfloat>.size))
        } else {
            glDisableVertexAttribArray(1)
        }
        glDrawArrays(GLenum(GL_TRIANGLES), 0, GLsizei(vertices.count / (2 + extras)))
    }

    /// Texels per window pixel along the page's sides where `texture` fills `rect` (book space) under `view`.
    func texelsPerPixel(_ texture: Texture, rect: Rect, view: Affine2) -> Double {
        let s = view.uniformScale
        guard rect.width * s > 0, rect.height * s > 0 else { return .infinity }
        return max(Double(texture.width) / (rect.width * s), Double(texture.height) / (rect.height * s))
    }

    /// Source over destination for colour; the destination's alpha stays 1. The window is opaque: a blend
    /// that lowered alpha (a shadow, an antialiased edge) made compositors that honour alpha show those
    /// pixels lighter or see-through (weston showed the spine's shadow at a quarter of its strength).
    func blendOverKeepingAlpha() {
        glBlendFuncSeparate(GLenum(GL_SRC_ALPHA), GLenum(GL_ONE_MINUS_SRC_ALPHA), GLenum(GL_ZERO), GLenum(GL_ONE))
    }

    /// Window pixels (origin top-left, y down) → clip space.
    static func projection(width: Int, height: Int) -> Affine2 {
        Affine2(a: 2 / Double(max(width, 1)), b: 0, c: 0, d: -2 / Double(max(height, 1)), tx: -1, ty: 1)
    }

    func setPaper(_ program: GLProgram, _ paper: RGBA) {
        glUniform4f(program.uniform("u_paper"), GLfloat(paper.r), GLfloat(paper.g), GLfloat(paper.b), 1)
    }

    func setMatrix(_ location: GLint, _ m: Affine2) {
        let values: [GLfloat] = [GLfloat(m.a), GLfloat(m.b), 0, GLfloat(m.c), GLfloat(m.d), 0, GLfloat(m.tx), GLfloat(m.ty), 1]
        glUniformMatrix3fv(location, 1, GLboolean(GL_FALSE), values)
    }

    deinit {
        var b = quadBuffer
        glDeleteBuffers(1, &b)
    }
}
