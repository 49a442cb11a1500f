import Control
import Testing

@Suite struct JSONTextTests {
    @Test func quotesAndBackslashesAreEscaped() {
        #expect(JSONText.string(#"a "b" \c"#) == #""a \"b\" \\c""#)
    }

    @Test func newlineReturnAndTabAreEscapedByName() {
        #expect(JSONText.string("1\n2\r3\t4") == #""1\n2\r3\t4""#)
    }

    @Test func otherControlCharactersAreEscapedAsUnicode() {
        #expect(JSONText.string("\u{0}\u{1b}\u{1f}") == #""\u0000\u001b\u001f""#)
    }

    @Test func textBeyondASCIIIsKeptAsItIs() {
        #expect(JSONText.string("Café 漫画 \u{7f}") == "\"Café 漫画 \u{7f}\"")
    }
}
