import ArgumentParser
import Bake
import Bench
import Config
import Diagnostics
import Invocation
import Operations

struct Recto: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "recto",
        abstract: "A touch-first page reader for Wayland kiosks and tablets.",
        discussion: discussion,
        version: RectoVersion.string,
        subcommands: [Open.self, Render.self, Bench.self, Ctl.self, SettingsTable.self, Report.self, VisitBench.self, Bake.self, BenchZoom.self],
        defaultSubcommand: Open.self)

    /// The settings come from `SettingTable`, the same declarations the file parser and the flags use.
    static var discussion: String {
        return """
        `recto [BOOK]` opens BOOK (default: the bundled demo book) full-screen; `recto help open` lists its flags.

        SETTINGS
        Every setting is a top-level key of the configuration file and a flag of the same name; flags win over \
        the file, the file over the defaults. The file is TOML: --config FILE, else \
        $XDG_CONFIG_HOME/recto/recto.toml ($HOME/.config/recto/recto.toml when XDG_CONFIG_HOME is unset), else \
        /etc/recto/recto.toml; --no-config reads none. A relative `book` path in the file is relative to the \
        file. An unknown key or a bad value stops recto with status 2 and a message naming the file, line and key.

        \(SettingsDocs.helpEntries)

        LOGGING
        Warnings and diagnostics go to stderr, one line each (`recto: LEVEL: message`), at --log-level; under \
        systemd each line carries its syslog priority for the journal. --log-events writes JSON lines to stdout.

        \(ExitStatus.helpSection(ExitStatus.all))
        """
    }
}
