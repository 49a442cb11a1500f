import Config
import ConfigFiles
import Testing

@Suite struct ConfigFileTests {
    /// Every key, as an administrator would write it, with comments and blank lines.
    static let fullFile = """
        # Recto kiosk configuration
        book = "/srv/books/atlas"   # the book
        library = "/srv/books"
        books = ["/srv/books/atlas", "/srv/books/leaves.cbz"]
        kiosk = true
        spread = "double"
        rtl = true
        spine-offset = 1
        background = "#102030"
        radius = 35.5

        output = "HDMI-A-1"
        idle-reset = 45
        idle-warning = 30
        log-level = "debug"
        log-events = true
        max-zoom = 12
        double-tap-zoom = 3.0
        snap-rotation = false
        pinch-rotate = false
        momentum = false
        grab-zone = 120
        tap-zones = false
        double-tap-interval = 0
        commit-progress = 0.3
        flick-speed = 900
        swipe-speed = 700
        turn-duration = 300
        margin = 0.05
        cache-mb = 512
        disk-cache-mb = 0
        web-cache-mb = 64
        motion-scale = 0.5
        predict = true
        remember-position = false
        control-socket = "/run/recto/control.sock"
        metrics-file = "/var/lib/recto/recto.prom"
        metrics-interval = 30
        language = "de"
        languages = "de,en,fr"
        reduced-motion = true
        controls = "always"
        reach = true
        large-text = true
        attract-after = 12
        visit-stats = false
        visit-retention-days = 90
        speech = true
        speech-key = "keypad-multiply"
        speech-hold = 1500
        speech-language = "fr"
        speech-rate = -20
        speech-volume = 30
        narration = true
        narration-volume = 60
        quiet-hours = "18:30-09:00"
        quiet-volume = 20
        page-sound = true
        """

    @Test func everyKeyFromAFile() throws {
        let file = try ConfigFile(path: "/etc/recto/recto.toml", text: Self.fullFile)
        #expect(file.entries.count == SettingKey.allCases.count)
        #expect(file.entries.map(\.key) == SettingKey.allCases, "entries in file order")
        #expect(file.entries.first?.line == 2 && file.entries.last?.line == 58)
        var s = Settings()
        file.apply(to: &s)
        for key in SettingKey.allCases {
            var expected = sampleValues[key.rawValue]!
            if case .integer(let i) = expected, case .number = key.kind { expected = .number(Double(i)) }
            #expect(s.value(of: key) == expected, "\(key.rawValue)")
        }
    }

    @Test func emptyAndCommentOnlyFilesAreDefaults() throws {
        for text in ["", "\n\n", "# nothing here\n   # still nothing\n"] {
            var s = Settings()
            try ConfigFile(path: "x.toml", text: text).apply(to: &s)
            #expect(s == Settings())
        }
    }

    private func problems(_ text: String) -> [ConfigError.Problem] {
        do { _ = try ConfigFile(path: "/etc/recto/recto.toml", text: text); return [] } catch { return error.problems }
    }

    @Test func unknownKeyNamesKeyAndLineWithSuggestion() {
        let p = problems("kiosk = true\n\n# zoom\nmax-zom = 4\n")
        #expect(p.count == 1)
        #expect(p.first?.line == 4 && p.first?.key == "max-zom")
        #expect(p.first?.description == "/etc/recto/recto.toml:4: unknown key \"max-zom\" (did you mean max-zoom?); recto's settings are top-level keys, see `recto --help`")
    }

    @Test func unknownTableNamesItsHeaderLine() {
        let p = problems("kiosk = true\n[reader]\nmax-zoom = 4\n")
        #expect(p.map(\.line) == [2])
        #expect(p.first?.message.hasPrefix("unknown table [reader]") == true)
    }

    @Test func badValueNamesKeyAndLine() {
        let p = problems("""
            motd = '''
            max-zoom = "not here: inside a string"
            '''
            kiosk = "yes"
            spread = ["single", # comment ]
                "double"]
            max-zoom = 0.5
            """)
        #expect(p.map(\.line) == [1, 4, 5, 7])
        #expect(p.map(\.key) == ["motd", "kiosk", "spread", "max-zoom"])
        #expect(p[1].description == "/etc/recto/recto.toml:4: kiosk: expected true or false, got the string \"yes\"")
        #expect(p[2].message == "spread: expected one of auto, single, double, got a value of type array")
        #expect(p[3].message == "max-zoom: expected a number from 1 to 32, got 0.5")
    }

    @Test func knownKeyUsedAsATable() {
        let p = problems("[kiosk]\nenabled = true\n")
        #expect(p.map(\.line) == [1])
        #expect(p.first?.message == "kiosk: expected true or false, got a value of type table")
        let dotted = problems("title = 'x'\nkiosk.enabled = true\n")
        #expect(dotted.map(\.line) == [1, 2])
    }

    @Test func datesAndIntegersForWholeNumbers() {
        #expect(problems("idle-reset = 1979-05-27\n").first?.message == "idle-reset: expected a number from 0 to 86400, got a value of type date")
        #expect(problems("cache-mb = 256.0\n").first?.message == "cache-mb: expected a whole number from 16 to 65536, got 256.0")
        #expect(problems("cache-mb = 256\nidle-reset = 2.5\nradius = 3\n").isEmpty)
    }

    @Test func syntaxErrorHasLineAndColumn() {
        let p = problems("kiosk = true\nmax-zoom = \n")
        #expect(p.count == 1)
        #expect(p.first?.line == 2)
        #expect(p.first?.column != nil)
        #expect(p.first?.message.hasPrefix("TOML syntax error: ") == true)
        #expect(p.first?.description.hasPrefix("/etc/recto/recto.toml:2:") == true)
        let duplicate = problems("kiosk = true\nkiosk = false\n")
        #expect(duplicate.first?.line == 2)
    }

    @Test func relativeBookIsRelativeToTheFile() throws {
        var s = Settings()
        try ConfigFile(path: "/etc/recto/recto.toml", text: "book = 'books/atlas'").apply(to: &s)
        #expect(s.book == "/etc/recto/books/atlas")
        try ConfigFile(path: "/etc/recto/recto.toml", text: "book = '/srv/atlas'").apply(to: &s)
        #expect(s.book == "/srv/atlas")
        try ConfigFile(path: "recto.toml", text: "book = 'atlas'").apply(to: &s)
        #expect(s.book == "atlas")
    }

    @Test func aLibraryIsADirectoryOrAListOfBooksRelativeToTheFile() throws {
        var s = Settings()
        try ConfigFile(path: "/etc/recto/recto.toml", text: "library = \"books\"\nbooks = [\"a.cbz\", \"/srv/b.pdf\"]").apply(to: &s)
        #expect(s.library == "/etc/recto/books" && s.books == ["/etc/recto/a.cbz", "/srv/b.pdf"])
        #expect(throws: ConfigError.self) { try ConfigFile(path: "x.toml", text: "books = [1, 2]") }
        #expect(throws: ConfigError.self) { try ConfigFile(path: "x.toml", text: "books = []") }
        #expect(throws: ConfigError.self) { try ConfigFile(path: "x.toml", text: "books = \"a.cbz\"") }
    }
}
