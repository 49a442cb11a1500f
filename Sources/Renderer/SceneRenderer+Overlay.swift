import Geometry

extension SceneRenderer {
    /// The overlay in buffer pixels, whatever the zoom: a dark track, a light thumb, the label on a dark box.
    func drawOverlay(_ scene: FrameScene, width: Int, height: Int) {
        guard let overlay = scene.overlay else { return }
        var flat = scene
        flat.view = .identity
        let toClip = Self.projection(width: width, height: height)
        let dark = RGBA(0.13, 0.13, 0.14)
        let s = overlay.scale
        // The track's box reaches past its ends by half a thumb, so the thumb at either end sits on it.
        let t = overlay.track, half = overlay.thumb.width / 2
        let box = Rect(x: t.minX - half, y: t.center.y - 6 * s, width: t.width + 2 * half, height: 12 * s)
        drawBox(PageQuad(texture: nil, rect: box), colour: dark, opacity: overlay.opacity, scene: flat, toClip: toClip)
        drawBox(PageQuad(texture: nil, rect: overlay.thumb), colour: RGBA(0.93, 0.93, 0.93), opacity: overlay.opacity, scene: flat, toClip: toClip)
        let texture = labelTexture(overlay.label, scale: s, slot: .overlay)
        let w = Double(texture.width), h = Double(texture.height)
        let label = Rect(x: overlay.labelCentre.x - w / 2, y: overlay.labelCentre.y - h / 2, width: w, height: h)
        drawBox(PageQuad(texture: texture, rect: label), colour: dark, opacity: overlay.opacity, scene: flat, toClip: toClip)
    }
}
