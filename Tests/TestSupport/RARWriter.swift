/// Writes RAR archives whose entries are stored (RAR's method 0, "store"), in the RAR 4 (RAR 1.5–4.x) and RAR 5
/// formats, from RARLAB's published descriptions of both (rarlab.com/technote.htm for RAR 5, and the RAR 4
/// `technote.txt` that shipped with RAR 4.x). No free program writes RAR, so the tests make their CBRs with this;
/// stored entries keep the page bytes as they are, so a CBR can be compared byte for byte with a CBZ of the same
/// pages. `declaredSize` lets a test write a header that lies about an entry's size.
public enum RARWriter {
    public struct Entry {
        public var name: String
        public var bytes: [UInt8]
        /// The unpacked size the header claims (nil: the true size).
        public var declaredSize: UInt64?

        public init(name: String, bytes: [UInt8], declaredSize: UInt64? = nil) {
            self.name = name
            self.bytes = bytes
            self.declaredSize = declaredSize
        }
    }

    public static func rar5(_ entries: [Entry]) -> [UInt8] {
        var out: [UInt8] = [0x52, 0x61, 0x72, 0x21, 0x1A, 0x07, 0x01, 0x00]
        // Main archive header: type 1, no flags, no archive flags.
        out += block5(vint(1) + vint(0) + vint(0))
        for e in entries {
            let name = Array(e.name.utf8)
            var header = vint(2) + vint(0x0002) + vint(UInt64(e.bytes.count)) // type, flags (data area), data size
            header += vint(0x0004)                                              // file flags: CRC32 present
            header += vint(e.declaredSize ?? UInt64(e.bytes.count))             // unpacked size
            header += vint(0o100644)                                            // attributes (Unix)
            header += le32(crc32(e.bytes))
            header += vint(0)                                                   // version 0, not solid, store
            header += vint(1)                                                   // host OS: Unix
            header += vint(UInt64(name.count)) + name
            out += block5(header) + e.bytes
        }
        out += block5(vint(5) + vint(0) + vint(0))                              // end of archive
        return out
    }

    public static func rar4(_ entries: [Entry]) -> [UInt8] {
        var out: [UInt8] = [0x52, 0x61, 0x72, 0x21, 0x1A, 0x07, 0x00]
        // Archive header: type 0x73, flags 0, size 13, two reserved fields.
        out += block4(type: 0x73, flags: 0, fields: [0, 0] + [0, 0, 0, 0])
        for e in entries {
            let name = Array(e.name.utf8)
            var fields = le32(UInt32(e.bytes.count))                             // packed size
            fields += le32(UInt32(truncatingIfNeeded: e.declaredSize ?? UInt64(e.bytes.count))) // unpacked size
            fields += [3]                                                         // host OS: Unix
            fields += le32(crc32(e.bytes))
            fields += le32(0x5021_0000)                                           // 2020-01-01, DOS time
            fields += [20, 0x30]                                                  // version 2.0, method: store
            fields += le16(UInt16(name.count))
            fields += le32(0o100644)
            fields += name
            // 0x8000: a long block (its data follows the header).
            out += block4(type: 0x74, flags: 0x8000, fields: fields) + e.bytes
        }
        out += block4(type: 0x7B, flags: 0x4000, fields: [])
        return out
    }

    private static func block5(_ header: [UInt8]) -> [UInt8] {
        let sized = vint(UInt64(header.count)) + header
        return le32(crc32(sized)) + sized
    }

    private static func block4(type: UInt8, flags: UInt16, fields: [UInt8]) -> [UInt8] {
        let body = [type] + le16(flags) + le16(UInt16(7 + fields.count)) + fields
        return le16(UInt16(crc32(body) & 0xFFFF)) + body
    }

    private static func vint(_ value: UInt64) -> [UInt8] {
        var v = value, out: [UInt8] = []
        repeat {
            let byte = UInt8(v & 0x7F)
            v >>= 7
            out.append(v > 0 ? byte | 0x80 : byte)
        } while v > 0
        return out
    }

    private static func le16(_ v: UInt16) -> [UInt8] { [UInt8(v & 0xFF), UInt8(v >> 8)] }
    private static func le32(_ v: UInt32) -> [UInt8] { (0..<4).map { UInt8((v >> (8 * $0)) & 0xFF) } }

    public static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for b in bytes {
            crc ^= UInt32(b)
            for _ in 0..<8 { crc = crc & 1 != 0 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }
}
