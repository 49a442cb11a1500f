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
