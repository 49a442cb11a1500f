import Pages
import Decoding
import Geometry

/// The on-disk layout of one cached page: a 64-byte header, then `width * height * 4` RGBA bytes exactly as
/// `RGBAImage.pixels` holds them. Uncompressed on purpose: loading is one read into the pixel array, no decode.
///
/// Header, all integers little-endian:
///
///     0  magic "RECTOPG\u{1A}"   8  version u32      12 width u32         16 height u32
///     20 source width u32        24 source height u32                      28 bounds width u32
///     32 bounds height u32       36 zero u32          40 key hash u64      48 pixel byte count u64
///     56 checksum u64 of bytes 0..<56 followed by the pixels
///
/// The key hash ties the file to the name it was written under (a file copied or renamed into another entry's
/// place is refused); the checksum covers the header too, so a torn or rotted file never yields a wrong page.
struct DiskCacheHeader: Equatable {
    static let size = 64
    static let magic: [UInt8] = [0x52, 0x45, 0x43, 0x54, 0x4F, 0x50, 0x47, 0x1A]

    var version: UInt32
    var size: PixelSize
    var sourceSize: PixelSize
    var bounds: PixelSize
    var keyHash: UInt64
    var pixelBytes: UInt64

    /// The 64 header bytes for `pixels`, checksum included.
    func encoded(pixels: UnsafeRawBufferPointer) -> [UInt8] {
        var out = Self.magic
        out.reserveCapacity(Self.size)
        for v in [version, UInt32(size.width), UInt32(size.height), UInt32(sourceSize.width),
                  UInt32(sourceSize.height), UInt32(bounds.width), UInt32(bounds.height), 0] {
            appendLE(&out, UInt64(v), bytes: 4)
        }
        appendLE(&out, keyHash, bytes: 8)
        appendLE(&out, pixelBytes, bytes: 8)
        let sum = out.withUnsafeBytes { Self.checksum(head: $0, pixels: pixels) }
        appendLE(&out, sum, bytes: 8)
        return out
    }

    /// Parses the first 64 bytes; nil when the magic is wrong. Does not check the checksum (see `checksum`).
    static func decode(_ bytes: UnsafeRawBufferPointer) -> (header: DiskCacheHeader, checksum: UInt64)? {
        guard bytes.count >= size, bytes.prefix(8).elementsEqual(magic) else { return nil }
        func u32(_ at: Int) -> Int { Int(readLE(bytes, at, count: 4)) }
        let header = DiskCacheHeader(
            version: UInt32(u32(8)),
            size: PixelSize(width: u32(12), height: u32(16)),
            sourceSize: PixelSize(width: u32(20), height: u32(24)),
            bounds: PixelSize(width: u32(28), height: u32(32)),
            keyHash: readLE(bytes, 40, count: 8),
            pixelBytes: readLE(bytes, 48, count: 8))
        guard u32(36) == 0 else { return nil }
        return (header, readLE(bytes, 56, count: 8))
    }

    /// The checksum stored at offset 56: the first 56 header bytes, then the pixels.
    static func checksum(head: UnsafeRawBufferPointer, pixels: UnsafeRawBufferPointer) -> UInt64 {
        let seed = Checksum64.hash(UnsafeRawBufferPointer(rebasing: head.prefix(56)), seed: 0x5245_4354_4F50_4731)
        return Checksum64.hash(pixels, seed: seed)
    }
}

extension DiskCache {
    /// The exact bytes of the file `store` writes for these arguments, stamped with `version`: for tools that
    /// prepare a cache elsewhere, and for tests that plant entries of other versions.
    public static func fileContents(of image: RGBAImage, sourceSize: PixelSize, identity: PageIdentity,
                                    fitting bounds: PixelSize, version: UInt32 = formatVersion) -> [UInt8] {
        header(of: image, sourceSize: sourceSize, name: fileName(identity, bounds), fitting: bounds, version: version)
            + image.pixels
    }

    static func header(of image: RGBAImage, sourceSize: PixelSize, name: String, fitting bounds: PixelSize,
                       version: UInt32) -> [UInt8] {
        let header = DiskCacheHeader(version: version, size: image.size, sourceSize: sourceSize, bounds: bounds,
                                     keyHash: nameHash(name), pixelBytes: UInt64(image.pixels.count))
        return image.pixels.withUnsafeBytes { header.encoded(pixels: $0) }
    }
}

private func appendLE(_ out: inout [UInt8], _ v: UInt64, bytes: Int) {
    for i in 0..<bytes { out.append(UInt8(truncatingIfNeeded: v >> (8 * UInt64(i)))) }
}

private func readLE(_ p: UnsafeRawBufferPointer, _ at: Int, count: Int) -> UInt64 {
    var v: UInt64 = 0
    for i in 0..<count { v |= UInt64(p[at + i]) << (8 * UInt64(i)) }
    return v
}

/// A fast 64-bit checksum for cache files; not cryptographic (the cache directory is the user's own, the threat
/// is a torn write or bit rot, not an adversary).
///
/// Four independent lanes over 8-byte words let the CPU overlap the multiplies. Each step
/// `h = rotl(h ^ (w * k1), 27) * k2` is a bijection of `h` for a fixed word and of the word for a fixed `h`, so
/// any single changed word changes the result for certain; the final mix spreads every lane over all 64 bits.
enum Checksum64 {
    private static let k1: UInt64 = 0x9FB2_1C65_1E98_DF25
    private static let k2: UInt64 = 0xD6E8_FEB8_6659_FD93

    @inline(__always) private static func step(_ h: UInt64, _ w: UInt64) -> UInt64 {
        let x = h ^ (w &* k1)
        return ((x << 27) | (x >> 37)) &* k2
    }

    static func hash(_ p: UnsafeRawBufferPointer, seed: UInt64) -> UInt64 {
        let n = p.count
        var a = seed, b = seed ^ k1, c = seed &+ k2, d = ~seed
        var i = 0
        if n > 0 {
            let base = p.baseAddress!
            while i + 32 <= n {
                a = step(a, base.loadUnaligned(fromByteOffset: i, as: UInt64.self))
                b = step(b, base.loadUnaligned(fromByteOffset: i + 8, as: UInt64.self))
                c = step(c, base.loadUnaligned(fromByteOffset: i + 16, as: UInt64.self))
                d = step(d, base.loadUnaligned(fromByteOffset: i + 24, as: UInt64.self))
                i += 32
            }
            while i + 8 <= n {
                a = step(a, base.loadUnaligned(fromByteOffset: i, as: UInt64.self))
                i += 8
            }
        }
        if i < n {
            var tail: UInt64 = 0
            for j in i..<n { tail |= UInt64(p[j]) << (8 * UInt64(j - i)) }
            b = step(b, tail)  // trailing zero bytes are told apart by the length mixed in below
        }
        var h = step(step(step(step(UInt64(n), a), b), c), d)
        // SplitMix64's finaliser: every input bit reaches every output bit.
        h = (h ^ (h >> 30)) &* 0xBF58_476D_1CE4_E5B9
        h = (h ^ (h >> 27)) &* 0x94D0_49BB_1331_11EB
        return h ^ (h >> 31)
    }
}
