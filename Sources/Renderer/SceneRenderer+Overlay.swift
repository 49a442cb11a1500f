import Geometry

extension SceneRenderer {
    /// The overlay in buffer pixels, whatever the zoom: a dark track, a light thumb, the label on a dark box.
    func drawOverlay(_ scene: FrameScene, width: Int, height: Int) {
        guard let overlay = scene.panels.overlay else { return }
        var flat = scene
        flat.view = .identity
        let toClip = Self.projection(width: width, height: height)
        let dark = RGBA(0.13, 0.13, 0.14)
        // Large text grows the label, and the track's box with it.
        let k = scene.scale, s = k * overlay.textScale
        let thumb = overlay.thumb.scaled(k)
        // The track's box reaches past its ends by half a thumb, so the thumb at either end sits on it.
        let t = overlay.track.scaled(k), half = thumb.width / 2
        let box = Rect(x: t.minX - half, y: t.center.y - 6 * s, width: t.width + 2 * half, height: 12 * s)
        drawBox(PageQuad(texture: nil, rect: box), colour: dark, opacity: overlay.opacity, scene: flat, toClip: toClip)
        drawBox(PageQuad(texture: nil, rect: thumb), colour: RGBA(0.93, 0.93, 0.93), opacity: overlay.opacity, scene: flat, toClip: toClip)
        let texture = labelTexture(overlay.label, scale: s, slot: .overlay)
        let w = Double(texture.width), h = Double(texture.height)
        let centre = overlay.labelCentre * k
        let label = Rect(x: centre.x - w / 2, y: centre.y - h / 2, width: w, height: h)
        drawBox(PageQuad(texture: texture, rect: label), colour: dark, opacity: overlay.opacity, scene: flat, toClip: toClip)
    }
}

extension SceneRenderer {
    /// The shelf's covers and titles, then the home control: a dark square with three books standing on a
    /// shelf, drawn in light shapes (no text: it reads the same in every language).
    func drawShelf(_ scene: FrameScene, width: Int, height: Int) {
        guard !scene.shelf.isEmpty || scene.home != nil else { return }
        var flat = scene
        flat.view = .identity
        let toClip = Self.projection(width: width, height: height)
        for quad in scene.shelf where !quad.rect.isEmpty { drawFlat(quad, scene: flat, toClip: toClip) }
        guard let h = scene.home else { return }
        drawBox(PageQuad(texture: nil, rect: h), colour: RGBA(0.13, 0.13, 0.14), scene: flat, toClip: toClip)
        let s = h.width, light = RGBA(0.93, 0.93, 0.93)
        func part(_ x: Double, _ y: Double, _ w: Double, _ hh: Double) -> PageQuad {
            PageQuad(texture: nil, rect: Rect(x: h.minX + x * s, y: h.minY + y * s, width: w * s, height: hh * s))
        }
        for bar in [part(0.26, 0.3, 0.12, 0.42), part(0.44, 0.22, 0.12, 0.5), part(0.62, 0.34, 0.12, 0.38),
                    part(0.2, 0.74, 0.6, 0.06)] {
            drawBox(bar, colour: light, opacity: 1 / 0.85, scene: flat, toClip: toClip)
        }
    }
}
