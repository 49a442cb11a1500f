import CPNG
import FoundationEssentials
import Posix

/// A PNG's image data inflated on a thread of its own, ahead of libpng, which reads it back as stored
/// (uncompressed) deflate blocks and does all the rest as always: unfiltering, expanding, its own checks.
/// libpng inflates and unfilters on one thread, about half and half of a large page's decode (~85 ms for a
/// 2048×2732 RGBA page here); split, the halves run on two cores. The same zlib inflates the same bytes and
/// libpng unfilters them: the pixels are byte for byte the serial decode's.
///
/// libpng sees the file up to its first IDAT chunk as it is (`prefix`), then the bytes `next()` hands out:
/// one IDAT chunk holding a zlib stream of stored blocks, then the file after its last IDAT chunk. That
/// chunk's CRC and the stream's Adler-32 are placeholders libpng is told to skip (`recto_png_rows_open_pulled`);
/// every chunk of the file is checked against its own CRC here instead (the IDAT chunks as they are inflated),
/// and the file's Adler-32 is not checked: the CRCs already cover every compressed byte.
final class InflateAhead: @unchecked Sendable {
    // @unchecked: `slots` hand over between the two threads under `condition` (`published`/`released`); the
    // consumer's fields (`step`, `scratch`) are used by libpng's thread only, the stream by the inflater only.
    private let file: UnsafeRawBufferPointer
    /// The file up to its first IDAT chunk.
    let prefix: UnsafeRawBufferPointer
    /// Start offsets of the IDAT chunks (their length field) and the end of the last one.
    private let chunks: [Int]
    private let suffixStart: Int
    private let blockSizes: [Int]
    private let slots: [UnsafeMutablePointer<UInt8>]
    private let scratch = UnsafeMutablePointer<UInt8>.allocate(capacity: 16)
    private let condition = Condition()
    private var published = 0
    private var released = 0
    private var failed = false
    private var cancelled = false
    private var stopped = false
    private var started = false
    /// The block a side waits for (to fill or to read), nil while it runs. It is woken once half the slots are
    /// free (or filled) and not per block: under load every wake-up waits for a time slice.
    private var inflaterWaits: Int?
    private var readerWaits: Int?
    /// What `next()` hands out next: 0 the chunk's header, 2k+1 block k's header, 2k+2 its bytes, then the
    /// placeholders, then the rest of the file.
    private var step = 0

    /// Nil when the file is not a sequence of well-formed chunks with matching CRCs and consecutive IDAT
    /// chunks, or when its inflated data would not fit one chunk; the caller then lets libpng inflate.
    /// `inflatedBytes`: what the image's rows take filtered (one filter byte a row). `file` must outlive this.
    init?(file: UnsafeRawBufferPointer, inflatedBytes: Int, blockSize: Int = 61_440, slotCount: Int = 16) {
        guard inflatedBytes > 0, file.count > 8 else { return nil }
        self.file = file
        var chunks: [Int] = []
        var offset = 8, suffixStart = 0
        while offset + 12 <= file.count {
            let length = Int(Self.bigEndian(file, offset))
            guard length <= file.count - offset - 12 else { return nil }
            let type = Self.bigEndian(file, offset + 4)
            if type == Self.idat {
                // The IDAT chunks must follow each other; their CRCs are checked as they are inflated.
                guard chunks.isEmpty || suffixStart == offset else { return nil }
                chunks.append(offset)
                suffixStart = offset + 12 + length
            } else {
                guard Self.crcMatches(file, chunkAt: offset) else { return nil }
                if type == Self.iend { break }
            }
            offset += 12 + length
        }
        guard let first = chunks.first else { return nil }
        self.chunks = chunks
        self.suffixStart = suffixStart
        prefix = UnsafeRawBufferPointer(rebasing: file[..<first])
        blockSizes = stride(from: 0, to: inflatedBytes, by: blockSize).map { min(blockSize, inflatedBytes - $0) }
        // The chunk: zlib's 2-byte header, each block's 5-byte header and bytes, the Adler-32.
        guard 2 + 5 * blockSizes.count + inflatedBytes + 4 <= Int(Int32.max) else { return nil }
        slots = (0..<slotCount).map { _ in .allocate(capacity: blockSize) }
    }

    deinit {
        for slot in slots { slot.deallocate() }
        scratch.deallocate()
    }

    /// Starts inflating on a thread of its own; `finish()` must follow.
    func start() {
        started = true
        startThread(name: "recto.inflate") { [self] in inflateAll() }
    }

    /// Stops the inflater (when the reader gave up early) and waits until it no longer touches the file.
    func finish() {
        guard started else { return }
        condition.lock()
        cancelled = true
        condition.broadcast()
        while !stopped { condition.wait() }
        condition.unlock()
    }

    /// The next bytes of the stream libpng reads after `prefix`; nil when inflating failed (libpng then
    /// reports an error) or nothing is left. The bytes stay valid until the next call.
    func next() -> UnsafeRawBufferPointer? {
        defer { step += 1 }
        let blocks = blockSizes.count
        switch step {
        case 0:
            let length = 2 + 5 * blocks + blockSizes.reduce(0, +) + 4
            store([UInt8(length >> 24), UInt8((length >> 16) & 255), UInt8((length >> 8) & 255), UInt8(length & 255),
                   0x49, 0x44, 0x41, 0x54, 0x78, 0x01])
            return UnsafeRawBufferPointer(start: scratch, count: 10)
        case let s where s <= 2 * blocks && s % 2 == 1:
            let k = s / 2, n = blockSizes[k]
            // libpng asks for more only once it has copied what it was given: the block before is free.
            if k > 0 { release(k) }
            store([k == blocks - 1 ? 1 : 0, UInt8(n & 255), UInt8(n >> 8), UInt8(~n & 255), UInt8((~n >> 8) & 255)])
            return UnsafeRawBufferPointer(start: scratch, count: 5)
        case let s where s <= 2 * blocks:
            let k = s / 2 - 1
            condition.lock()
            while published <= k && !failed {
                readerWaits = k
                condition.wait()
                readerWaits = nil
            }
            let ok = published > k
            condition.unlock()
            return ok ? UnsafeRawBufferPointer(start: slots[k % slots.count], count: blockSizes[k]) : nil
        case 2 * blocks + 1:
            release(blocks)
            // Adler-32 and CRC: placeholders, not checked (see the type's comment).
            store([UInt8](repeating: 0, count: 8))
            return UnsafeRawBufferPointer(start: scratch, count: 8)
        case 2 * blocks + 2:
            return UnsafeRawBufferPointer(rebasing: file[suffixStart...])
        default:
            return nil
        }
    }

    private func store(_ bytes: [UInt8]) {
        for (i, b) in bytes.enumerated() { scratch[i] = b }
    }

    /// Blocks before `count` have been read: their slots may be filled again.
    private func release(_ count: Int) {
        condition.lock()
        released = count
        let wake = inflaterWaits.map { $0 - released <= slots.count / 2 } ?? false
        condition.unlock()
        if wake { condition.broadcast() }
    }

    private func inflateAll() {
        var stream = z_stream()
        var ok = recto_inflate_init(&stream) == Z_OK
        // The chunks' CRCs cover the compressed bytes; the Adler-32 of the inflated ones is not computed.
        if ok { ok = inflateValidate(&stream, 0) == Z_OK }
        var chunk = 0
        blocks: for (k, size) in blockSizes.enumerated() where ok {
            condition.lock()
            while k - released >= slots.count && !cancelled {
                inflaterWaits = k
                condition.wait()
                inflaterWaits = nil
            }
            let stop = cancelled
            condition.unlock()
            if stop { break }
            stream.next_out = slots[k % slots.count]
            stream.avail_out = UInt32(size)
            while stream.avail_out > 0 {
                if stream.avail_in == 0 {
                    guard chunk < chunks.count, Self.crcMatches(file, chunkAt: chunks[chunk]) else { ok = false; break blocks }
                    let start = chunks[chunk] + 8
                    stream.next_in = UnsafeMutablePointer(mutating: (file.baseAddress! + start).assumingMemoryBound(to: UInt8.self))
                    stream.avail_in = Self.bigEndian(file, chunks[chunk])
                    chunk += 1
                    continue
                }
                let result = inflate(&stream, Z_NO_FLUSH)
                // The stream ending before the image's rows are complete is an error like any other.
                guard result == Z_OK || (result == Z_STREAM_END && stream.avail_out == 0) else { ok = false; break blocks }
            }
            condition.lock()
            published = k + 1
            let wake = readerWaits.map { published >= min($0 + slots.count / 2, blockSizes.count) } ?? false
            condition.unlock()
            if wake { condition.broadcast() }
        }
        inflateEnd(&stream)
        condition.lock()
        if !ok { failed = true }
        stopped = true
        condition.broadcast()
        condition.unlock()
    }

    private static let idat: UInt32 = 0x4944_4154
    private static let iend: UInt32 = 0x4945_4E44

    private static func bigEndian(_ bytes: UnsafeRawBufferPointer, _ offset: Int) -> UInt32 {
        UInt32(bytes[offset]) << 24 | UInt32(bytes[offset + 1]) << 16 | UInt32(bytes[offset + 2]) << 8 | UInt32(bytes[offset + 3])
    }

    /// Whether the chunk at `offset` (its length field) ends with the CRC of its type and data.
    private static func crcMatches(_ file: UnsafeRawBufferPointer, chunkAt offset: Int) -> Bool {
        let length = Int(bigEndian(file, offset))
        let body = (file.baseAddress! + offset + 4).assumingMemoryBound(to: UInt8.self)
        return UInt32(crc32(0, body, UInt32(length + 4))) == bigEndian(file, offset + 8 + length)
    }
}
