import Foundation
import Glibc
import Testing
@testable import Platform

/// inotify queues events as the file-system calls return, so `drain()` right after them sees them all.
@MainActor @Suite struct FileWatcherTests {
    let root: String

    init() throws {
        var template = Array((NSTemporaryDirectory() + "/recto-watch-XXXXXX").utf8CString)
        let made = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
        root = String(cString: try #require(made))
    }

    func make(_ folder: String) { #expect(mkdir(root + "/" + folder, 0o755) == 0, "mkdir \(folder)") }

    /// Written in place (FileManager would write a temporary file and rename it: more events).
    func write(_ file: String) {
        let fd = open(root + "/" + file, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        #expect(fd >= 0 && Glibc.write(fd, "x", 1) == 1 && close(fd) == 0, "write \(file)")
    }

    @Test func subFoldersWithinTheDepthAreWatchedIncludingNewOnes() throws {
        defer { try? FileManager.default.removeItem(atPath: root) }
        make("ch1")
        make(".cache")
        make("ch1/deep")
        let loop = EventLoop()
        let watcher = try #require(FileWatcher(loop: loop, directory: root, depth: 1) { _ in })

        write("ch1/p1.png")
        write(".cache/x.png")      // hidden: not watched
        write("ch1/deep/x.png")    // two levels down: beyond the depth
        write("p0.png")
        #expect(Set(watcher.drain()) == ["ch1/p1.png", "p0.png"])

        make("ch2")                // made after the watcher started
        #expect(watcher.drain() == ["ch2"])
        write("ch2/p1.png")
        #expect(Set(watcher.drain()) == ["ch2/p1.png"])

        #expect(unlink(root + "/ch1/deep/x.png") == 0 && rmdir(root + "/ch1/deep") == 0)
        #expect(watcher.drain() == ["ch1/deep"])
        #expect(watcher.drain().isEmpty)
    }

    /// Depth 0 (a single-image book's folder): only the folder itself, as before.
    @Test func depthZeroWatchesOnlyTheFolder() throws {
        defer { try? FileManager.default.removeItem(atPath: root) }
        make("ch1")
        let watcher = try #require(FileWatcher(loop: EventLoop(), directory: root) { _ in })
        write("ch1/p1.png")
        make("ch2")
        write("ch2/p1.png")
        #expect(watcher.drain() == ["ch2"])
    }

    /// Another book opened (the shelf, `recto ctl open`): the old watches end without reporting a change.
    @Test func rewatchingReportsNothingByItself() throws {
        defer { try? FileManager.default.removeItem(atPath: root) }
        make("a")
        make("b")
        let watcher = try #require(FileWatcher(loop: EventLoop(), directory: root + "/a", depth: 1) { _ in })
        #expect(watcher.rewatch(root + "/b", depth: 1))
        #expect(watcher.drain().isEmpty)
        write("b/p1.png")
        #expect(Set(watcher.drain()) == ["p1.png"])
    }
}
