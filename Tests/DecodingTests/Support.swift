import Decoding
import Foundation
import Testing
import TestSupport

/// Fixture files live next to the tests; found from this source file's path, never via Bundle.module.
enum Fixture {
    static let directory: String = {
        let parts = "\(#filePath)".split(separator: "/", omittingEmptySubsequences: false).dropLast()
        return parts.joined(separator: "/") + "/Fixtures"
    }()

    static func path(_ name: String) -> String { directory + "/" + name }

    static func bytes(_ name: String) -> [UInt8] {
        guard let data = FileManager.default.contents(atPath: path(name)) else {
            fatalError("missing fixture \(name): run Fixtures/make_fixtures.py")
        }
        return [UInt8](data)
    }
}

/// The pixel formulas of Fixtures/make_fixtures.py; the two must agree.
enum Pattern {
    static let width = 13, height = 11

    static func rgb(_ x: Int, _ y: Int) -> (UInt8, UInt8, UInt8) {
        (UInt8((x * 17) & 255), UInt8((y * 23) & 255), UInt8((x * y * 5 + 40) & 255))
    }

    static func alpha(_ x: Int, _ y: Int) -> UInt8 { UInt8(((x + y) * 19) & 255) }

    static func grey(_ x: Int, _ y: Int) -> UInt8 { UInt8((x * 17 + y * 7) & 255) }

    static let trns: [UInt8] = [0, 64, 128, 200, 255, 30]

    /// Palette entry of pixel (x, y) with its tRNS alpha (entries past the tRNS list are opaque).
    static func palette(_ x: Int, _ y: Int) -> (UInt8, UInt8, UInt8, UInt8) {
        let i = (x + y * 3) % 16
        return (UInt8((i * 37) & 255), UInt8((i * 71 + 10) & 255), UInt8((255 - i * 13) & 255),
                i < trns.count ? trns[i] : 255)
    }
}



/// Decodes fixture `name`, which must be `Pattern`-sized, and checks every pixel; `expected` gives
/// straight-alpha RGBA for (x, y).
func expectPixels(_ name: String, _ expected: (Int, Int) -> (UInt8, UInt8, UInt8, UInt8),
                  sourceLocation: SourceLocation = #_sourceLocation) throws {
    let image = try ImageDecoder.decode(contentsOf: Fixture.path(name))
    #expect(image.width == Pattern.width && image.height == Pattern.height, "\(name) size",
            sourceLocation: sourceLocation)
    var mismatches = 0
    for y in 0..<image.height {
        for x in 0..<image.width {
            let p = image[x, y], e = expected(x, y)
            if p.r != e.0 || p.g != e.1 || p.b != e.2 || p.a != e.3 {
                if mismatches < 3 {
                    Issue.record("\(name) (\(x), \(y)): got \(p), expected \(e)", sourceLocation: sourceLocation)
                }
                mismatches += 1
            }
        }
    }
    #expect(mismatches == 0, "\(name): \(mismatches) pixels differ", sourceLocation: sourceLocation)
}

/// Random straight-alpha RGBA pixels.
func randomImage(width: Int, height: Int, seed: UInt64, opaque: Bool = false) -> RGBAImage {
    var rng = SplitMix64(seed: seed)
    var pixels = [UInt8](repeating: 0, count: width * height * 4)
    for i in pixels.indices { pixels[i] = UInt8.random(in: 0...255, using: &rng) }
    if opaque { for i in stride(from: 3, to: pixels.count, by: 4) { pixels[i] = 255 } }
    return RGBAImage(width: width, height: height, pixels: pixels)
}

/// The error `body` throws, or nil when it succeeds.
func decodeError(_ body: () throws(DecodeError) -> RGBAImage) -> DecodeError? {
    do {
        _ = try body()
        return nil
    } catch {
        return error
    }
}

/// Colours of the 64×64 quadrant fixtures (JPEG, lossy WebP and AVIF): red, green, blue, white.
let quadrantColours = [(255, 0, 0), (0, 255, 0), (0, 0, 255), (255, 255, 255)]

/// Checks each quadrant's interior (an eighth of the side in from its edges, away from block ringing at the
/// boundaries) against its colour within `tolerance`, and its alpha exactly (opaque unless `alphas` says).
func expectQuadrants(_ image: RGBAImage, _ colours: [(Int, Int, Int)], alphas: [UInt8] = [255, 255, 255, 255],
                     tolerance: Int = 8, _ name: String, sourceLocation: SourceLocation = #_sourceLocation) {
    let half = image.width / 2, inset = image.width / 8
    for (i, colour) in colours.enumerated() {
        var worst = 0, alphaWrong = 0
        for y in (i / 2) * half + inset..<(i / 2) * half + half - inset {
            for x in (i % 2) * half + inset..<(i % 2) * half + half - inset {
                // Colour under full transparency carries no meaning.
                if alphas[i] != 0 { worst = max(worst, distance(image[x, y], colour)) }
                if image[x, y].a != alphas[i] { alphaWrong += 1 }
            }
        }
        #expect(worst <= tolerance, "\(name) quadrant \(i) off by \(worst) from \(colour)",
                sourceLocation: sourceLocation)
        #expect(alphaWrong == 0, "\(name) quadrant \(i): \(alphaWrong) pixels without alpha \(alphas[i])",
                sourceLocation: sourceLocation)
    }
}

/// Largest per-channel difference between a pixel and an expected colour.
func distance(_ p: (r: UInt8, g: UInt8, b: UInt8, a: UInt8), _ e: (Int, Int, Int)) -> Int {
    max(abs(Int(p.r) - e.0), abs(Int(p.g) - e.1), abs(Int(p.b) - e.2))
}
