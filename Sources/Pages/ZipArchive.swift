import CZlibSystem
import Glibc
import Posix

/// Why an archive or entry cannot be read; the text goes into `PageError`'s reason.
struct ZipError: Error, Equatable, CustomStringConvertible {
    let description: String
    init(_ text: String) { description = text }
}

/// A ZIP archive read through `pread` on one descriptor: no file position, so any thread may read any entry at
/// any time (no pool of readers, no lock). Reads what CBZ books use: stored and deflated entries, ZIP64 sizes
/// and offsets, UTF-8 or CP437 names. zlib inflates; the CRC-32 is zlib's.
enum ZipArchive {
    /// The central directory may not be larger than this (about 300 000 entries with long names).
    static let maxDirectoryBytes = 64 << 20

    /// The entries of the archive in `fd` (`size` bytes), in directory order; at most `maxEntries + 1` are
    /// returned, so a caller can tell "too many" without the archive making it list them all.
    static func entries(fd: Int32, size: Int, maxEntries: Int) throws(ZipError) -> [ZipEntry] {
        let end = try endRecord(fd: fd, size: size)
        guard end.directorySize <= UInt64(maxDirectoryBytes), end.directoryOffset + end.directorySize <= UInt64(size)
        else { throw ZipError("the central directory lies outside the file") }
        let directory = try Self.read(fd: fd, at: end.directoryOffset, count: Int(end.directorySize))
        var entries: [ZipEntry] = []
        var at = 0
        while entries.count <= maxEntries, UInt64(entries.count) < end.entryCount {
            guard at + 46 <= directory.count, directory.u32(at) == 0x0201_4b50 else {
                throw ZipError("central directory entry \(entries.count + 1) is damaged")
            }
            let madeBy = directory.u16(at + 4), flags = directory.u16(at + 8), method = directory.u16(at + 10)
            var compressed = UInt64(directory.u32(at + 20)), uncompressed = UInt64(directory.u32(at + 24))
            let nameLength = Int(directory.u16(at + 28)), extraLength = Int(directory.u16(at + 30))
            let commentLength = Int(directory.u16(at + 32))
            let external = directory.u32(at + 38)
            var offset = UInt64(directory.u32(at + 42))
            let nameStart = at + 46, extraStart = nameStart + nameLength
            let next = extraStart + extraLength + commentLength
            guard next <= directory.count else { throw ZipError("central directory entry \(entries.count + 1) is damaged") }
            // ZIP64: the fields that overflowed 32 bits follow in the 0x0001 extra field, in this order.
            var x = extraStart
            while x + 4 <= extraStart + extraLength {
                let id = directory.u16(x), length = Int(directory.u16(x + 2))
                var field = x + 4
                let fieldEnd = field + length
                guard fieldEnd <= extraStart + extraLength else { break }
                if id == 1 {
                    if uncompressed == 0xFFFF_FFFF, field + 8 <= fieldEnd { uncompressed = directory.u64(field); field += 8 }
                    if compressed == 0xFFFF_FFFF, field + 8 <= fieldEnd { compressed = directory.u64(field); field += 8 }
                    if offset == 0xFFFF_FFFF, field + 8 <= fieldEnd { offset = directory.u64(field) }
                }
                x = fieldEnd
            }
            let path = name(directory[nameStart..<extraStart], utf8: flags & 0x800 != 0)
            let mode = external >> 16 & 0o170000
            let kind: ZipEntry.Kind = madeBy >> 8 == 3 && mode == 0o120000 ? .symlink
                : path.hasSuffix("/") || (madeBy >> 8 == 3 && mode == 0o040000) ? .directory : .file
            entries.append(ZipEntry(path: path, kind: kind, method: method, flags: flags,
                                    checksum: directory.u32(at + 16), compressedSize: compressed,
                                    uncompressedSize: uncompressed, localHeaderOffset: offset))
            at = next
        }
        return entries
    }

    /// Reads `entry`'s data, handing it to `body` in chunks of at most 64 KiB as it is inflated; `body` returns
    /// false to stop. Returns the CRC-32 of what was handed over.
    static func extract(_ entry: ZipEntry, fd: Int32, size: Int,
                        _ body: ([UInt8]) -> Bool) throws(ZipError) -> UInt32 {
        guard entry.flags & 1 == 0 else { throw ZipError("the entry is encrypted") }
        guard entry.method == 0 || entry.method == 8 else {
            throw ZipError("compression method \(entry.method) (only stored and deflated entries are read)")
        }
        let header = try Self.read(fd: fd, at: entry.localHeaderOffset, count: 30)
        guard header.u32(0) == 0x0403_4b50 else { throw ZipError("no local header where the directory says") }
        let start = entry.localHeaderOffset + 30 + UInt64(header.u16(26)) + UInt64(header.u16(28))
        guard start <= UInt64(size), entry.compressedSize <= UInt64(size) - start else {
            throw ZipError("the entry's data runs past the end of the file")
        }
        var crc = crc32(0, nil, 0)
        let chunk = 1 << 16
        if entry.method == 0 {
            var done: UInt64 = 0
            while done < entry.compressedSize {
                let piece = try Self.read(fd: fd, at: start + done, count: Int(min(UInt64(chunk), entry.compressedSize - done)))
                done += UInt64(piece.count)
                crc = piece.withUnsafeBufferPointer { crc32(crc, $0.baseAddress, uInt($0.count)) }
                guard body(piece) else { break }
            }
            return UInt32(crc)
        }

        var stream = z_stream()
        guard recto_inflate_init_raw(&stream) == Z_OK else { throw ZipError("zlib could not start") }
        defer { inflateEnd(&stream) }
        var output = [UInt8](repeating: 0, count: chunk)
        var done: UInt64 = 0
        var finished = false
        while !finished {
            guard done < entry.compressedSize else { throw ZipError("the deflated data ends early") }
            var input = try Self.read(fd: fd, at: start + done, count: Int(min(UInt64(chunk), entry.compressedSize - done)))
            done += UInt64(input.count)
            var status = Z_OK
            var more = true
            input.withUnsafeMutableBufferPointer { inp in
                stream.next_in = inp.baseAddress
                stream.avail_in = uInt(inp.count)
                repeat {
                    let produced: Int = output.withUnsafeMutableBufferPointer { out in
                        stream.next_out = out.baseAddress
                        stream.avail_out = uInt(out.count)
                        status = inflate(&stream, Z_NO_FLUSH)
                        return out.count - Int(stream.avail_out)
                    }
                    if status != Z_OK && status != Z_STREAM_END && !(status == Z_BUF_ERROR && produced == 0) { return }
                    if produced > 0 {
                        let piece = Array(output[..<produced])
                        crc = piece.withUnsafeBufferPointer { crc32(crc, $0.baseAddress, uInt($0.count)) }
                        more = body(piece)
                    }
                } while more && status == Z_OK && (stream.avail_in > 0 || stream.avail_out == 0)
            }
            stream.next_in = nil
            if !more { break }
            switch status {
            case Z_STREAM_END: finished = true
            case Z_OK, Z_BUF_ERROR: continue
            default:
                let message = stream.msg.map { String(cString: $0) } ?? "error \(status)"
                throw ZipError("the deflated data is damaged (\(message))")
            }
        }
        return UInt32(crc)
    }

    private struct EndRecord { var entryCount: UInt64, directorySize: UInt64, directoryOffset: UInt64 }

    /// The end-of-central-directory record, searched only where it can lie (the last 64 KiB + 22 bytes), and
    /// its ZIP64 counterpart where the 32-bit fields overflowed.
    private static func endRecord(fd: Int32, size: Int) throws(ZipError) -> EndRecord {
        let span = min(size, 22 + 65_535)
        let noRecord = ZipError("no ZIP end-of-central-directory record")
        guard span >= 22 else { throw noRecord }
        let tail = try Self.read(fd: fd, at: UInt64(size - span), count: span)
        var i = span - 22
        while i >= 0, tail.u32(i) != 0x0605_4b50 { i -= 1 }
        guard i >= 0 else { throw noRecord }
        var record = EndRecord(entryCount: UInt64(tail.u16(i + 10)), directorySize: UInt64(tail.u32(i + 12)),
                               directoryOffset: UInt64(tail.u32(i + 16)))
        let overflowed = record.entryCount == 0xFFFF || record.directorySize == 0xFFFF_FFFF
            || record.directoryOffset == 0xFFFF_FFFF
        let locatorAt = size - span + i - 20
        if overflowed, locatorAt >= 0 {
            let locator = try Self.read(fd: fd, at: UInt64(locatorAt), count: 20)
            if locator.u32(0) == 0x0706_4b50 {
                let at = locator.u64(8)
                guard at <= UInt64(size) - 56 else { throw ZipError("the ZIP64 end record lies outside the file") }
                let zip64 = try Self.read(fd: fd, at: at, count: 56)
                guard zip64.u32(0) == 0x0606_4b50 else { throw ZipError("the ZIP64 end record is damaged") }
                record = EndRecord(entryCount: zip64.u64(32), directorySize: zip64.u64(40),
                                   directoryOffset: zip64.u64(48))
            }
        }
        return record
    }

    private static func read(fd: Int32, at offset: UInt64, count: Int) throws(ZipError) -> [UInt8] {
        guard offset <= UInt64(Int64.max) else { throw ZipError("offset \(offset) lies outside the file") }
        var bytes = [UInt8](repeating: 0, count: count)
        var done = 0
        while done < count {
            let outcome = systemCall { bytes.withUnsafeMutableBytes { pread(fd, $0.baseAddress! + done, count - done, off_t(offset) + off_t(done)) } }
            let got = try outcome.mapError { ZipError($0.description) }.get()
            guard got > 0 else { throw ZipError("the file ends at \(offset + UInt64(done)), in the middle of the archive") }
            done += got
        }
        return bytes
    }

    /// A name in UTF-8 (flagged, or valid as such — all ASCII is) or else in IBM code page 437, as DOS wrote it.
    private static func name(_ bytes: ArraySlice<UInt8>, utf8 flagged: Bool) -> String {
        if flagged || String(validating: bytes, as: UTF8.self) != nil { return String(decoding: bytes, as: UTF8.self) }
        return String(bytes.map { $0 < 128 ? Character(Unicode.Scalar($0)) : cp437High[Int($0 - 128)] })
    }

    private static let cp437High = Array(
        "ÇüéâäàåçêëèïîìÄÅÉæÆôöòûùÿÖÜ¢£¥₧ƒáíóúñÑªº¿⌐¬½¼¡«»░▒▓│┤╡╢╖╕╣║╗╝╜╛┐└┴┬├─┼╞╟╚╔╩╦╠═╬╧╨╤╥╙╘╒╓╫╪┘┌█▄▌▐▀αßΓπΣσµτΦΘΩδ∞φε∩≡±≥≤⌠⌡÷≈°∙·√ⁿ²■\u{A0}")
}

private extension Array where Element == UInt8 {
    func u16(_ i: Int) -> UInt16 { UInt16(self[i]) | UInt16(self[i + 1]) << 8 }
    func u32(_ i: Int) -> UInt32 { UInt32(u16(i)) | UInt32(u16(i + 2)) << 16 }
    func u64(_ i: Int) -> UInt64 { UInt64(u32(i)) | UInt64(u32(i + 4)) << 32 }
}
