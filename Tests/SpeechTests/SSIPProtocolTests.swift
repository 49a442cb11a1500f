import Testing
@testable import Speech

@Suite struct SSIPCommandTests {
    @Test func commandsAreOneLineEach() {
        #expect(SSIPCommand.clientName(user: "user", application: "recto", component: "main").line
                == "SET self CLIENT_NAME user:recto:main\r\n")
        #expect(SSIPCommand.notifications.line == "SET self NOTIFICATION ALL on\r\n")
        #expect(SSIPCommand.language("de").line == "SET self LANGUAGE de\r\n")
        #expect(SSIPCommand.rate(-20).line == "SET self RATE -20\r\n")
        #expect(SSIPCommand.volume(250).line == "SET self VOLUME 100\r\n")
        #expect(SSIPCommand.cancel.line == "CANCEL self\r\n")
        #expect(SSIPCommand.speak("anything").line == "SPEAK\r\n")
    }

    /// A value from a book (its language) cannot end the line and slip in a command of its own.
    @Test func valuesCannotInjectCommands() {
        #expect(SSIPCommand.language("en\r\nQUIT").line == "SET self LANGUAGE en__QUIT\r\n")
        #expect(SSIPCommand.clientName(user: "a:b", application: "x y", component: "").line
                == "SET self CLIENT_NAME a_b:x_y:_\r\n")
    }

    @Test func speakDataEndsWithALoneDot() {
        #expect(SSIPCommand.speakData("Page 4 of 14.") == "Page 4 of 14.\r\n.\r\n")
        #expect(SSIPCommand.speakData("") == "\r\n.\r\n")
    }

    /// A line of the text that is a lone dot (or begins with one) would end the message early: it is doubled.
    @Test func leadingDotsAreDoubled() {
        #expect(SSIPCommand.speakData("one\n.\ntwo") == "one\r\n..\r\ntwo\r\n.\r\n")
        #expect(SSIPCommand.speakData(".hidden\r\n..two") == "..hidden\r\n...two\r\n.\r\n")
        #expect(SSIPCommand.speakData("a.\nb") == "a.\r\nb\r\n.\r\n")
    }

    @Test func lineEndingsOfEveryKindBecomeCRLF() {
        #expect(SSIPCommand.speakData("a\r\nb\nc\rd") == "a\r\nb\r\nc\r\nd\r\n.\r\n")
        #expect(SSIPCommand.speakData("a\u{0}b\u{7}c\td") == "a b c\td\r\n.\r\n")
    }
}

@Suite struct SSIPReplyParserTests {
    @Test func multiLineRepliesAndEvents() throws {
        var p = SSIPReplyParser()
        let r = try p.feed(Array("225-17\r\n225 OK MESSAGE QUEUED\r\n701-17\r\n701-3\r\n701 BEGIN\r\n".utf8)).get()
        #expect(r == [SSIPReply(code: 225, lines: ["17", "OK MESSAGE QUEUED"]),
                      SSIPReply(code: 701, lines: ["17", "3", "BEGIN"])])
        #expect(r[1].isEvent && !r[0].isEvent && r[0].isSuccess)
    }

    /// However the bytes are split across reads, the replies are the same.
    @Test func splitAnywhere() throws {
        let bytes = Array("208 OK CLIENT NAME SET\r\n230 OK RECEIVING DATA\r\n225-1\r\n225 OK MESSAGE QUEUED\r\n".utf8)
        var whole = SSIPReplyParser()
        let expected = try whole.feed(bytes).get()
        for cut in 0...bytes.count {
            for cut2 in cut...bytes.count {
                var p = SSIPReplyParser()
                let a = try p.feed(bytes[..<cut]).get() + p.feed(bytes[cut..<cut2]).get() + p.feed(bytes[cut2...]).get()
                #expect(a == expected, "cut at \(cut), \(cut2)")
            }
        }
    }

    @Test func nonsenseIsAnError() {
        var p = SSIPReplyParser()
        #expect(throws: SSIPReplyParser.Failure.self) { try p.feed(Array("HTTP/1.1 200 OK\r\n".utf8)).get() }
        var q = SSIPReplyParser()
        #expect(throws: SSIPReplyParser.Failure.self) { try q.feed(Array("225-1\r\n226 OK\r\n".utf8)).get() }
        var r = SSIPReplyParser(lineLimit: 16)
        #expect(throws: SSIPReplyParser.Failure.lineTooLong) { try r.feed([UInt8](repeating: 0x41, count: 17)).get() }
    }
}
