import Foundation
import ZIPFoundation

/// Writes an archive through ZIPFoundation (the same library that reads it), from (path, bytes) pairs;
/// a path ending in "/" is a directory entry.
func writeZip(_ path: String, _ entries: [(String, [UInt8])], symlinks: [(String, String)] = [],
              compression: CompressionMethod = .deflate) throws {
    try? FileManager.default.removeItem(atPath: path)
    let archive = try Archive(url: URL(fileURLWithPath: path), accessMode: .create)
    for (name, bytes) in entries {
        if name.hasSuffix("/") {
            try archive.addEntry(with: name, type: .directory, uncompressedSize: Int64(0)) { _, _ in Data() }
            continue
        }
        let data = Data(bytes)
        try archive.addEntry(with: name, type: .file, uncompressedSize: Int64(data.count),
                             compressionMethod: compression) { position, size in
            data.subdata(in: Int(position)..<Int(position) + size)
        }
    }
    for (name, target) in symlinks {
        let data = Data(target.utf8)
        try archive.addEntry(with: name, type: .symlink, uncompressedSize: Int64(data.count)) { position, size in
            data.subdata(in: Int(position)..<Int(position) + size)
        }
    }
}

/// Raw deflate of `count` zero bytes, produced in 1 MiB chunks so the zeros never exist all at once.
func deflatedZeros(_ count: Int) throws -> [UInt8] {
    let chunk = Data(count: 1 << 20)
    var out = Data()
    _ = try Data.compress(size: Int64(count), bufferSize: 1 << 20, provider: { position, size in
        chunk.prefix(min(size, count - Int(position)))
    }, consumer: { out.append($0) })
    return [UInt8](out)
}

/// A hand-made single-entry ZIP whose header claims whatever we like: for bombs and lying headers, which no
/// honest writer produces.
func handMadeZip(name: String, deflated: [UInt8], declaredSize: UInt32, crc: UInt32 = 0) -> [UInt8] {
    var out: [UInt8] = []
    func u16(_ v: Int) { out += [UInt8(v & 0xFF), UInt8(v >> 8 & 0xFF)] }
    func u32(_ v: UInt32) { out += [UInt8(v & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v >> 16 & 0xFF), UInt8(v >> 24)] }
    let nameBytes = Array(name.utf8)
    // Local file header.
    u32(0x0403_4B50); u16(20); u16(0); u16(8); u16(0); u16(0x21)
    u32(crc); u32(UInt32(deflated.count)); u32(declaredSize); u16(nameBytes.count); u16(0)
    out += nameBytes
    out += deflated
    // Central directory (made by Unix, regular file mode 0644).
    let cdOffset = out.count
    u32(0x0201_4B50); u16(3 << 8 | 20); u16(20); u16(0); u16(8); u16(0); u16(0x21)
    u32(crc); u32(UInt32(deflated.count)); u32(declaredSize); u16(nameBytes.count); u16(0); u16(0)
    u16(0); u16(0); u32(UInt32(0o100644) << 16); u32(0)
    out += nameBytes
    let cdSize = out.count - cdOffset
    // End of central directory.
    u32(0x0605_4B50); u16(0); u16(0); u16(1); u16(1); u32(UInt32(cdSize)); u32(UInt32(cdOffset)); u16(0)
    return out
}
