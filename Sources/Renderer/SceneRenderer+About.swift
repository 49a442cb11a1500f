import Geometry
import Panels

extension SceneRenderer {
    /// "About this book": an opaque dark box (white text on it is about 15:1, whatever the page beneath), its
    /// heading in bold and as many of its lines as fit, set as the notes' text is.
    func drawAbout(_ scene: FrameScene, width: Int, height: Int) {
        guard let about = scene.panels.about else { return }
        let toClip = Self.projection(width: width, height: height)
        let s = scene.scale, size = Self.noteTextSize * s * about.textScale, pad = 18 * s * about.textScale
        let box = about.box.scaled(s)
        let lines = max(1, Int((box.height - 2 * pad) / (size * 1.25)) - 1)
        let text = noteLabels.texture(heading: about.heading, text: about.markup, size: size, width: Int(box.width - 2 * pad),
                                      lines: lines, renderer: self)
        var flat = scene
        flat.view = .identity
        // The core gives the most room it may take: a short text gets a box just tall enough.
        let th = min(Double(text.height), box.height - 2 * pad)
        let fitted = Rect(x: box.minX, y: box.minY, width: box.width, height: th + 2 * pad)
        drawBox(PageQuad(texture: nil, rect: fitted), colour: ControlColours.dark, opacity: 1 / 0.85, scene: flat, toClip: toClip)
        drawBox(PageQuad(texture: text, rect: Rect(x: box.minX + pad, y: box.minY + pad, width: Double(text.width), height: th)),
                colour: ControlColours.dark, opacity: 1 / 0.85, scene: flat, toClip: toClip)
    }
}
