import Foundation

/// The IHDR fields of a PNG file: enough to check a screenshot's size without a decoder.
struct PNGHeader: Equatable, Sendable {
    var width: Int
    var height: Int
    var bitDepth: Int
    var colorType: Int

    /// Reads the signature and the IHDR chunk (the first 29 bytes). Throws when the file is not a PNG.
    init(contentsOf url: URL) throws {
        let handle = try FileHandle(forReadingFrom: url)
        defer { try? handle.close() }
        let bytes = [UInt8](handle.readData(ofLength: 29))
        let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        guard bytes.count == 29, Array(bytes[0..<8]) == signature,
              String(decoding: bytes[12..<16], as: UTF8.self) == "IHDR" else {
            throw HarnessError.failed("\(url.path) is not a PNG file")
        }
        func be32(_ at: Int) -> Int { bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
        width = be32(16)
        height = be32(20)
        bitDepth = Int(bytes[24])
        colorType = Int(bytes[25])
    }
}
