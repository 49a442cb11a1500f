import Testing
@testable import IIIF

@Suite struct JSONValueTests {
    func parse(_ text: String) throws -> JSONValue { try JSONValue.parse(Array(text.utf8)) }

    @Test func valuesOfEveryKind() throws {
        let v = try parse(#" {"a": [1, -2.5e1, true, false, null], "b": "x\"\\\/\n\u00e9\ud83d\ude00", "c": {}} "#)
        #expect(v["a"] == .array([.number(1), .number(-25), .bool(true), .bool(false), .null]))
        #expect(v["b"]?.string == "x\"\\/\né😀")
        #expect(v["c"] == .object([:]))
        #expect(v["a"]?.list.first?.integer == 1)
        #expect(JSONValue.number(2.5).integer == nil)
    }

    @Test func aByteOrderMarkIsTolerated() throws {
        #expect(try JSONValue.parse([0xEF, 0xBB, 0xBF] + Array("[]".utf8)) == .array([]))
    }

    @Test func brokenDocumentsSayWhere() throws {
        #expect(throws: JSONError(offset: 7, reason: "expected ',' or '}'")) { try parse(#"{"a":1 "b":2}"#) }
        #expect(throws: JSONError(offset: 3, reason: "text after the document")) { try parse("[] x") }
        #expect(throws: JSONError(offset: 4, reason: "unterminated string")) { try parse(#"["ab"#) }
        #expect(throws: JSONError(offset: 2, reason: "control character in a string")) { try parse("[\"\n\"]") }
        #expect(throws: JSONError(offset: 1, reason: "unexpected character")) { try parse("[tru]") }
        #expect(throws: JSONError(offset: 3, reason: "digits expected after '.'")) { try parse("[1.]") }
    }

    @Test func valueCountIsBounded() throws {
        let text = "[" + Array(repeating: "0", count: 1000).joined(separator: ",") + "]"
        #expect(throws: JSONError(offset: 199, reason: "more than 100 values")) {
            try JSONValue.parse(Array(text.utf8), limits: JSONLimits(maxDepth: 8, maxValues: 100))
        }
    }
}

@Suite struct ResourceURLTests {
    @Test func absoluteURLs() throws {
        let u = try ResourceURL("HTTPS://example.org/a/b/../c/./d?x=1#frag")
        #expect(u.scheme == .https)
        #expect(u.authority == "example.org")
        #expect(u.path == "/a/c/d")
        #expect(u.query == "x=1")
        #expect(u.description == "https://example.org/a/c/d?x=1")
        #expect(try ResourceURL("file:///srv/My%20Book/manifest.json").filePath == "/srv/My Book/manifest.json")
    }

    @Test func relativeReferencesResolveAsRFC3986Says() throws {
        let base = try ResourceURL("http://127.0.0.1:8080/books/b1/manifest.json")
        #expect(try ResourceURL("tiles/p1", relativeTo: base).description == "http://127.0.0.1:8080/books/b1/tiles/p1")
        #expect(try ResourceURL("../b2/m.json", relativeTo: base).description == "http://127.0.0.1:8080/books/b2/m.json")
        #expect(try ResourceURL("/root", relativeTo: base).description == "http://127.0.0.1:8080/root")
        #expect(try ResourceURL("//cdn.example.org/x", relativeTo: base).description == "http://cdn.example.org/x")
        #expect(try ResourceURL("../../../../x", relativeTo: base).description == "http://127.0.0.1:8080/x")
        #expect(base.appending("info.json").description == "http://127.0.0.1:8080/books/b1/manifest.json/info.json")
    }

    @Test func otherSchemesAndNonsenseAreRefused() {
        #expect(throws: ResourceURL.Failure.unsupportedScheme("ftp")) { try ResourceURL("ftp://example.org/x.jpg") }
        #expect(throws: ResourceURL.Failure.unsupportedScheme("javascript")) { try ResourceURL("javascript:alert(1)") }
        #expect(throws: ResourceURL.Failure.unsupportedScheme("data")) { try ResourceURL("data:image/png;base64,AAAA") }
        #expect(throws: ResourceURL.Failure.relativeWithoutBase("tiles/p1")) { try ResourceURL("tiles/p1") }
        #expect(throws: ResourceURL.Failure.empty) { try ResourceURL("  ") }
        #expect(throws: ResourceURL.Failure.malformed("http:///nohost")) { try ResourceURL("http:///nohost") }
        #expect(throws: ResourceURL.Failure.malformed("http://a b/")) { try ResourceURL("http://a b/") }
    }
}
