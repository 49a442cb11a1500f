import Decoding
import Foundation
import Testing

@Suite struct EncodeTests {
    @Test(arguments: [false, true])
    func pngRoundTripIsExact(fast: Bool) throws {
        let image = randomImage(width: 37, height: 23, seed: 1)
        let png = try PNGEncoder.encode(image, fast: fast)
        #expect(ImageFormat.sniff(png) == .png)
        #expect(try ImageDecoder.decode(png) == image)
    }

    /// glReadPixels hands rows bottom-up; `.bottomUp` must write them the right way up.
    @Test func bottomUpRowsAreFlipped() throws {
        let image = randomImage(width: 19, height: 7, seed: 2)
        var flipped: [UInt8] = []
        for y in (0..<image.height).reversed() {
            flipped += image.pixels[y * image.bytesPerRow..<(y + 1) * image.bytesPerRow]
        }
        let png = try PNGEncoder.encode(rgba: flipped, width: 19, height: 7, rowOrder: .bottomUp)
        #expect(try ImageDecoder.decode(png) == image)
        let upsideDown = try PNGEncoder.encode(rgba: flipped, width: 19, height: 7, rowOrder: .topDown)
        #expect(try ImageDecoder.decode(upsideDown) != image)
    }

    /// Noise does not compress, so the first buffer guess is too small and the retry path runs.
    @Test func incompressibleImageNeedsTheRetry() throws {
        let image = randomImage(width: 300, height: 200, seed: 3)
        let png = try PNGEncoder.encode(image)
        #expect(png.count > image.width * image.height + 4096)
        #expect(try ImageDecoder.decode(png) == image)
    }

    @Test func writeToFileIsAtomicAndReadable() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("recto-decoding-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("out.png").path
        let image = randomImage(width: 8, height: 5, seed: 4)
        try PNGEncoder.write(image, toFile: path)
        try PNGEncoder.write(image, toFile: path)  // overwrites
        #expect(try ImageDecoder.decode(contentsOf: path) == image)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["out.png"])

        let bottomUp = image.pixels  // a one-row image reads the same either way up
        let one = RGBAImage(width: 40, height: 1, pixels: bottomUp)
        try bottomUp.withUnsafeBytes { raw in
            try PNGEncoder.write(rgba: raw, width: 40, height: 1, rowOrder: .bottomUp, toFile: path)
        }
        #expect(try ImageDecoder.decode(contentsOf: path) == one)
        #expect(throws: EncodeError.self) {
            try PNGEncoder.write(image, toFile: dir.appendingPathComponent("missing/x.png").path)
        }
    }

    @Test func invalidEncodeRequestsThrow() {
        #expect(throws: EncodeError.self) { try PNGEncoder.encode(rgba: [0, 0, 0], width: 1, height: 1) }
        #expect(throws: EncodeError.self) { try PNGEncoder.encode(rgba: [], width: 0, height: 0) }
        #expect(throws: EncodeError.self) {
            try PNGEncoder.encode(rgba: [UInt8](repeating: 0, count: 4 * 70_000), width: 70_000, height: 1)
        }
    }

    @Test func jpegRoundTripIsClose() throws {
        let image = RGBAImage(width: 48, height: 32, fill: (r: 200, g: 120, b: 40, a: 255))
        let jpeg = try JPEGEncoder.encode(image, quality: 95)
        #expect(ImageFormat.sniff(jpeg) == .jpeg)
        let back = try ImageDecoder.decode(jpeg)
        #expect(back.size == image.size)
        var worst = 0
        for y in 0..<32 { for x in 0..<48 { worst = max(worst, distance(back[x, y], (200, 120, 40))) } }
        #expect(worst <= 3)
    }
}
