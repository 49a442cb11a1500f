import Book
import Foundation

/// A book on disk: a directory of page images in natural order, or a single image file.
struct BookLocation {
    let path: String
    /// Absolute paths of the page files, page 1 first.
    let pages: [String]

    /// Lists the pages of `path`. Throws a usage error (exit 2) for a missing path, an empty directory or
    /// one whose files are all unreadable as images.
    init(path: String) throws {
        let fm = FileManager.default
        var isDir: ObjCBool = false
        guard fm.fileExists(atPath: path, isDirectory: &isDir) else {
            throw RectoExit(.usage, "no book at \(path): no such file or directory")
        }
        self.path = path
        if !isDir.boolValue {
            guard BookLocation.looksLikeImage(path) else {
                throw RectoExit(.usage, "\(path) is not a PNG or JPEG image")
            }
            pages = [path]
            return
        }
        let names: [String]
        do { names = try fm.contentsOfDirectory(atPath: path) } catch {
            throw RectoExit(.usage, "cannot read the book directory \(path): \(error.localizedDescription)")
        }
        let candidates = pageFileNames(names).map { (path as NSString).appendingPathComponent($0) }
        guard !candidates.isEmpty else {
            throw RectoExit(.usage, "the book directory \(path) holds no page images (.png, .jpg)")
        }
        guard candidates.contains(where: BookLocation.looksLikeImage) else {
            throw RectoExit(.usage, "the book directory \(path) holds no readable page: none of its \(candidates.count) image files is a PNG or JPEG")
        }
        pages = candidates
    }

    /// True when the file starts with a PNG or JPEG signature.
    static func looksLikeImage(_ path: String) -> Bool {
        guard let h = FileHandle(forReadingAtPath: path) else { return false }
        defer { try? h.close() }
        let head = (try? h.read(upToCount: 8)) ?? Data()
        let bytes = [UInt8](head)
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return true }
        return bytes.starts(with: [0xFF, 0xD8, 0xFF])
    }

    /// The bundled demo book: beside the installed binary (`PREFIX/share/recto/DemoBook`), else, for a
    /// development build, in the source tree. The installed program never depends on the checkout.
    static func demoBookPath() -> String? {
        var candidates: [String] = []
        if let env = ProcessInfo.processInfo.environment["RECTO_DEMO_BOOK"], !env.isEmpty { candidates.append(env) }
        let exe = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        let exeDir = exe.deletingLastPathComponent()
        candidates.append(exeDir.appendingPathComponent("../share/recto/DemoBook").standardized.path)
        if let real = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
            let dir = URL(fileURLWithPath: real).deletingLastPathComponent()
            candidates.append(dir.appendingPathComponent("../share/recto/DemoBook").standardized.path)
        }
        // Development builds: Sources/recto/BookLocation.swift → repository root → Assets/DemoBook.
        let source = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        candidates.append(source.appendingPathComponent("Assets/DemoBook").path)
        return candidates.first { FileManager.default.fileExists(atPath: $0) }
    }
}
