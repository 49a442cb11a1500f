import Config
import Testing

/// Inputs found by the ConfigParser fuzz target (Fuzz/ConfigParser), kept so they stay fixed.
@Suite struct ConfigFuzzRegressionTests {
    func problem(_ text: String) -> ConfigError.Problem? {
        do {
            _ = try ConfigFile(path: "recto.toml", text: text)
            return nil
        } catch {
            return error.problems.first
        }
    }

    /// A table header whose first key character is not a key character aborted recto inside toml++ (an
    /// assertion in TOMLKit's bundled parser; first found as "[[\nages]]"). Each is a syntax error with a
    /// position now.
    @Test(arguments: [
        ("[[\nages]]\n", 1, 3, "a line break"),
        ("[\n", 1, 2, "a line break"),
        ("[=", 1, 2, "'='"),
        ("[[[a]]]", 1, 3, "'['"),
        ("[ \t.a]", 1, 4, "'.'"),
        ("kiosk = true\n  [#\n", 2, 4, "'#'"),
        ("\u{FEFF}[\r\n", 1, 2, "a line break"),
        ("[\u{301}a]", 1, 2, "U+301"),
    ])
    func malformedTableHeaderIsASyntaxError(text: String, line: Int, column: Int, saw: String) {
        let p = problem(text)
        #expect(p?.line == line && p?.column == column, "\(String(describing: p))")
        #expect(p?.message == "TOML syntax error: expected a key after '[' in a table header, saw \(saw)")
    }

    /// Brackets inside strings, comments and multi-line values are not table headers; nor are well-formed ones.
    @Test(arguments: [
        "output = \"\"\"\n[=\n\"\"\"\n",
        "output = '''\n[\n'''\n",
        "output = \"a\\\n[=\"\n",
        "book = [\n[=\n]\n",
        "# [=\nkiosk = true\n",
        "kiosk = true # [\n",
        "[a]\n",
        "[[a]]\n",
        "[ \"quoted\" ]\n",
        "['x'.y]\n",
        "[]\n",
        "[ [a]]\n",
    ])
    func otherBracketsAreLeftToTheParser(text: String) {
        // Whatever TOML makes of these (most are errors of their own), it is not the header message.
        #expect(problem(text)?.message.contains("in a table header") != true, "\(text)")
    }
}
