import Testing
@testable import Speech

/// The session against a scripted server: what it sends, in what order, and what it makes of the replies.
@Suite struct SSIPSessionTests {
    /// Takes what the session has to send, as text.
    static func drain(_ s: inout SSIPSession) -> String {
        let text = String(decoding: s.outgoing, as: UTF8.self)
        s.wrote(s.outgoing.count)
        return text
    }

    static func reply(_ s: inout SSIPSession, _ text: String) throws -> [SSIPSession.News] {
        try s.received(Array(text.utf8)).get()
    }

    /// The handshake, sent in one go.
    static func handshaken() throws -> SSIPSession {
        var s = SSIPSession(application: "recto")
        #expect(drain(&s) == "SET self CLIENT_NAME user:recto:main\r\nSET self NOTIFICATION ALL on\r\n")
        _ = try reply(&s, "208 OK CLIENT NAME SET\r\n")
        #expect(!s.isIdle)
        _ = try reply(&s, "220 OK NOTIFICATION SET\r\n")
        #expect(s.isIdle)
        return s
    }

    /// Everything goes in one write, the SPEAK with its text (no round trip through the reader's loop); the
    /// `230` and the `225` with the message id come back in order.
    @Test func aSpeakGoesWithItsTextInOneWrite() throws {
        var s = try Self.handshaken()
        #expect(s.say([.init("Page 4 of 14, no text", language: "en")]) == [.textSent("Page 4 of 14, no text", language: "en")])
        #expect(Self.drain(&s) == "CANCEL self\r\nSET self LANGUAGE en\r\nSPEAK\r\nPage 4 of 14, no text\r\n.\r\n")
        #expect(try Self.reply(&s, "213 OK CANCELED\r\n201 OK LANGUAGE SET\r\n230 OK RECEIVING DATA\r\n") == [])
        #expect(!s.isIdle)
        #expect(try Self.reply(&s, "225-12\r\n225 OK MESSAGE QUEUED\r\n701-12\r\n701-1\r\n701 BEGIN\r\n")
                == [.queued(id: 12), .began(id: 12)])
        #expect(s.isIdle)
        #expect(try Self.reply(&s, "702-12\r\n702-1\r\n702 END\r\n") == [.ended(id: 12)])
    }

    /// A text a line of which begins with a command word waits for its `230` (were its SPEAK refused, the server
    /// would run it), and nothing follows that SPEAK before its text.
    @Test func aTextThatReadsLikeACommandWaitsForItsInvitation() throws {
        var s = try Self.handshaken()
        #expect(s.say([.init("Cancel all plans.\nQuit now"), .init("two")]) == [])
        #expect(Self.drain(&s) == "CANCEL self\r\nSPEAK\r\n")
        s.stop()
        #expect(Self.drain(&s) == "")
        #expect(s.waitsForData)
        #expect(try Self.reply(&s, "213 OK CANCELED\r\n230 OK RECEIVING DATA\r\n") == [.textSent("Cancel all plans.\nQuit now")])
        #expect(Self.drain(&s) == "Cancel all plans.\r\nQuit now\r\n.\r\nCANCEL self\r\n", "the text, then the stop; \"two\" was dropped")
        for text in ["SET self RATE 100", "  speak", "history", "Block party", "sound_icon x"] {
            #expect(SSIPSession.dataSafeToSendAhead(text) == nil, "\(text)")
        }
        for text in ["Settings", "Page 4. Stop here", "A speaker", ".set"] {
            #expect(SSIPSession.dataSafeToSendAhead(text) != nil, "\(text)")
        }
    }

    /// A refused SPEAK whose text went with it: the server answers each line of the text as a command (an
    /// error each); those replies are expected and the session goes on.
    @Test func aRefusedSpeakWithItsTextKeepsTheRepliesInStep() throws {
        var s = try Self.handshaken()
        s.say([.init("one\ntwo")])
        #expect(Self.drain(&s) == "CANCEL self\r\nSPEAK\r\none\r\ntwo\r\n.\r\n")
        let news = try Self.reply(&s, "213 OK CANCELED\r\n403 ERR NOT ALLOWED INSIDE BLOCK\r\n"
                                  + "500 ERR INVALID COMMAND\r\n500 ERR INVALID COMMAND\r\n500 ERR INVALID COMMAND\r\n")
        #expect(news.count == 1)
        #expect(s.isIdle)
        s.stop()
        #expect(Self.drain(&s) == "CANCEL self\r\n")
        #expect(try Self.reply(&s, "213 OK CANCELED\r\n") == [])
    }

    /// A run of turns says the last page: each utterance cancels the one before, on the server too.
    @Test func aNewUtteranceReplacesTheOneBefore() throws {
        var s = try Self.handshaken()
        s.say([.init("Page 2")])
        s.say([.init("Page 3")])
        #expect(Self.drain(&s) == "CANCEL self\r\nSPEAK\r\nPage 2\r\n.\r\nCANCEL self\r\nSPEAK\r\nPage 3\r\n.\r\n")
        _ = try Self.reply(&s, "213 OK CANCELED\r\n230 OK RECEIVING DATA\r\n225-1\r\n225 OK MESSAGE QUEUED\r\n"
                           + "213 OK CANCELED\r\n230 OK RECEIVING DATA\r\n225-2\r\n225 OK MESSAGE QUEUED\r\n")
        #expect(s.isIdle)
    }

    /// A language is set once for a run of parts in it, and again only where it changes.
    @Test func languageSetOnlyWhereItChanges() throws {
        var s = try Self.handshaken()
        s.say([.init("Seite 4 von 14.", language: "de"), .init("Il était une fois", language: "fr"),
               .init("Fin", language: "fr")])
        #expect(Self.drain(&s) == "CANCEL self\r\nSET self LANGUAGE de\r\nSPEAK\r\nSeite 4 von 14.\r\n.\r\n"
                + "SET self LANGUAGE fr\r\nSPEAK\r\nIl était une fois\r\n.\r\nSPEAK\r\nFin\r\n.\r\n")
        _ = try Self.reply(&s, "213 OK CANCELED\r\n201 OK LANGUAGE SET\r\n230 OK RECEIVING DATA\r\n225-1\r\n225 OK MESSAGE QUEUED\r\n"
                           + "201 OK LANGUAGE SET\r\n230 OK RECEIVING DATA\r\n225-2\r\n225 OK MESSAGE QUEUED\r\n"
                           + "230 OK RECEIVING DATA\r\n225-3\r\n225 OK MESSAGE QUEUED\r\n")
        #expect(s.isIdle)
        s.say([.init("encore", language: "fr")])
        #expect(Self.drain(&s) == "CANCEL self\r\nSPEAK\r\nencore\r\n.\r\n", "French is still set")
    }

    @Test func stopCancelsAndTheCancelEventIsReported() throws {
        var s = try Self.handshaken()
        s.stop()
        #expect(Self.drain(&s) == "CANCEL self\r\n")
        #expect(try Self.reply(&s, "213 OK CANCELED\r\n703-5\r\n703-1\r\n703 CANCELED\r\n") == [.cancelled(id: 5)])
    }

    @Test func refusalsAreNewsAndTheQueueGoesOn() throws {
        var s = try Self.handshaken()
        s.set(rate: 300, volume: -5)
        #expect(Self.drain(&s) == "SET self RATE 100\r\nSET self VOLUME -5\r\n")
        #expect(try Self.reply(&s, "410 ERR PARAMETER INVALID\r\n203 OK VOLUME SET\r\n")
                == [.refused(command: "SET self RATE 100", code: 410, text: "ERR PARAMETER INVALID")])
        #expect(s.isIdle)
    }

    @Test func aReplyToNothingIsAProtocolError() throws {
        var s = try Self.handshaken()
        #expect(throws: SSIPSession.Failure.self) { try s.received(Array("225 OK\r\n".utf8)).get() }
    }
}
