import Foundation
import Glibc
import Posix

/// Books on disk built by the tests in the scratch directory: copies of demo pages, files changed while recto
/// reads them, and hostile pages.
enum BookFixtures {
    /// The bundled demo book in the checkout (found from this file's path, never from a bundle).
    static let demoDirectory = RectoBinary.packageRoot.appendingPathComponent("Assets/DemoBook")

    /// Demo page `n` (1…14) in the checkout.
    static func demoPage(_ n: Int) -> URL {
        demoDirectory.appendingPathComponent(String(format: "page-%02d.png", n))
    }

    /// A new directory holding copies of demo pages `pages`, named `page-01.png`, `page-02.png` … in that
    /// order (so page i of the new book is demo page `pages[i - 1]`).
    static func copyOfDemo(pages: [Int], name: String = "book") throws -> URL {
        let directory = try Scratch.makeDirectory(name)
        for (index, page) in pages.enumerated() {
            try FileManager.default.copyItem(at: demoPage(page), to: directory.appendingPathComponent(pageName(index + 1)))
        }
        return directory
    }

    /// The file name of page `n` in a book made by `copyOfDemo`.
    static func pageName(_ n: Int) -> String { String(format: "page-%02d.png", n) }

    /// Puts `source` into `directory` as `name` the way a careful copy tool does: written under a hidden
    /// temporary name that is not a page, then renamed (one atomic change of the book).
    static func copyAtomically(_ source: URL, into directory: URL, as name: String) throws {
        let temporary = directory.appendingPathComponent(".\(name).part")
        try FileManager.default.copyItem(at: source, to: temporary)
        guard rename(temporary.path, directory.appendingPathComponent(name).path) == 0 else {
            throw HarnessError.failed("rename into \(directory.path) failed: \(errnoText(errno))")
        }
    }

    /// Copies `source` to `destination` slowly, as over a network: the first half of the bytes under the final
    /// name, a pause of `pause`, then the rest. In between the file on disk is a truncated PNG.
    static func copySlowly(_ source: URL, to destination: URL, pause: Duration) throws {
        let bytes = try Data(contentsOf: source)
        let half = bytes.count / 2
        guard FileManager.default.createFile(atPath: destination.path, contents: bytes.prefix(half)) else {
            throw HarnessError.failed("cannot create \(destination.path)")
        }
        let left = pause.components
        usleep(UInt32(left.seconds * 1_000_000 + left.attoseconds / 1_000_000_000_000))
        let handle = try FileHandle(forWritingTo: destination)
        defer { try? handle.close() }
        try handle.seekToEnd()
        try handle.write(contentsOf: bytes.suffix(from: half))
    }

    /// Cuts the file at `url` down to `length` bytes in place (same inode, as a failing disk or a copy
    /// interrupted mid-way leaves it).
    static func truncate(_ url: URL, to length: Int) throws {
        guard Glibc.truncate(url.path, off_t(length)) == 0 else {
            throw HarnessError.failed("truncate \(url.path): \(errnoText(errno))")
        }
    }
}

/// A minimal PNG writer for hostile headers: signature, IHDR with any declared size, a tiny IDAT, IEND, every
/// chunk with a correct CRC-32 so a decoder has to judge the header itself.
enum CraftedPNG {
    /// A PNG whose IHDR declares `width`×`height` 8-bit RGBA pixels but whose data is a few bytes.
    static func header(width: UInt32, height: UInt32) -> [UInt8] {
        var ihdr: [UInt8] = []
        ihdr += bigEndian(width) + bigEndian(height)
        ihdr += [8, 6, 0, 0, 0]  // bit depth 8, RGBA, deflate, adaptive filter, no interlace
        // zlib stream of one empty stored block: a valid but far too short IDAT.
        let idat: [UInt8] = [0x78, 0x01, 0x01, 0x00, 0x00, 0xFF, 0xFF, 0x00, 0x00, 0x00, 0x01]
        return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
            + chunk("IHDR", ihdr) + chunk("IDAT", idat) + chunk("IEND", [])
    }

    private static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let body = Array(type.utf8) + data
        return bigEndian(UInt32(data.count)) + body + bigEndian(crc32(body))
    }

    private static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }

    /// CRC-32 (ISO-HDLC, reflected 0xEDB88320), bit by bit: headers are a few bytes.
    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }
}
