import Renderer
import Testing

/// The test knobs of the "GLES2 minimum" profile only ever narrow what the GPU offers, and a GPU below the
/// minimum is refused with a message that says why. Pure: no GL.
struct GLLimitsTests {
    let npot: Set<String> = ["GL_OES_texture_npot", "GL_EXT_read_format_bgra"]

    @Test func theTextureKnobTakesTheSmallerOfItAndTheGPUs() throws {
        let narrowed = try GLLimits(gpuMaxTextureSize: 16384, extensions: npot, gpuFragmentHighp: true,
                                    environment: ["RECTO_TEST_MAX_TEXTURE_SIZE": "2048"])
        #expect(narrowed.maxTextureSize == 2048)
        let widened = try GLLimits(gpuMaxTextureSize: 4096, extensions: npot, gpuFragmentHighp: true,
                                   environment: ["RECTO_TEST_MAX_TEXTURE_SIZE": "16384"])
        #expect(widened.maxTextureSize == 4096)
        #expect(throws: RendererError.self) {
            try GLLimits(gpuMaxTextureSize: 4096, extensions: npot, gpuFragmentHighp: true,
                         environment: ["RECTO_TEST_MAX_TEXTURE_SIZE": "big"])
        }
    }

    @Test func mediumpFragmentsKeepTexturesWithin2048() throws {
        let forced = try GLLimits(gpuMaxTextureSize: 16384, extensions: npot, gpuFragmentHighp: true,
                                  environment: ["RECTO_TEST_FRAGMENT_PRECISION": "mediump"])
        #expect(!forced.fragmentHighp && forced.maxTextureSize == 2048)
        let mali = try GLLimits(gpuMaxTextureSize: 4096, extensions: [], gpuFragmentHighp: false, environment: [:])
        #expect(!mali.fragmentHighp && mali.maxTextureSize == 2048 && !mali.npotMipmaps)
        let full = try GLLimits(gpuMaxTextureSize: 16384, extensions: npot, gpuFragmentHighp: true, environment: [:])
        #expect(full.fragmentHighp && full.maxTextureSize == 16384 && full.npotMipmaps)
    }

    @Test func belowTheMinimumIsRefusedWithTheReason() {
        do {
            _ = try GLLimits(gpuMaxTextureSize: 1024, extensions: npot, gpuFragmentHighp: true, environment: [:])
            Issue.record("a 1,024 px GPU was accepted")
        } catch {
            #expect("\(error)".contains("at most 1024×1024 pixels; Recto needs 2048×2048"), "\(error)")
        }
    }
}
