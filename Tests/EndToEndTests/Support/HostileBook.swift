import Foundation
import Glibc
import Posix

/// The hostile-file test book: a directory where good demo pages sit among files that must each become a
/// placeholder, and CBZ archives with decompression bombs.
struct HostileBook {
    /// One page of the book, in reading order.
    struct Page: Sendable {
        var name: String
        /// The demo page this file is a copy of, or nil for a bad page.
        var demoPage: Int?
        /// What is wrong with a bad page (for messages).
        var defect: String
    }

    let directory: URL
    let pages: [Page]

    var badPages: [Int] { pages.indices.filter { pages[$0].demoPage == nil }.map { $0 + 1 } }
    var goodPages: [Int] { pages.indices.filter { pages[$0].demoPage != nil }.map { $0 + 1 } }

    /// Builds the directory: two good pages (demo pages 2 and 3, first and last) around a truncated PNG, a GIF
    /// named .png, a text file named .png, an empty file, a PNG header declaring 100000×100000 pixels (valid
    /// CRCs), a WebP declaring 16384×16384, a truncated AVIF (both from the DecodingTests fixtures), and a
    /// symbolic link to a good PNG outside the book (following it would show a real page).
    static func make() throws -> HostileBook {
        let root = try Scratch.makeDirectory("hostile")
        let directory = root.appendingPathComponent("book")
        let outside = root.appendingPathComponent("outside")
        for dir in [directory, outside] { try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: false) }
        func write(_ name: String, _ bytes: [UInt8]) throws {
            guard FileManager.default.createFile(atPath: directory.appendingPathComponent(name).path,
                                                 contents: Data(bytes)) else {
                throw HarnessError.failed("cannot write \(name) in \(directory.path)")
            }
        }
        let pageFour = [UInt8](try Data(contentsOf: BookFixtures.demoPage(4)))
        try FileManager.default.copyItem(at: BookFixtures.demoPage(2), to: directory.appendingPathComponent("01-good.png"))
        try write("02-truncated.png", Array(pageFour.prefix(pageFour.count / 3)))
        try write("03-gif-magic.png", Array("GIF89a".utf8) + [0x10, 0x00, 0x10, 0x00, 0x80, 0x00, 0x00] + [UInt8](repeating: 0, count: 64))
        try write("04-text.png", Array("This is not an image, whatever its name says.\n".utf8))
        try write("05-empty.png", [])
        try write("06-huge-header.png", CraftedPNG.header(width: 100_000, height: 100_000))
        let fixtures = RectoBinary.packageRoot.appendingPathComponent("Tests/DecodingTests/Fixtures")
        for (name, fixture) in [("06b-huge-header.webp", "huge_header.webp"), ("06c-truncated.avif", "truncated.avif")] {
            try FileManager.default.copyItem(at: fixtures.appendingPathComponent(fixture),
                                             to: directory.appendingPathComponent(name))
        }
        let secret = outside.appendingPathComponent("secret.png")
        try FileManager.default.copyItem(at: BookFixtures.demoPage(5), to: secret)
        guard symlink("../outside/secret.png", directory.appendingPathComponent("07-outside-link.png").path) == 0 else {
            throw HarnessError.failed("symlink: \(errnoText(errno))")
        }
        try FileManager.default.copyItem(at: BookFixtures.demoPage(3), to: directory.appendingPathComponent("08-good.png"))
        let pages = [
            Page(name: "01-good.png", demoPage: 2, defect: ""),
            Page(name: "02-truncated.png", demoPage: nil, defect: "PNG cut to a third"),
            Page(name: "03-gif-magic.png", demoPage: nil, defect: "GIF header named .png"),
            Page(name: "04-text.png", demoPage: nil, defect: "text named .png"),
            Page(name: "05-empty.png", demoPage: nil, defect: "empty file"),
            Page(name: "06-huge-header.png", demoPage: nil, defect: "IHDR 100000×100000"),
            Page(name: "06b-huge-header.webp", demoPage: nil, defect: "VP8L header 16384×16384"),
            Page(name: "06c-truncated.avif", demoPage: nil, defect: "AVIF cut inside the image data"),
            Page(name: "07-outside-link.png", demoPage: nil, defect: "symlink to a PNG outside the book"),
            Page(name: "08-good.png", demoPage: 3, defect: ""),
        ]
        return HostileBook(directory: directory, pages: pages)
    }
}

/// CBZ files with decompression bombs, written by Python's zipfile (zlib level 9) because the test target has
/// no deflate encoder. 200 MiB of zeros deflate to about 200 KiB.
enum ZipBomb {
    /// Entries of a bomb archive, in order.
    enum Entry {
        /// A copy of a file from disk.
        case file(URL, name: String)
        /// `mebibytes` MiB of zeros, honestly declared.
        case zeros(name: String, mebibytes: Int)
        /// `mebibytes` MiB of zeros whose local and central headers declare only `declaredBytes` (a lying size).
        case lyingZeros(name: String, mebibytes: Int, declaredBytes: Int)
    }

    /// Writes a CBZ with `entries` to a new scratch file and returns its URL.
    static func make(_ entries: [Entry], name: String) throws -> URL {
        let url = try Scratch.makeDirectory("cbz").appendingPathComponent(name)
        var specs: [String] = []
        for entry in entries {
            switch entry {
            case .file(let source, let entryName): specs.append("file:\(entryName):\(source.path)")
            case .zeros(let entryName, let mib): specs.append("zeros:\(entryName):\(mib)")
            case .lyingZeros(let entryName, let mib, let declared): specs.append("liar:\(entryName):\(mib):\(declared)")
            }
        }
        let python = try findProgram("python3")
        let child = try ChildProcess(python, arguments: ["-c", script, url.path] + specs,
                                     environment: ProcessInfo.processInfo.environment)
        let ended = try child.waitForExit(timeout: .seconds(60))
        try child.stderr?.waitForEnd(timeout: .seconds(5))
        guard ended == .exited(0) else {
            throw HarnessError.failed("building \(name) with python3 failed (\(ended))", detail: child.stderr?.text ?? "")
        }
        return url
    }

    /// argv: OUT SPEC… with SPEC = file:NAME:PATH | zeros:NAME:MIB | liar:NAME:MIB:DECLARED.
    private static let script = #"""
import struct, sys, zipfile
out, specs = sys.argv[1], sys.argv[2:]
liars = {}
with zipfile.ZipFile(out, 'w', zipfile.ZIP_DEFLATED, compresslevel=9) as z:
    for spec in specs:
        kind, name, rest = spec.split(':', 2)
        if kind == 'file':
            z.write(rest, name)
            continue
        mib = int(rest.split(':')[0])
        if kind == 'liar':
            liars[name.encode()] = int(rest.split(':')[1])
        with z.open(name, 'w') as f:
            zero = bytes(1 << 20)
            for _ in range(mib):
                f.write(zero)
data = bytearray(open(out, 'rb').read())
end = data.rfind(b'PK\x05\x06')
count, = struct.unpack_from('<H', data, end + 10)
pos, = struct.unpack_from('<I', data, end + 16)
for _ in range(count):
    assert data[pos:pos + 4] == b'PK\x01\x02'
    n, e, c = struct.unpack_from('<HHH', data, pos + 28)
    name = bytes(data[pos + 46:pos + 46 + n])
    if name in liars:
        struct.pack_into('<I', data, pos + 24, liars[name])
        local, = struct.unpack_from('<I', data, pos + 42)
        struct.pack_into('<I', data, local + 22, liars[name])
    pos += 46 + n + e + c
open(out, 'wb').write(data)
"""#
}
