import Book
import CGLES2
import Geometry
import Panels
import Reader
import Text

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
