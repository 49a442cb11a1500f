@testable import Decoding
import Geometry
import Testing
import TestSupport

/// Large PNGs are inflated on a thread of their own, ahead of libpng (`InflateAhead`). The pixels must be byte
/// for byte libpng's own whole-image decode, and broken files must fail the same way.
struct InflateAheadTests {
    /// Splits the image data into IDAT chunks of `size` bytes (files from other writers come cut differently).
    static func rechunked(_ png: [UInt8], idatSize size: Int) -> [UInt8] {
        let all = chunks(png)
        let stream = all.filter { $0.type == "IDAT" }.flatMap(\.data)
        var out = Array(png.prefix(8))
        for c in all where c.type != "IDAT" && c.type != "IEND" { out += TinyPNG.chunk(c.type, c.data) }
        for start in stride(from: 0, to: stream.count, by: size) {
            out += TinyPNG.chunk("IDAT", Array(stream[start..<min(start + size, stream.count)]))
        }
        return out + TinyPNG.chunk("IEND", [])
    }

    static func chunks(_ png: [UInt8]) -> [(type: String, data: [UInt8], offset: Int)] {
        var out: [(String, [UInt8], Int)] = []
        var at = 8
        while at + 12 <= png.count {
            let length = png[at..<at + 4].reduce(0) { $0 << 8 | Int($1) }
            out.append((String(decoding: png[at + 4..<at + 8], as: UTF8.self), Array(png[at + 8..<at + 8 + length]), at))
            at += 12 + length
        }
        return out
    }

    static func filteredBytes(_ png: [UInt8]) -> Int {
        let ihdr = chunks(png)[0].data
        let width = ihdr[0..<4].reduce(0) { $0 << 8 | Int($1) }, height = ihdr[4..<8].reduce(0) { $0 << 8 | Int($1) }
        let channels = [0: 1, 2: 3, 3: 1, 4: 2, 6: 4][Int(ihdr[9])]!
        return height * (1 + (width * channels * Int(ihdr[8]) + 7) / 8)
    }

    static func ahead(_ png: [UInt8], _ body: (InflateAhead?) -> Void) {
        png.withUnsafeBytes { body(InflateAhead(file: $0, inflatedBytes: filteredBytes(png))) }
    }

    static func samples(_ count: Int, seed: UInt64, levels: Int = 256) -> [UInt8] {
        var rng = SplitMix64(seed: seed)
        // Runs of equal values: compressible like page art, with enough noise to exercise back references.
        var out: [UInt8] = []
        out.reserveCapacity(count)
        while out.count < count {
            let value = UInt8(Int.random(in: 0..<levels, using: &rng)), run = Int.random(in: 1...40, using: &rng)
            out += repeatElement(value, count: min(run, count - out.count))
        }
        return out
    }

    /// A 1100×1000 RGBA page compressed by libpng (deflate proper, libpng's own IDAT chunking).
    static let deflated: [UInt8] = {
        let image = RGBAImage(width: 1100, height: 1000, pixels: samples(1100 * 1000 * 4, seed: 5))
        return try! PNGEncoder.encode(image)
    }()

    @Test func largeImagesOfEveryColourTypeDecodeTheSame() {
        let palette: [UInt8] = (0..<256).flatMap { (i: Int) -> [UInt8] in [UInt8(i), UInt8(255 - i), UInt8((i * 7) & 255)] }
        let cases: [(String, [UInt8])] = [
            ("1100×1000 RGBA, deflated by libpng", Self.deflated),
            ("the same in 1000-byte chunks", Self.rechunked(Self.deflated, idatSize: 1000)),
            ("1200×900 RGB, 7777-byte chunks", Self.rechunked(TinyPNG.make(width: 1200, height: 900, colourType: 2,
                samples: Self.samples(1200 * 900 * 3, seed: 6)), idatSize: 7777)),
            ("1030×1030 grey with tRNS", TinyPNG.make(width: 1030, height: 1030, colourType: 0,
                samples: Self.samples(1030 * 1030, seed: 7), chunks: [("tRNS", [0, 3])])),
            ("1024×1024 palette with tRNS", TinyPNG.make(width: 1024, height: 1024, colourType: 3,
                samples: Self.samples(1024 * 1024, seed: 8), chunks: [("PLTE", palette), ("tRNS", [0, 128, 255, 7])])),
        ]
        for (what, png) in cases {
            Self.ahead(png) { #expect($0 != nil, "\(what): not inflated ahead") }
            for box in [PixelSize(width: 300, height: 280), PixelSize(width: 1000, height: 900)] {
                FittedDecodeTests.expectSame(png, box, what)
            }
        }
    }

    /// libpng reads one IDAT chunk of stored blocks holding exactly the rows with their filter bytes, then the
    /// file's end.
    @Test func libpngReadsTheRowsAsStoredBlocks() {
        let (w, h) = (1200, 900)
        let rgb = Self.samples(w * h * 3, seed: 11)
        let png = Self.rechunked(TinyPNG.make(width: w, height: h, colourType: 2, samples: rgb), idatSize: 5000)
        let rows: [UInt8] = (0..<h).flatMap { (y: Int) -> [UInt8] in [0] + rgb[(y * w * 3)..<((y + 1) * w * 3)] }
        Self.ahead(png) { ahead in
            guard let ahead else { return #expect(Bool(false), "not inflated ahead") }
            #expect(Array(ahead.prefix) == Array(png.prefix(Self.chunks(png)[1].offset)))
            ahead.start()
            defer { ahead.finish() }
            var segments: [[UInt8]] = []
            while let s = ahead.next() { segments.append(Array(s)) }
            let header = segments.removeFirst()
            let length = header[0..<4].reduce(0) { $0 << 8 | Int($1) }
            #expect(Array(header[4...]) == [0x49, 0x44, 0x41, 0x54, 0x78, 0x01])
            #expect(segments.removeLast() == TinyPNG.chunk("IEND", []))
            #expect(segments.removeLast() == [UInt8](repeating: 0, count: 8))
            var inflated: [UInt8] = []
            for (i, pair) in stride(from: 0, to: segments.count, by: 2).enumerated() {
                let block = segments[pair], bytes = segments[pair + 1]
                #expect(block == [pair + 2 == segments.count ? 1 : 0, UInt8(bytes.count & 255), UInt8(bytes.count >> 8),
                                  UInt8(~bytes.count & 255), UInt8((~bytes.count >> 8) & 255)], "block \(i)")
                inflated += bytes
            }
            #expect(inflated == rows)
            #expect(length == 2 + segments.reduce(0) { $0 + $1.count } + 4)
        }
    }

    @Test func brokenImageDataFailsAsWithoutInflatingAhead() {
        let png = Self.rechunked(Self.deflated, idatSize: 20_000)
        let middle = Self.chunks(png).filter { $0.type == "IDAT" }[3]
        var badCRC = png
        badCRC[middle.offset + 100] ^= 0x55
        var badStream = Self.chunks(png).map { c in (c.type, c.data) }
        if let i = badStream.firstIndex(where: { $0.0 == "IDAT" }) { badStream[i + 3].1[100] ^= 0x55 }
        let restreamed = Array(png.prefix(8)) + badStream.flatMap { TinyPNG.chunk($0.0, $0.1) }
        for (what, file) in [("an IDAT chunk's CRC wrong", badCRC), ("the deflate stream broken", restreamed),
                             ("cut short", Array(png.prefix(png.count / 2)))] {
            FittedDecodeTests.expectSame(file, PixelSize(width: 300, height: 280), what)
        }
        // The inflater reports the bad chunk instead of handing libpng its bytes.
        Self.ahead(badCRC) { ahead in
            guard let ahead else { return #expect(Bool(false), "not inflated ahead") }
            ahead.start()
            defer { ahead.finish() }
            var handed = 0
            while let s = ahead.next() { handed += s.count }
            #expect(handed < Self.filteredBytes(png))
        }
    }

    @Test func filesItCannotPassOnAreLeftToLibpng() {
        let idat = Self.chunks(Self.deflated).filter { $0.type == "IDAT" }
        var text = TinyPNG.chunk("tEXt", Array("Title\0x".utf8))
        text[text.count - 1] ^= 0xFF
        let badText = Array(Self.deflated.prefix(idat[0].offset)) + text + Self.deflated[idat[0].offset...]
        var split = Array(Self.deflated.prefix(idat[1].offset)) + TinyPNG.chunk("tEXt", Array("a\0b".utf8))
        split += Self.deflated[idat[1].offset...]
        for (what, file) in [("a chunk's CRC wrong", badText), ("IDAT chunks apart", split)] {
            Self.ahead(file) { #expect($0 == nil, "\(what)") }
            FittedDecodeTests.expectSame(file, PixelSize(width: 300, height: 280), what)
        }
    }

    /// A reader that gives up early (a libpng error) leaves the inflater waiting for free slots: finishing stops it.
    @Test func finishingEarlyStopsTheInflater() {
        Self.ahead(Self.deflated) { ahead in
            guard let ahead else { return #expect(Bool(false), "not inflated ahead") }
            ahead.start()
            for _ in 0..<4 { _ = ahead.next() }
            ahead.finish()
        }
    }
}
