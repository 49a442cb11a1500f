import ArgumentParser
import Decoding
import Diagnostics
import Geometry
import Glibc
import Pages
import Visits

/// Standard base64 with padding: the report's page thumbnails as data URLs.
func base64(_ bytes: [UInt8]) -> String {
    let table = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)
    var out = [UInt8]()
    out.reserveCapacity((bytes.count + 2) / 3 * 4)
    var i = 0
    while i < bytes.count {
        let b0 = Int(bytes[i]), b1 = i + 1 < bytes.count ? Int(bytes[i + 1]) : 0, b2 = i + 2 < bytes.count ? Int(bytes[i + 2]) : 0
        out.append(table[b0 >> 2])
        out.append(table[(b0 & 3) << 4 | b1 >> 4])
        out.append(i + 1 < bytes.count ? table[(b1 & 15) << 2 | b2 >> 6] : UInt8(ascii: "="))
        out.append(i + 2 < bytes.count ? table[b2 & 63] : UInt8(ascii: "="))
        i += 3
    }
    return String(decoding: out, as: UTF8.self)
}
