import Geometry
import Reader
import Renderer
import Testing

/// Drivers without Mesa's surfaceless platform (NVIDIA's on a headless machine) are reached through the first EGL
/// device. Mesa has a device too (its software one), so the same frame drawn both ways must match pixel for pixel.
@Suite(.serialized) struct EGLDeviceTests {
    @Test func firstDeviceDrawsWhatSurfacelessDraws() throws {
        func draw(_ kind: EGLDisplayContext.Kind) throws -> [UInt8] {
            let gpu = try TestGPU(width: 640, height: 400, kind: kind)
            var reader = Reader(pageCount: 4, config: ReaderConfig())
            reader.resize(width: 640, height: 400)
            for p in 1...4 { reader.setPageSize(p, width: 500, height: 700) }
            reader.go(toPage: 2)
            var textures: [Int: Texture] = [:]
            for p in Set(reader.neededPages) { textures[p] = gpu.texture(MarkerBook.page(p)) }
            let (image, errors) = gpu.render(SceneComposer(background: RGBA(0.2, 0.3, 0.4)).scene(reader.frame, textures: textures))
            #expect(errors.isEmpty, "\(kind): GL errors \(errors)")
            return image.pixels
        }
        let surfaceless = try draw(.surfaceless)
        let device = try draw(.device)
        let pagePixels = stride(from: 0, to: device.count, by: 4).filter { device[$0] != 51 }.count
        #expect(pagePixels > 640 * 400 / 4, "the pages were drawn")
        #expect(device == surfaceless)
    }
}
