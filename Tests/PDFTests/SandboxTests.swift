import Foundation
import Glibc
import PDF
import TestSupport
import Testing

/// The helper, once sandboxed, cannot write files, open sockets, run programs or read outside the font folders;
/// and recto itself links no PDF library.
@Suite final class SandboxTests {
    private let scratch: Scratch
    private let document: PDFDocument

    init() throws {
        scratch = try Scratch()
        document = try PDFDocument(path: try scratch.write("book.pdf", standardPDFBook()),
                                   configuration: helperConfiguration(helpers: 1))
    }

    deinit { scratch.cleanup() }

    @Test func openingAFileForWritingIsRefused() throws {
        #expect(try document.selfTest(.openForWriting) == EACCES)
        #expect(!FileManager.default.fileExists(atPath: "/tmp/recto-pdf-selftest"))
    }

    @Test func socketsAreRefused() throws {
        #expect(try document.selfTest(.socket) == EACCES)
    }

    @Test func runningAProgramKillsTheHelperAndTheNextPageStillRenders() throws {
        #expect(throws: PDFError.helperFailed(helper: "recto-pdf",
                                              reason: "its sandbox stopped it (SIGSYS: the forbidden system call execve)")) {
            try self.document.selfTest(.exec)
        }
        #expect(document.helperProcessIDs == [])
        let page = try document.render(page: 1, rect: PDFRect(x: 0, y: 0, width: 595, height: 842), width: 298, height: 421)
        #expect(inked(page) > 100)
        #expect(document.helpersStarted == 2)
    }

    @Test func aCallThePolicyNamesNowhereIsRefusedWithENOSYSAndNamed() throws {
        #expect(try document.firstUnlistedSystemCall() == nil)
        #expect(try document.selfTest(.unlistedCall) == ENOSYS)
        #expect(try document.firstUnlistedSystemCall() == "getitimer")
        #expect(document.helpersStarted == 1, "the helper lived on")
    }

    @Test func readingOutsideTheFontFoldersIsRefusedWhereLandlockIsAvailable() throws {
        // The Landlock ABI the helper enforces (0 on a kernel without Landlock: then seccomp alone applies).
        let abi = try document.selfTest(.landlockABI)
        #expect(try document.selfTest(.readOutsideFonts) == (abi > 0 ? EACCES : 0))
    }

    @Test func rectoLinksNoPDFLibrary() throws {
        let folder = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
        let recto = folder.appendingPathComponent("recto").path
        let helper = folder.appendingPathComponent("recto-pdf").path
        let rectoLibraries = String(decoding: try runProgram("/usr/bin/ldd", [recto]).output, as: UTF8.self)
        let helperLibraries = String(decoding: try runProgram("/usr/bin/ldd", [helper]).output, as: UTF8.self)
        #expect(rectoLibraries.contains("libc.so"), "ldd \(recto): \(rectoLibraries)")
        for library in ["poppler", "cairo", "mupdf", "fitz"] {
            #expect(!rectoLibraries.contains(library), "recto links \(library)")
        }
        #expect(helperLibraries.contains("libpoppler-glib"), "the check would see poppler if it were linked")
    }

    /// The helpers are C programs: no Swift runtime, whose crash handler would answer a crash by starting a
    /// process (which the sandbox kills, so the crash read as a forbidden system call).
    @Test func theHelpersLinkNoSwiftRuntime() throws {
        let folder = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
        for helper in ["recto-pdf", "recto-epub"] {
            let path = folder.appendingPathComponent(helper).path
            let libraries = String(decoding: try runProgram("/usr/bin/ldd", [path]).output, as: UTF8.self)
            #expect(libraries.contains("libc.so"), "ldd \(path): \(libraries)")
            #expect(!libraries.contains("libswift"), "\(helper) links the Swift runtime: \(libraries)")
        }
    }
}
