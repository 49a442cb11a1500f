import Geometry
import Panels

extension SceneRenderer {
    /// The controls' buttons, then the focus ring and its label, over everything else (opaque: their contrast
    /// does not depend on what lies beneath).
    func drawControls(_ scene: FrameScene, width: Int, height: Int) {
        guard let layer = scene.panels.controls else { return }
        var flat = scene
        flat.view = .identity
        let toClip = Self.projection(width: width, height: height)
        let s = scene.scale
        func box(_ r: Rect, _ colour: RGBA) {
            guard r.width > 0, r.height > 0 else { return }
            drawBox(PageQuad(texture: nil, rect: r), colour: colour, opacity: 1 / 0.85, scene: flat, toClip: toClip)
        }
        for button in layer.buttons {
            let r = button.rect.scaled(s), e = ControlColours.edge * s
            guard let glyph = Self.glyph(button.action, in: r) else { continue }
            box(r, ControlColours.light)
            box(Rect(x: r.minX + e, y: r.minY + e, width: r.width - 2 * e, height: r.height - 2 * e), ControlColours.dark)
            for part in glyph { box(part, ControlColours.light) }
        }
        if let f = layer.focus?.scaled(s) {
            let colours = [ControlColours.dark, ControlColours.ring, ControlColours.dark]
            for (band, colour) in zip(ControlColours.ringBands, colours) {
                for bar in Self.frame(f, from: band.from * s, to: band.to * s) { box(bar, colour) }
            }
        }
        if let text = layer.focusLabel, !text.isEmpty {
            let texture = labelTexture(text, scale: s * layer.textScale, slot: .controls)
            let w = Double(texture.width), h = Double(texture.height)
            let c = layer.focusLabelCentre * s
            let x = min(max(0, c.x - w / 2), Double(width) - w), y = min(max(0, c.y - h / 2), Double(height) - h)
            drawBox(PageQuad(texture: texture, rect: Rect(x: x, y: y, width: w, height: h)), colour: ControlColours.dark,
                    opacity: 1 / 0.85, scene: flat, toClip: toClip)
        }
    }

    /// Four bars around `r`, from `from` to `to` px outside it.
    static func frame(_ r: Rect, from a: Double, to b: Double) -> [Rect] {
        let t = b - a, x0 = r.minX - b, y0 = r.minY - b, w = r.width + 2 * b
        return [Rect(x: x0, y: y0, width: w, height: t), Rect(x: x0, y: r.maxY + a, width: w, height: t),
                Rect(x: x0, y: r.minY - a, width: t, height: r.height + 2 * a),
                Rect(x: r.maxX + a, y: r.minY - a, width: t, height: r.height + 2 * a)]
    }

    /// A glyph as light rectangles in a button's square (no text: the same in every language): ◀ ▶ for the
    /// page, + − for zoom, a hollow square for fit, arrows with a shaft for the pan steps, a list for contents, a loudspeaker for narration's play and pause, ⏮ for its start, two
    /// sheets for the layers, an "i" for what the book says about itself. None for the controls drawn otherwise (home: the shelf's; the scrubber: the overlay's).
    static func glyph(_ glyph: ControlAction, in r: Rect) -> [Rect]? {
        let u = r.width / 12, c = r.center
        func bar(_ x: Double, _ y: Double, _ w: Double, _ h: Double) -> Rect { Rect(x: c.x + x * u, y: c.y + y * u, width: w * u, height: h * u) }
        /// A triangle of strips pointing `dx`,`dy` (one of them ±1), `size` units long, from centre offset `o`.
        func triangle(dx: Double, dy: Double, size: Double, offset o: Double) -> [Rect] {
            let strips = max(4, Int(size * u / 2))
            return (0..<strips).map { i in
                let f = Double(i) / Double(strips), step = size / Double(strips)
                let along = -size / 2 + Double(i) * step + o, half = size / 2 * (1 - f)
                return dx != 0
                    ? bar(dx > 0 ? along : -along - step, -half, step + 0.05, 2 * half)
                    : bar(-half, dy > 0 ? along : -along - step, 2 * half, step + 0.05)
            }
        }
        switch glyph {
        case .previous: return triangle(dx: -1, dy: 0, size: 6, offset: 0)
        case .next: return triangle(dx: 1, dy: 0, size: 6, offset: 0)
        case .zoomIn: return [bar(-3.5, -0.6, 7, 1.2), bar(-0.6, -3.5, 1.2, 7)]
        case .zoomOut: return [bar(-3.5, -0.6, 7, 1.2)]
        case .fit: return [bar(-3.5, -3.5, 7, 1), bar(-3.5, 2.5, 7, 1), bar(-3.5, -3.5, 1, 7), bar(2.5, -3.5, 1, 7)]
        case .panLeft: return [bar(-0.5, -0.5, 4, 1)] + triangle(dx: -1, dy: 0, size: 4, offset: 1.5)
        case .panRight: return [bar(-3.5, -0.5, 4, 1)] + triangle(dx: 1, dy: 0, size: 4, offset: 1.5)
        case .panUp: return [bar(-0.5, -0.5, 1, 4)] + triangle(dx: 0, dy: -1, size: 4, offset: 1.5)
        case .panDown: return [bar(-0.5, -3.5, 1, 4)] + triangle(dx: 0, dy: 1, size: 4, offset: 1.5)
        case .contents:
            // A list: three lines, each after a dot.
            return [-3.0, -0.5, 2.0].flatMap { y in [bar(-3.5, y, 1, 1), bar(-1.5, y, 5, 1)] }
        case .narration:
            // A loudspeaker: its body, its cone widening to the right, two waves in front of it.
            return [bar(-5, -1.5, 2, 3)] + triangle(dx: -1, dy: 0, size: 5.5, offset: 1.5)
                + [bar(2.2, -1.75, 1, 3.5), bar(4, -3.5, 1, 7)]
        case .replay:
            // Back to the start: a bar, then a triangle pointing to it.
            return [bar(-3.5, -3, 1.2, 6)] + triangle(dx: -1, dy: 0, size: 6, offset: 0.9)
        case .layers:
            // Two sheets: the one behind as its outline, the one in front whole.
            return [bar(-4, -4, 5, 1), bar(-4, -4, 1, 5)] + [bar(-2, -2, 6, 6)]
        case .language:
            // Two speech bubbles side by side, their tails down: one language and another.
            return [bar(-5, -3.5, 4.5, 3.5), bar(-4, 0, 1.2, 1.5), bar(0.5, -1.5, 4.5, 3.5), bar(3.5, 2, 1.2, 1.5)]
        case .about:
            // An "i": its dot, then its stem on a foot.
            return [bar(-1, -4.5, 2, 2), bar(-1, -1.5, 2, 5.5), bar(-2.5, 3, 5, 1.2)]
        case .home, .scrubber: return nil
        }
    }
}
