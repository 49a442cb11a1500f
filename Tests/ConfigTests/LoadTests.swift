import Config
import ConfigFiles
import Foundation
import Testing

/// A private directory with files, removed at the end.
final class TempDir {
    let url: URL
    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("recto-config-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }
    deinit { try? FileManager.default.removeItem(at: url) }
    @discardableResult
    func write(_ relative: String, _ text: String) throws -> String {
        let file = url.appendingPathComponent(relative)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: file, atomically: true, encoding: .utf8)
        return file.path
    }
}

@Suite struct LoadTests {
    @Test func defaultPathsFollowXDG() {
        #expect(ConfigLocation.defaultPaths(environment: ["XDG_CONFIG_HOME": "/cfg", "HOME": "/home/k"])
                == ["/cfg/recto/recto.toml", "/etc/recto/recto.toml"])
        #expect(ConfigLocation.defaultPaths(environment: ["HOME": "/home/k"])
                == ["/home/k/.config/recto/recto.toml", "/etc/recto/recto.toml"])
        // Empty or relative XDG_CONFIG_HOME is ignored, as the XDG base directory specification says.
        #expect(ConfigLocation.defaultPaths(environment: ["XDG_CONFIG_HOME": "", "HOME": "/home/k"])
                == ["/home/k/.config/recto/recto.toml", "/etc/recto/recto.toml"])
        #expect(ConfigLocation.defaultPaths(environment: ["XDG_CONFIG_HOME": "cfg"]) == ["/etc/recto/recto.toml"])
    }

    @Test func firstExistingDefaultFileIsUsedAndNoneIsFine() throws {
        let env = ["XDG_CONFIG_HOME": "/cfg"]
        let none = try Settings.load(explicitPath: nil, flags: [], environment: env, exists: { _ in false })
        #expect(none.settings == Settings() && none.file == nil)
        let dir = try TempDir()
        let user = try dir.write("user/recto/recto.toml", "max-zoom = 3\n")
        let fromUser = try Settings.load(explicitPath: nil, flags: [],
                                         environment: ["XDG_CONFIG_HOME": dir.url.appendingPathComponent("user").path])
        #expect(fromUser.file == user && fromUser.settings.maxZoom == 3)
        // The user file wins over the system one: the locator asks in that order and stops at the first.
        var asked: [String] = []
        _ = try Settings.load(explicitPath: nil, flags: [], environment: ["XDG_CONFIG_HOME": "/cfg"],
                              exists: { asked.append($0); return false })
        #expect(asked == ["/cfg/recto/recto.toml", "/etc/recto/recto.toml"])
    }

    @Test func precedenceFlagsOverFileOverDefaults() throws {
        let dir = try TempDir()
        let file = try dir.write("k.toml", "kiosk = true\nmax-zoom = 3\nspread = 'single'\n")
        let loaded = try Settings.load(explicitPath: file, flags: [(key("max-zoom"), .number(6)), (key("kiosk"), .bool(false))],
                                       environment: [:])
        #expect(loaded.file == file)
        #expect(loaded.settings.maxZoom == 6, "flag beats file")
        #expect(loaded.settings.kiosk == false, "--no-kiosk beats kiosk = true")
        #expect(loaded.settings.spread == .single, "file beats default")
        #expect(loaded.settings.curlRadius == 20, "default stays")
        #expect(loaded.settings.idleResetSeconds == 0, "kiosk off by flag: no idle reset by default")
    }

    @Test func explicitFileMustExistButDefaultsNeedNot() throws {
        let dir = try TempDir()
        let missing = dir.url.appendingPathComponent("nope.toml").path
        #expect(throws: ConfigError.self) {
            try Settings.load(explicitPath: missing, flags: [], environment: [:])
        }
        do { _ = try Settings.load(explicitPath: missing, flags: [], environment: [:]) } catch {
            #expect(error.description == "\(missing): cannot read the configuration file: No such file or directory")
        }
        do { _ = try Settings.load(explicitPath: dir.url.path, flags: [], environment: [:]) } catch {
            #expect(error.description.hasSuffix("Is a directory"))
        }
        // --no-config reads nothing, not even a bad explicit file.
        let bad = try dir.write("bad.toml", "nonsense = 1\n")
        let none = try Settings.load(explicitPath: bad, readFiles: false, flags: [(key("kiosk"), .bool(true))], environment: [:])
        #expect(none.file == nil && none.settings.kiosk)
    }

    @Test func fileErrorsComeFromTheFileWithLines() throws {
        let dir = try TempDir()
        let file = try dir.write("recto.toml", "kiosk = true\nidle-reset = -1\n")
        do {
            _ = try Settings.load(explicitPath: file, flags: [], environment: [:])
            Issue.record("no error")
        } catch {
            #expect(error.description == "\(file):2: idle-reset: expected a number from 0 to 86400, got -1")
        }
    }

    @Test func flagErrorsNameTheFlag() {
        do {
            _ = try Settings.load(explicitPath: nil, readFiles: false,
                                  flags: [(key("max-zoom"), .number(40)), (key("background"), .string("blue"))], environment: [:])
            Issue.record("no error")
        } catch {
            #expect(error.problems.map(\.key) == ["max-zoom", "background"])
            #expect(error.description == """
                --max-zoom: expected a number from 1 to 32, got 40
                --background: expected a colour as "#rrggbb", got the string "blue"
                """)
        }
    }

    @Test func hugeAndNonUTF8FilesAreRefused() throws {
        let dir = try TempDir()
        let big = dir.url.appendingPathComponent("big.toml")
        try Data(repeating: 0x23, count: ConfigFile.maximumSize + 1).write(to: big)
        #expect(throws: ConfigError.self) { try ConfigFile.read(path: big.path) }
        let latin1 = dir.url.appendingPathComponent("latin1.toml")
        try Data([0x62, 0x6f, 0x6f, 0x6b, 0x3d, 0x22, 0xe9, 0x22, 0x0a]).write(to: latin1)
        do { _ = try ConfigFile.read(path: latin1.path) } catch {
            #expect(error.description.hasSuffix("not UTF-8 text"))
        }
    }
}
