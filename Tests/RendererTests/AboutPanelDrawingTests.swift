import Geometry
import Panels
import Renderer
import Testing
import TestSupport

/// "About this book" as the core decides it is what the renderer draws: its dark box where the core put it (in
/// window pixels, scaled to the buffer's), its text in white on it, no taller than its text needs.
@Suite(.serialized) struct AboutPanelDrawingTests {
    @Test(arguments: [1.0, 2.0])
    func theBoxLiesWhereTheCoreSaysAtEveryScale(scale: Double) throws {
        let width = Int(400 * scale), height = Int(300 * scale)
        let gpu = try TestGPU(width: width, height: height)
        var scene = FrameScene(background: RGBA(1, 1, 1), pages: [])
        scene.scale = scale
        let box = Rect(x: 50, y: 40, width: 300, height: 200)
        scene.panels.about = AboutPanel(box: box, heading: "About this book",
                                        markup: "<b>Author</b>: A. Person\nA long summary of the book.", linesAbove: 0,
                                        textScale: 1)
        let (image, _) = gpu.render(scene)
        func pixel(_ x: Double, _ y: Double) -> (Int, Int, Int) {
            let i = (Int(y * scale) * image.width + Int(x * scale)) * 4
            return (Int(image.pixels[i]), Int(image.pixels[i + 1]), Int(image.pixels[i + 2]))
        }
        #expect(pixel(52, 42) == (33, 33, 36), "the box's dark, inside its corner")
        #expect(pixel(45, 42) == (255, 255, 255), "the background beside it")
        #expect(pixel(52, 235) == (255, 255, 255), "three short lines: the box ends below them, not at its most")
        var white = 0
        for y in 45..<80 { for x in 60..<300 where pixel(Double(x), Double(y)).0 > 200 { white += 1 } }
        #expect(white > 100, "the heading's letters: \(white) light pixels")
        #expect(GLErrors.drain().isEmpty)
    }
}
