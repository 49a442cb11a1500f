import Foundation

/// The "GLES2 minimum" profile (docs/gpus.md): Mesa withholds GL_OES_texture_npot (the only extension Recto
/// uses that Mesa can withhold: GL_EXT_read_format_bgra cannot be), textures are limited to 2,048 px and the
/// fragment shaders are compiled mediump. `RECTO_TEST_GPU_PROFILE=gles2-minimum` in the test's environment
/// runs every recto the harness starts under it (scripts/test.sh runs the rendering, curl, zoom and region
/// suites once so); the GLES2 minimum tests set it themselves.
enum GPUProfile {
    static let gles2Minimum: [String: String] = [
        "MESA_EXTENSION_OVERRIDE": "-GL_OES_texture_npot",
        "RECTO_TEST_MAX_TEXTURE_SIZE": "2048",
        "RECTO_TEST_FRAGMENT_PRECISION": "mediump",
    ]

    /// What the test's environment asks every recto to run under (nothing: the machine's GPU as it is).
    static var fromEnvironment: [String: String] {
        switch ProcessInfo.processInfo.environment["RECTO_TEST_GPU_PROFILE"] {
        case "gles2-minimum": gles2Minimum
        default: [:]
        }
    }
}
