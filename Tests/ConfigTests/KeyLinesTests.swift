import Config
import ConfigFiles
import Testing
import TestSupport

@Suite struct KeyLinesTests {
    @Test func plainQuotedAndDottedKeys() {
        let lines = KeyLines.scan("""
            # comment = 1
            a = 1
              "b c" = 2
            'd' = 3
            e.f = 4
            g-h_9=5\r
            """)
        #expect(lines == ["a": 2, "b c": 3, "d": 4, "e": 5, "g-h_9": 6])
    }

    @Test func valuesSpanningLinesHideTheirContents() {
        let lines = KeyLines.scan(#"""
            s = """
            fake = 1
            \""" still inside
            """
            t = '''x
            fake2 = 2'''
            u = [ "]", '[', { v = 1 },
              # w = 3
              "x = 4" ]
            y = "a \" # not a comment [" # z = 5
            z = 6
            """#)
        #expect(lines == ["s": 1, "t": 5, "u": 7, "y": 10, "z": 11])
    }

    @Test func tableHeadersEndTheRootTable() {
        let lines = KeyLines.scan("""
            a = 1
            [t]
            b = 2
            [[arr]]
            c = 3
            ["q.r".s]
            """)
        #expect(lines == ["a": 1, "t": 2, "arr": 4, "q.r": 6])
    }

    @Test func firstDefinitionWins() {
        #expect(KeyLines.scan("a = 1\na = 2\n") == ["a": 1])
    }

    /// Garbage never traps (the scanner only sees parsed TOML in practice, but it must be total).
    @Test func totalOnGarbage() {
        var rng = SplitMix64(seed: 7)
        let alphabet = Array("ab =[]{}\"'#\\\n\t.-_\r")
        for _ in 0..<500 {
            let n = Int(rng.next() % 80)
            let text = String((0..<n).map { _ in alphabet[Int(rng.next() % UInt64(alphabet.count))] })
            _ = KeyLines.scan(text)
        }
    }
}
