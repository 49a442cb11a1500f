import Decoding
import Foundation
import Testing
import TestSupport

/// Malformed input must end as a typed `DecodeError` with a readable message, never a trap or a huge allocation.
@Suite struct HostileInputTests {
    func error(_ name: String, limits: DecodeLimits = .standard) -> DecodeError? {
        decodeError { () throws(DecodeError) in try ImageDecoder.decode(contentsOf: Fixture.path(name), limits: limits) }
    }

    func expectCorrupt(_ name: String, _ format: ImageFormat, mentioning words: String? = nil) {
        let e = error(name)
        guard case .corrupt(let f, let message)? = e else {
            Issue.record("\(name): expected corrupt \(format), got \(String(describing: e))")
            return
        }
        #expect(f == format)
        #expect(!message.isEmpty)
        if let words { #expect(message.lowercased().contains(words), "\(name): \(message)") }
    }

    @Test func truncatedPNG() { expectCorrupt("truncated.png", .png) }
    @Test func badCRC() { expectCorrupt("bad_crc.png", .png, mentioning: "crc") }
    @Test func garbageIDAT() { expectCorrupt("idat_garbage.png", .png) }
    @Test func zeroWidthPNG() { expectCorrupt("zero_width.png", .png, mentioning: "ihdr") }
    @Test func truncatedJPEG() { expectCorrupt("truncated.jpg", .jpeg, mentioning: "premature end") }
    @Test func garbageAfterJPEGStart() { expectCorrupt("garbage_after_soi.jpg", .jpeg) }

    /// libjpeg warns about junk before EOI but the picture is whole: tolerated, identical to the clean file.
    @Test func benignJPEGWarningIsTolerated() throws {
        let clean = try ImageDecoder.decode(contentsOf: Fixture.path("baseline.jpg"))
        #expect(try ImageDecoder.decode(contentsOf: Fixture.path("extraneous_bytes.jpg")) == clean)
    }

    @Test func emptyFile() {
        #expect(error("empty.png") == .empty)
        #expect(DecodeError.empty.description == "empty image data (0 bytes)")
    }

    @Test func wrongMagicNamesTheKind() {
        let e = error("wrong_magic.png")
        #expect(e == .unsupportedFormat(leadingBytes: Array("GIF89a".utf8) + [0x1A, 0x0A]))
        #expect(e?.description.contains("47 49 46 38 39 61 1A 0A, looks like GIF") == true, "\(String(describing: e))")
        #expect(error("bad_signature.png")?.description.contains("damaged PNG signature") == true)
        #expect(error("random.bin")?.description.contains("unknown kind") == true)
    }

    /// The file is 68 bytes; decoding it would need 40 GB. Refusal comes from the header alone.
    @Test func hugePNGHeaderRefusedBeforeAllocation() throws {
        #expect(Fixture.bytes("huge_header.png").count < 100)
        let e = error("huge_header.png")
        #expect(e == .tooLarge(width: 100_000, height: 100_000, limits: .standard))
        #expect(e?.description == "image of 100000×100000 pixels exceeds the decode limits "
            + "(at most 65535 pixels per side and 100000000 pixels in total)")
    }

    @Test func hugeJPEGHeaderRefusedBeforeAllocation() {
        #expect(error("huge_header.jpg") == .tooLarge(width: 60_000, height: 60_000, limits: .standard))
    }

    @Test func configurableLimits() {
        let fewPixels = DecodeLimits(maxPixels: 142)  // 13 × 11 = 143
        #expect(error("rgb8.png", limits: fewPixels) == .tooLarge(width: 13, height: 11, limits: fewPixels))
        let shortSides = DecodeLimits(maxDimension: 63)
        #expect(error("baseline.jpg", limits: shortSides) == .tooLarge(width: 64, height: 64, limits: shortSides))
        #expect(error("rgb8.png", limits: DecodeLimits(maxPixels: 143, maxDimension: 13)) == nil)
        let smallFiles = DecodeLimits(maxFileBytes: 100)
        #expect(error("rgb8.png", limits: smallFiles) == .fileTooLarge(bytes: 441, limit: 100))
    }

    @Test func unreadablePaths() throws {
        #expect(error("no_such_file.png") == .unreadable(path: Fixture.path("no_such_file.png"),
                                                         reason: "No such file or directory"))
        let dir = decodeError { () throws(DecodeError) in try ImageDecoder.decode(contentsOf: Fixture.directory) }
        #expect(dir == .unreadable(path: Fixture.directory, reason: "is a directory"))
    }

    /// Every prefix of a valid file fails cleanly, except that libpng does not insist on IEND (the last 12
    /// bytes): a prefix holding all the image data may decode, and must then decode to the whole picture.
    @Test(arguments: ["rgb8.png", "adam7_rgb8.png", "palette4.png", "baseline.jpg", "progressive.jpg",
                      "lossless.webp", "lossy_alpha.webp", "animated.webp", "lossy.avif", "sequence.avif"])
    func everyTruncationFails(name: String) throws {
        let bytes = Fixture.bytes(name)
        let whole = try ImageDecoder.decode(bytes)
        let mayDecodeFrom = name.hasSuffix(".png") ? bytes.count - 12 : bytes.count
        var decoded: [Int] = []
        for length in 0..<bytes.count {
            if let image = try? ImageDecoder.decode(Array(bytes[0..<length])) {
                #expect(image == whole, "\(name) prefix of \(length) bytes decoded to a different picture")
                if length < mayDecodeFrom { decoded.append(length) }
            }
        }
        #expect(decoded.isEmpty, "\(name) decoded from prefixes of \(decoded.prefix(5)) bytes")
    }

    /// Random byte flips (fixed seed): no trap, and whatever decodes has a consistent size.
    @Test(arguments: ["rgb8.png", "adam7_palette4.png", "baseline.jpg", "progressive.jpg", "cmyk.jpg",
                      "lossless.webp", "lossy_alpha.webp", "animated.webp", "lossless.avif", "sequence.avif"])
    func randomMutationsNeverTrap(name: String) {
        let original = Fixture.bytes(name)
        var rng = SplitMix64(seed: 0x5EED ^ UInt64(original.count))
        var failures = 0
        let rounds = 1500
        for _ in 0..<rounds {
            var bytes = original
            for _ in 0..<Int.random(in: 1...4, using: &rng) {
                bytes[Int.random(in: 0..<bytes.count, using: &rng)] = UInt8.random(in: 0...255, using: &rng)
            }
            do {
                let image = try ImageDecoder.decode(bytes, limits: DecodeLimits(maxPixels: 1 << 20))
                #expect(image.pixels.count == image.width * image.height * 4)
            } catch {
                failures += 1
                #expect(!error.description.isEmpty)
            }
        }
        // Mutations that only hit pixel data can still decode; many must be caught.
        #expect(failures > rounds / 20, "\(name): only \(failures) of \(rounds) mutations were rejected")
    }

    @Test func randomBytesBehindEachSignature() {
        var rng = SplitMix64(seed: 42)
        let webp = Array("RIFF".utf8) + [0, 1, 0, 0] + Array("WEBP".utf8)
        let avif = [0, 0, 0, 16] + Array("ftypavif".utf8) + [0, 0, 0, 0]
        for prefix: [UInt8] in [[0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A], [0xFF, 0xD8], [0xFF, 0xD8, 0xFF],
                                webp, webp + Array("VP8 ".utf8), webp + Array("VP8L".utf8), webp + Array("VP8X".utf8),
                                avif, avif + [0, 0, 1, 0] + Array("meta".utf8)] {
            for length in [0, 1, 7, 64, 1000] {
                let bytes = prefix + (0..<length).map { _ in UInt8.random(in: 0...255, using: &rng) }
                let e = decodeError { () throws(DecodeError) in try ImageDecoder.decode(bytes) }
                guard case .corrupt? = e else {
                    Issue.record("\(prefix) + \(length) random bytes: \(String(describing: e))")
                    continue
                }
            }
        }
    }
}
