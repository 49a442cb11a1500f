import Decoding
import FuzzSupport
import Glibc
import Pages

/// What the CBZ target asserts about any archive (a violation crashes so libFuzzer keeps the input):
///
/// - opening never traps; a failure is a `PageError` with text; a success is an archive of 1...maxPages pages;
/// - every page (the first 16) either reads or fails with text; what it reads is within the entry limit, matches
///   the identity `identity(of:)` reported without reading, and reads the same a second time;
/// - pages outside 1...pageCount throw `pageOutOfRange`;
/// - the ComicInfo.xml metadata names only pages of the book;
/// - no allocation beyond the limits: the script's `-malloc_limit_mb` turns one into a crash, so a declared
///   size or ratio that is not checked before extraction shows up.
enum CBZChecks {
    /// Small budgets so that bombs and lying headers hit them within a few kilobytes.
    static let limits = PageLimits(decode: DecodeLimits(maxPixels: 1 << 20, maxDimension: 4096, maxFileBytes: 1 << 20),
                                   maxEntryBytes: 1 << 20, maxCompressionRatio: 100, maxPages: 256)

    /// One scratch file per process, written for every input and removed after it (so a crash leaves one).
    static let path: String = {
        let dir = access("/dev/shm", W_OK) == 0 ? "/dev/shm" : "/tmp"
        let path = "\(dir)/recto-fuzz-\(getpid()).cbz"
        return path
    }()

    static func run(_ data: UnsafeRawBufferPointer) {
        write(data, to: path)
        defer { unlink(path) }
        let source: PageSource
        do {
            source = try PageSource.open(path: path, limits: limits)
        } catch {
            expectReadable(error)
            return
        }
        guard source.kind == .archive else { fail("a .cbz opened as \(source.kind)") }
        guard (1...limits.maxPages).contains(source.pageCount) else { fail("\(source.pageCount) pages") }

        for page in 1...min(source.pageCount, 16) {
            guard !source.name(of: page).isEmpty else { fail("page \(page) has an empty name") }
            let identity = Result { () throws(PageError) -> PageIdentity in try source.identity(of: page) }
            let first = Result { () throws(PageError) -> PageContents in try source.contents(of: page) }
            switch first {
            case .success(let contents):
                let limit = min(limits.maxEntryBytes, limits.decode.maxFileBytes)
                guard contents.bytes.count <= limit else { fail("page \(page): \(contents.bytes.count) bytes read") }
                guard case .success(let id) = identity, id == contents.identity else {
                    fail("page \(page): identity \(identity) but contents say \(contents.identity)")
                }
                guard (try? source.contents(of: page))?.bytes == contents.bytes else {
                    fail("page \(page) reads differently the second time")
                }
                // The reader's next step: decode (errors are fine, traps are not).
                _ = try? ImageDecoder.decode(contents.bytes, limits: limits.decode)
            case .failure(let error):
                expectReadable(error)
            }
        }
        let metadata = source.metadata, pages = 1...source.pageCount
        guard metadata.coverPage.map(pages.contains) ?? true, metadata.doublePages.allSatisfy(pages.contains) else {
            fail("metadata names pages outside 1...\(source.pageCount): \(metadata)")
        }
        for outside in [0, source.pageCount + 1] {
            guard case .failure(.pageOutOfRange) = Result(catching: { () throws(PageError) in
                try source.contents(of: outside)
            }) else { fail("page \(outside) of \(source.pageCount) did not throw pageOutOfRange") }
        }
    }

    static func expectReadable(_ error: PageError) {
        let text = error.description
        guard !text.isEmpty, text.utf8.count < 8192 else { fail("unreadable error text (\(text.utf8.count) bytes)") }
    }

    static func write(_ data: UnsafeRawBufferPointer, to path: String) {
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard fd >= 0 else { fatalError("cannot write \(path)") }
        defer { close(fd) }
        var done = 0
        while done < data.count {
            let n = Glibc.write(fd, data.baseAddress! + done, data.count - done)
            guard n > 0 else { fatalError("cannot write \(path)") }
            done += n
        }
    }
}
