import Pages
import Decoding
import Geometry

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

func appendLE(_ out: inout [UInt8], _ v: UInt64, bytes: Int) {
    for i in 0..<bytes { out.append(UInt8(truncatingIfNeeded: v >> (8 * UInt64(i)))) }
}

func readLE(_ p: UnsafeRawBufferPointer, _ at: Int, count: Int) -> UInt64 {
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
