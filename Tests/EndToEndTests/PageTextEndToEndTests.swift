import Foundation
import Testing

/// `recto ctl text`: the shell reads a page's own text off the frame loop for the core (`Job.readPageText`), and
/// its outcome comes back as an event that the core answers the operator with.
@Suite(.serialized) struct PageTextEndToEndTests {
    @Test func aPagesOwnTextIsReadForTheOperatorAndThePageOnScreenIsTheDefault() throws {
        let book = try BookFixtures.copyOfDemo(pages: [1, 2, 3], name: "texts")
        try "A fox reads\nin the library.\n\n  Second   line.".write(to: book.appendingPathComponent("page-02.txt"),
                                                                   atomically: true, encoding: .utf8)
        let (session, socket) = try ControlEndToEndTests.start([book.path])
        defer { session.stop() }

        let cover = try rectoCtl(["text"], socket: socket)
        #expect(cover.termination == .exited(1) && cover.reply == "error: page 1 has no text of its own", "\(cover)")
        let second = try rectoCtl(["text", "2"], socket: socket)
        #expect(second.termination == .exited(0) && second.reply == "ok A fox reads in the library. Second line.", "\(second)")
        // Turned there, the page on screen is the one read.
        #expect(try rectoCtl(["goto", "2"], socket: socket).reply == "ok page 2")
        #expect(try rectoCtl(["text"], socket: socket).reply == second.reply)
        let beyond = try rectoCtl(["text", "9"], socket: socket)
        #expect(beyond.termination == .exited(1) && beyond.reply == "error: no page 9: the book has 3 pages", "\(beyond)")
        let malformed = try rectoCtl(["text", "two"], socket: socket)
        #expect(malformed.reply.hasPrefix("error: text wants a page number"), "\(malformed)")
        // The reader went on drawing and answering throughout.
        #expect(try rectoCtl(["status"], socket: socket).termination == .exited(0))
    }
}
