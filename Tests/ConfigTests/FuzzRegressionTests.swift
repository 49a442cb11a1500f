import Config
import ConfigFiles
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

    /// A date followed by `T` and no digit aborted recto in toml++'s time parser (first found as
    /// "x.y.z = 1979-05-27Tj7:32:00Z"). A syntax error with a position now, wherever the value stands.
    @Test(arguments: [
        ("x = 1979-05-27Tj7:32:00Z\n", 1, 16, "'j'"),
        ("kiosk = true\nx = 1979-05-27t_1:00:00", 2, 16, "'_'"),
        ("x = [1, 1979-05-27Tx]", 1, 20, "'x'"),
        ("x = { a = 1979-05-27TZ }", 1, 22, "'Z'"),
        ("output = \"\"\"\n\"\"\"\nx=1979-05-27T\u{300}", 3, 14, "U+300"),
    ])
    func dateTimeWithoutTimeDigitIsASyntaxError(text: String, line: Int, column: Int, saw: String) {
        let p = problem(text)
        #expect(p?.line == line && p?.column == column, "\(String(describing: p))")
        let t = text.contains("t_") ? "t" : "T"
        #expect(p?.message == "TOML syntax error: expected the time's first digit after '\(t)' in a date-time, saw \(saw)")
    }

    /// Dates and times as TOML allows them, and the same characters where they are not values, are left alone.
    @Test(arguments: [
        "x = 1979-05-27T07:32:00Z\n",
        "x = 1979-05-27 07:32:00\n",
        "x = 1979-05-27\n",
        "1979-05-27Tj = 1\n",
        "[1979-05-27Tj]\n",
        "x = { 1979-05-27Tj = 1 }\n",
        "x = \"1979-05-27Tj\"\n",
        "x = 1 # 1979-05-27Tj\n",
    ])
    func validDatesAndLookalikesAreLeftToTheParser(text: String) {
        #expect(problem(text)?.message.contains("date-time") != true, "\(text)")
    }

    /// A `}` where an array expects a value aborted recto in toml++'s value parser (first found as
    /// "b = [12, [\n }][pag*s]]" inside an inline table).
    @Test(arguments: [
        ("x = [}]", 1, 6),
        ("x = [1, }]", 1, 9),
        ("x = [\n}]", 2, 1),
        ("x = [ [ } ] ]", 1, 9),
        ("margin = { a = 1, b = [12, [\n }]]", 2, 2),
    ])
    func closingBraceWhereAnArrayValueBelongsIsASyntaxError(text: String, line: Int, column: Int) {
        let p = problem(text)
        #expect(p?.line == line && p?.column == column, "\(String(describing: p))")
        #expect(p?.message == "TOML syntax error: expected a value or ']' in an array, saw '}'")
    }

    @Test(arguments: ["x = [1 }]", "x = { }", "x = {a = [1]}", "x = [{}, {a = 1}]", "x = [\"}\"]"])
    func bracesElsewhereAreLeftToTheParser(text: String) {
        #expect(problem(text)?.message.contains("in an array") != true, "\(text)")
    }
}
