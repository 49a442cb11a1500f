import Book
import CGLES2
import Geometry
import Panels
import Reader
import Text

/// The card's and the panel's text textures, each made once for what it says, and the markers' pictures.
final class NoteLabels {
    private struct Key: Hashable { var heading: String; var text: String; var size: Double; var width: Int; var lines: Int }
    private var cached: [Key: Texture] = [:]
    private var markers: [MarkerLook: (diameter: Int, texture: Texture)] = [:]
    private struct LineKey: Hashable { var markup: String; var width: Int; var height: Int }
    private var lines: [LineKey: Texture] = [:]

    /// The height step a line `height` px tall is set at.
    func lineHeight(for height: Double) -> Int {
        var step = 4.0
        while step * 1.12 <= min(height, 256) { step *= 1.12 }
        return Int(step.rounded())
    }

    /// A line's words set dark on one line to fit `width` × `height` px: the size its height gives, smaller where
    /// the words are wider than the line.
    func line(_ markup: String, width: Double, height: Double, renderer: SceneRenderer) -> Texture {
        // Heights in steps of 12 %, so the frames of a pinch reuse a line's texture (the GPU scales it between
        // steps) instead of setting it again each frame.
        let h = lineHeight(for: height)
        let key = LineKey(markup: markup, width: Int((width * Double(h) / max(height, 1)).rounded()), height: h)
        if let texture = lines[key] { return texture }
        var style = TextStyle(size: Double(h) * 0.72, colour: TextColour(20, 20, 20), lineLimit: 1)
        style.markup = true
        let natural = TextRenderer.measure(markup, style: style)
        if natural.width > key.width { style.size = max(3, style.size * Double(key.width) / Double(natural.width)) }
        let image = TextRenderer.render(markup, style: style)
        let texture = image.pixels.withUnsafeBytes { renderer.makeTexture(width: image.width, height: image.height, pixels: $0) }
        if lines.count >= 1200 { lines = [:] }
        lines[key] = texture
        return texture
    }

    /// A marker's picture `diameter` px wide: a white ring, the fill (orange while open), a white dot (or, for a
    /// marker of several notes, their count in white), its edges antialiased, transparent around it.
    func marker(open: Bool, count: Int = 1, diameter: Int, renderer: SceneRenderer) -> Texture {
        let key = MarkerLook(open: open, count: count)
        if let m = markers[key], m.diameter == diameter { return m.texture }
        let n = max(4, diameter)
        let texture = Self.markerPixels(open: open, count: count, diameter: diameter).withUnsafeBytes {
            renderer.makeTexture(width: n, height: n, pixels: $0)
        }
        markers[key] = (diameter, texture)
        return texture
    }

    static func markerPixels(open: Bool, count: Int, diameter: Int) -> [UInt8] {
        let n = max(4, diameter), r = Double(n) / 2
        let fill = open ? NoteColours.openFill : NoteColours.fill
        var pixels = [UInt8](repeating: 0, count: n * n * 4)
        for y in 0..<n {
            for x in 0..<n {
                let d = ((Double(x) + 0.5 - r) * (Double(x) + 0.5 - r) + (Double(y) + 0.5 - r) * (Double(y) + 0.5 - r)).squareRoot()
                func cover(_ radius: Double) -> Double { min(1, max(0, radius - d + 0.5)) }
                let outer = cover(r), inner = cover(r * 0.78), dot = count > 1 ? 0 : cover(r * 0.22)
                // White within the ring and the dot, the fill between them.
                let k = inner - dot
                let colour = (1 - k) * 1.0
                let i = (y * n + x) * 4
                pixels[i] = UInt8((colour + k * fill.r) * 255)
                pixels[i + 1] = UInt8((colour + k * fill.g) * 255)
                pixels[i + 2] = UInt8((colour + k * fill.b) * 255)
                pixels[i + 3] = UInt8(outer * 255)
            }
        }
        if count > 1 { stampCount(count, into: &pixels, size: n) }
        return pixels
    }

    /// The count set in white, bold, centred in the marker's fill ("9+" past nine, so it stays legible).
    private static func stampCount(_ count: Int, into pixels: inout [UInt8], size n: Int) {
        let text = count > 9 ? "9+" : "\(count)"
        var style = TextStyle(size: Double(n) * (count > 9 ? 0.42 : 0.58), colour: TextColour(255, 255, 255), bold: true)
        style.lineLimit = 1
        let image = TextRenderer.render(text, style: style)
        let ox = (n - image.width) / 2, oy = (n - image.height) / 2
        for y in 0..<image.height where oy + y >= 0 && oy + y < n {
            for x in 0..<image.width where ox + x >= 0 && ox + x < n {
                let s = (y * image.width + x) * 4, d = ((oy + y) * n + ox + x) * 4
                let a = Double(image.pixels[s + 3]) / 255
                guard a > 0 else { continue }
                for c in 0..<3 { pixels[d + c] = UInt8(Double(image.pixels[s + c]) * a + Double(pixels[d + c]) * (1 - a)) }
            }
        }
    }

    func texture(heading: String, text: String, size: Double, width: Int, lines: Int, renderer: SceneRenderer) -> Texture {
        let key = Key(heading: heading, text: text, size: size, width: width, lines: lines)
        if let texture = cached[key] { return texture }
        var style = TextStyle(size: size, colour: TextColour(255, 255, 255), maxWidth: width, lineLimit: lines)
        style.markup = true
        // The heading in bold, the text as its markup says.
        let image = TextRenderer.render("<b>" + PageNote.escaped(heading) + "</b>\n" + text, style: style)
        let texture = image.pixels.withUnsafeBytes { renderer.makeTexture(width: image.width, height: image.height, pixels: $0) }
        // The card and the panel: two at a time at most, the rest of no more use.
        if cached.count >= 4 { cached = [:] }
        cached[key] = texture
        return texture
    }
}

/// A marker's ring, its fill, and the fill of the open one: a dark blue and an orange that both stand 4.5:1 or
/// more from the white ring, on any page; the open note's place on the page outlined in yellow.
enum NoteColours {
    static let fill = RGBA(0.12, 0.30, 0.62)
    static let openFill = RGBA(0.80, 0.33, 0.05)
    static let outline = RGBA(1, 0.84, 0)
}

/// How a marker looks: open or not, and how many notes it stands for.
struct MarkerLook: Hashable { var open: Bool; var count: Int }

extension SceneRenderer {
    /// Note text at 22 window px (the overlay's), larger with large text.
    static let noteTextSize = 22.0

    /// The markers, after the pages and the turning leaf: each where its page puts it, as the page is drawn now,
    /// one textured quad apiece in one draw per look (ten thousand markers are two draws).
    func drawNoteMarkers(_ scene: FrameScene, width: Int, height: Int) {
        guard let notes = scene.panels.notes, !notes.markers.isEmpty else { return }
        let flap: [Vec2] = scene.curl.map { curl in
            let g = FlapGeometry(curl, pixelsPerPagePixel: scene.view.uniformScale)
            return g.placedFlap.map { $0 + g.origin }
        } ?? []
        let diameter = notes.markerDiameter * scene.scale, r = diameter / 2
        let bounds = Rect(x: -r, y: -r, width: Double(width) + 2 * r, height: Double(height) + 2 * r)
        var closed: [GLfloat] = [], open: [GLfloat] = []
        // Markers of several notes, by whether open and how many.
        var counted: [MarkerLook: [GLfloat]] = [:]
        closed.reserveCapacity(notes.markers.reduce(0) { $0 + $1.points.count } * 24)
        let roll = scene.curl.map(NoteMarkerPlacement.Roll.init)
        func put(_ point: Vec2, on place: PagePlace, into out: inout [GLfloat]) {
            let rect = place.rect
            let at = Vec2(rect.minX + point.x * rect.width, rect.minY + point.y * rect.height)
            guard let placed = NoteMarkerPlacement.place(at, place.kind, roll: roll, flap: flap) else { return }
            let centre = scene.view.apply(placed.centre)
            guard bounds.contains(centre) else { return }
            // Squashed across the roll: along the leaf's normal as the view turns it.
            let across = scene.view.applyLinear(placed.normal)
            let u = across * (1 / max(across.length, 1e-9)), v = Vec2(-u.y, u.x)
            let du = u * (r * placed.squash), dv = v * r
            let a = centre - du - dv, b = centre + du - dv, c = centre + du + dv, d = centre - du + dv
            out.append(contentsOf: [GLfloat(a.x), GLfloat(a.y), 0, 0, GLfloat(b.x), GLfloat(b.y), 1, 0,
                                    GLfloat(c.x), GLfloat(c.y), 1, 1, GLfloat(a.x), GLfloat(a.y), 0, 0,
                                    GLfloat(c.x), GLfloat(c.y), 1, 1, GLfloat(d.x), GLfloat(d.y), 0, 1])
        }
        for page in notes.markers {
            guard let place = scene.places[page.page] else { continue }
            let openIndex = notes.open.flatMap { $0.page == page.page ? $0.index : nil }
            for i in page.points.indices {
                if page.notes[i] == openIndex { put(page.points[i], on: place, into: &open) } else { put(page.points[i], on: place, into: &closed) }
            }
            // The page's whole-page notes: one marker, opening the first; their count in it where there are several.
            if let first = page.wholePage.first, let at = notes.wholePage[page.page] {
                let isOpen = first == openIndex
                if page.wholePage.count > 1 {
                    put(at, on: place, into: &counted[MarkerLook(open: isOpen, count: page.wholePage.count), default: []])
                } else if isOpen { put(at, on: place, into: &open) } else { put(at, on: place, into: &closed) }
            }
        }
        var quads: [(MarkerLook, [GLfloat])] = [(MarkerLook(open: false, count: 1), closed), (MarkerLook(open: true, count: 1), open)]
        quads.insert(contentsOf: counted.sorted { ($0.key.open ? 1 : 0, $0.key.count) < ($1.key.open ? 1 : 0, $1.key.count) }.map { ($0.key, $0.value) },
                     at: 1)
        let program = spriteProgram
        program.use()
        glUniform1i(program.uniform("u_tex"), 0)
        setMatrix(program.uniform("u_pageToClip"), Self.projection(width: width, height: height))
        glEnable(GLenum(GL_BLEND))
        blendOverKeepingAlpha()
        for (look, vertices) in quads where !vertices.isEmpty {
            noteLabels.marker(open: look.open, count: look.count, diameter: Int(diameter.rounded(.up)), renderer: self)
                .bind(texelsPerPixel: 1)
            drawVertices(vertices, extras: 2)
        }
        glDisable(GLenum(GL_BLEND))
    }

    /// The text layers' lines over their regions, with the page: a box of the page's paper over the line and its
    /// words set dark to fit it, as large as the line is tall on screen (so they stay sharp as the page zooms).
    func drawNoteLines(_ scene: FrameScene, width: Int, height: Int) {
        guard let notes = scene.panels.notes, !notes.lines.isEmpty else { return }
        let toClip = Self.projection(width: width, height: height).concatenating(scene.view)
        let scale = scene.view.uniformScale
        let screen = Rect(x: 0, y: 0, width: Double(width), height: Double(height))
        let box = RGBA(0.98, 0.97, 0.93)
        for line in notes.lines {
            guard let page = scene.places[line.page]?.rect else { continue }
            let r = Rect(x: page.minX + line.rect.minX * page.width, y: page.minY + line.rect.minY * page.height,
                         width: line.rect.width * page.width, height: line.rect.height * page.height)
            let corners = [Vec2(r.minX, r.minY), Vec2(r.maxX, r.minY), Vec2(r.maxX, r.maxY), Vec2(r.minX, r.maxY)].map(scene.view.apply)
            let xs = corners.map(\.x), ys = corners.map(\.y)
            guard xs.max()! >= screen.minX, xs.min()! <= screen.maxX, ys.max()! >= screen.minY, ys.min()! <= screen.maxY else { continue }
            let onScreen = (width: r.width * scale, height: r.height * scale)
            guard onScreen.height >= 4, onScreen.width >= 8 else { continue }
            drawBox(PageQuad(texture: nil, rect: r), colour: box, opacity: 0.92 / 0.85, scene: scene, toClip: toClip)
            let text = noteLabels.line(line.markup, width: onScreen.width, height: onScreen.height, renderer: self)
            // The texture was set for a step near the line's height: scaled to the line as it is now.
            let k = r.height / max(1, Double(noteLabels.lineHeight(for: onScreen.height)))
            let w = Double(text.width) * k, h = Double(text.height) * k
            let rect = Rect(x: r.minX, y: r.minY + max(0, (r.height - h) / 2), width: min(w, r.width), height: min(h, r.height))
            var quad = PageQuad(texture: text, rect: rect)
            quad.texCoords = Rect(x: 0, y: 0, width: rect.width / w, height: rect.height / h)
            drawBox(quad, colour: box, opacity: 0.92 / 0.85, scene: scene, toClip: toClip)
        }
    }

    /// The open note's place outlined on the page, and its card beside the marker.
    func drawNoteCard(_ scene: FrameScene, width: Int, height: Int) {
        guard let notes = scene.panels.notes, let card = notes.card, let page = scene.places[card.page]?.rect else { return }
        let toClip = Self.projection(width: width, height: height)
        let s = scene.scale
        if card.outline.count >= 2 {
            let points = card.outline.map { f in scene.view.apply(Vec2(page.minX + f.x * page.width, page.minY + f.y * page.height)) }
            let band = 3 * s
            var pieces: [[Vec2]] = []
            for i in points.indices {
                let a = points[i], b = points[(i + 1) % points.count]
                let along = b - a
                guard along.length > 0 else { continue }
                let n = Vec2(-along.y, along.x) * (band / 2 / along.length)
                let t = along * (band / 2 / along.length)
                pieces.append([a - t - n, b + t - n, b + t + n, a - t + n])
            }
            drawFill(pieces, colour: NoteColours.outline, toClip: toClip)
        }
        let size = Self.noteTextSize * s * notes.textScale, pad = 14 * s * notes.textScale
        let lines = max(3, Int((Double(height) * 0.7) / (size * 1.3)))
        let text = noteLabels.texture(heading: card.heading, text: card.markup, size: size, width: Int(card.maxWidth * s),
                                      lines: lines, renderer: self)
        let w = Double(text.width) + 2 * pad, h = Double(text.height) + 2 * pad
        let gap = notes.markerDiameter * s * 0.75, anchor = card.anchor * s
        var x = anchor.x + gap
        if x + w > Double(width) - pad { x = anchor.x - gap - w }
        x = min(max(pad, x), Double(width) - w - pad)
        let y = min(max(pad, anchor.y - h / 2), Double(height) - h - pad)
        var flat = scene
        flat.view = .identity
        let dark = RGBA(0.08, 0.08, 0.09)
        drawBox(PageQuad(texture: nil, rect: Rect(x: x, y: y, width: w, height: h)), colour: dark, opacity: 1 / 0.85, scene: flat, toClip: toClip)
        drawBox(PageQuad(texture: text, rect: Rect(x: x + pad, y: y + pad, width: Double(text.width), height: Double(text.height))),
                colour: dark, opacity: 1 / 0.85, scene: flat, toClip: toClip)
    }

    /// The spread's words in their panel: opaque, so the text reads over any page; as many lines as fit.
    func drawNotePanel(_ scene: FrameScene, width: Int, height: Int) {
        guard let notes = scene.panels.notes, let panel = notes.panel else { return }
        let toClip = Self.projection(width: width, height: height)
        let s = scene.scale, size = Self.noteTextSize * s * notes.textScale, pad = 14 * s * notes.textScale
        let box = panel.box.scaled(s)
        let lines = max(1, Int((box.height - 2 * pad) / (size * 1.25)) - 1)
        let text = noteLabels.texture(heading: panel.heading, text: panel.text, size: size, width: Int(box.width - 2 * pad),
                                      lines: lines, renderer: self)
        var flat = scene
        flat.view = .identity
        let dark = RGBA(0.08, 0.08, 0.09)
        drawBox(PageQuad(texture: nil, rect: box), colour: dark, opacity: 1 / 0.85, scene: flat, toClip: toClip)
        let th = min(Double(text.height), box.height - 2 * pad)
        drawBox(PageQuad(texture: text, rect: Rect(x: box.minX + pad, y: box.minY + pad, width: Double(text.width), height: th)),
                colour: dark, opacity: 1 / 0.85, scene: flat, toClip: toClip)
    }
}
