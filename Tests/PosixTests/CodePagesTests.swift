import Foundation
import Glibc
import Posix
import Testing

/// `pageOutCode` hands the resident pages of a library's executable mappings back to the kernel, and only those.
@Suite struct CodePagesTests {
    @Test func mapsLinesParse() {
        let text = """
            7f1c2a000000-7f1c30700000 r-xp 00200000 fe:01 1311812                    /usr/lib/x86_64-linux-gnu/libLLVM-15.so.1
            7f1c30700000-7f1c30f00000 r--p 06900000 fe:01 1311812                    /usr/lib/x86_64-linux-gnu/libLLVM-15.so.1
            7ffd5e1f2000-7ffd5e213000 rw-p 00000000 00:00 0                          [stack]
            55d0c0a00000-55d0c0a21000 rw-p 00000000 00:00 0 
            not a mapping
            """
        let m = Mapping.parse(text)
        #expect(m.count == 4)
        #expect(m[0].start == 0x7f1c2a000000 && m[0].end == 0x7f1c30700000 && m[0].permissions == "r-xp")
        #expect(m[0].path == "/usr/lib/x86_64-linux-gnu/libLLVM-15.so.1")
        #expect(m[0].isExecutable && !m[1].isExecutable && m[0].length == 0x6700000)
        #expect(m[2].path == "[stack]" && m[3].path == "")
    }

    /// A file of ours mapped as code and read all through, then handed back: its resident size in this process
    /// goes from all of it to none, and a mapping of another name keeps its pages.
    @Test func theNamedLibrarysCodeLeavesMemoryAndOthersStay() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("recto-codepages-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let length = 1 << 20
        func mapped(_ name: String) throws -> UnsafeMutableRawPointer {
            let path = dir.appendingPathComponent(name).path
            try Data(repeating: 0xC3, count: length).write(to: URL(fileURLWithPath: path))
            let fd = open(path, O_RDONLY | O_CLOEXEC)
            try #require(fd >= 0)
            defer { close(fd) }
            let map = try #require(mmap(nil, length, PROT_READ | PROT_EXEC, MAP_PRIVATE, fd, 0))
            try #require(map != MAP_FAILED, "errno \(errno)")
            var sum = 0
            for offset in stride(from: 0, to: length, by: 4096) { sum &+= Int(map.load(fromByteOffset: offset, as: UInt8.self)) }
            #expect(sum == 0xC3 * (length / 4096))
            return map
        }
        let target = try mapped("libRectoCodeTest.so"), other = try mapped("libOtherCodeTest.so")
        defer { munmap(target, length); munmap(other, length) }
        #expect(try residentKiB(of: "libRectoCodeTest.so") == 1024)

        let advised = pageOutCode(ofLibrariesNamed: "libRectoCode")
        #expect(advised == length)
        #expect(try residentKiB(of: "libRectoCodeTest.so") == 0)
        #expect(try residentKiB(of: "libOtherCodeTest.so") == 1024)
        // Read again, it is all there: the pages come back from the file.
        #expect(target.load(fromByteOffset: length - 1, as: UInt8.self) == 0xC3)
    }

    @Test func noSuchLibraryAdvisesNothing() {
        #expect(pageOutCode(ofLibrariesNamed: "libNoSuchLibraryAnywhere") == 0)
    }

    /// Rss (KiB) of this process's mappings of the file named `name`.
    private func residentKiB(of name: String) throws -> Int {
        let text = String(decoding: try FileHandle(forReadingFrom: URL(fileURLWithPath: "/proc/self/smaps")).readToEnd() ?? Data(),
                          as: UTF8.self)
        var total = 0, inside = false
        for line in text.split(separator: "\n") {
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            guard let first = fields.first else { continue }
            if first.contains("-"), !first.hasSuffix(":") {
                inside = fields.count >= 6 && fields[5].hasSuffix("/" + name)
            } else if inside, first == "Rss:", fields.count >= 2 {
                total += Int(fields[1]) ?? 0
            }
        }
        return total
    }
}
