import Decoding
import Geometry
import Renderer
import Testing

/// The page textures by page: the one place an uploaded page lives once the page cache let go of its image.
/// In `TextureTilesTests`' serialized suite: suites that make EGL contexts at the same time race on the one
/// process-wide EGL display (one's eglTerminate while another makes its context current).
extension TextureTilesTests {
    @Test func aStoreUploadReplacesThePagesTextureAndReportsItsBytes() throws {
        let gpu = try TestGPU(width: 64, height: 64)
        var store = TextureStore()
        let bytes = store.upload(3, RGBAImage(width: 40, height: 50, fill: (255, 0, 0, 255)), renderer: gpu.renderer)
        let first = try #require(store.pages[3])
        #expect(first.width == 40 && first.height == 50 && bytes == first.byteCount && store.byteCount == bytes)
        // A sharper decode of the same page replaces its texture.
        _ = store.upload(3, RGBAImage(width: 80, height: 100, fill: (0, 255, 0, 255)), renderer: gpu.renderer)
        #expect(store.pages.count == 1 && store.pages[3]?.width == 80)
        store.release(3)
        #expect(store.pages.isEmpty && store.count == 0 && store.byteCount == 0)
    }

    @Test func aStoreScalesAnImageWiderThanTheTextureLimitIntoIt() throws {
        let gpu = try TestGPU(width: 64, height: 64)
        var store = TextureStore()
        let limit = gpu.renderer.maxTextureSize
        _ = store.upload(1, RGBAImage(width: limit + 2, height: 4, fill: (9, 9, 9, 255)), renderer: gpu.renderer)
        let texture = try #require(store.pages[1])
        #expect(texture.width <= limit && texture.height <= 4)
    }

    @Test func aStoreKeepsZoomDetailByPageUntilZoomEnds() throws {
        let gpu = try TestGPU(width: 64, height: 64)
        var store = TextureStore()
        store.setDetail(2, RGBAImage(width: 30, height: 20, fill: (1, 2, 3, 255)), renderer: gpu.renderer)
        #expect(!store.detailQuads(2, over: Rect(x: 0, y: 0, width: 30, height: 20)).isEmpty)
        #expect(store.detailQuads(1, over: Rect(x: 0, y: 0, width: 30, height: 20)).isEmpty)
        #expect(store.count == 1 && store.byteCount > 0)
        store.clearDetails()
        #expect(store.count == 0 && store.detailQuads(2, over: Rect(x: 0, y: 0, width: 30, height: 20)).isEmpty)
    }
}
