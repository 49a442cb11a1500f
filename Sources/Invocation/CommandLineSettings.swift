import ArgumentParser
import Config
import ConfigFiles
import Diagnostics
import Posix

/// The setting flags of this run, read from `SettingTable`'s declarations before ArgumentParser parses the
/// rest (ArgumentParser's options are written one property each; these come from the table). `recto open`
/// (the default command) takes every setting, `render` and `bench` the ones every command uses; the others
/// take none, so `recto ctl` passes its words on untouched.
public enum CommandLineSettings {
    public static let scopes: [String: SettingKey.Scope?] = [
        "open": .reader, "render": .everyCommand, "bench": .everyCommand, "ctl": nil, "help": nil, "settings": nil,
        // The visit commands' own options (`bench-visits --kiosk NAME`) are theirs, not the reader's settings.
        "report": nil, "bench-visits": nil,
    ]

    /// The setting flags and the arguments left for ArgumentParser; a flag without its value is an error.
    public static let parsed: Result<SettingFlags, ConfigError> = {
        let arguments = Array(CommandLine.arguments.dropFirst())
        let scope = arguments.first.flatMap { scopes[$0] } ?? .reader
        guard let scope else { return .success({ var f = SettingFlags(); f.rest = arguments; return f }()) }
        return Result { () throws(ConfigError) in try SettingFlags.parse(arguments, scope: scope) }
    }()

    /// The settings the flags give (checked with the file's, in `Settings.load`).
    public static var given: [(SettingKey, ConfigValue)] { (try? parsed.get())?.given ?? [] }
}

/// `recto settings --markdown`: the settings table of README's Configuration section.
public struct SettingsTable: ParsableCommand {
    public init() {}

    public static let configuration = CommandConfiguration(
        commandName: "settings",
        abstract: "Print every setting (key, flag, values, default, meaning) as README's Markdown table.",
        discussion: ExitStatus.helpSection([.ok, .usage]))

    @Flag(help: "Markdown (the only format; README's table is this output, checked by a test).")
    var markdown = false

    public func run() throws {
        writeAll(1, SettingsDocs.markdownTable + "\n")
    }
}
