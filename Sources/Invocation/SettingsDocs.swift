import Config
import FoundationEssentials

/// The settings described for people, from the declarations: `recto --help`'s SETTINGS, each command's
/// setting flags, and README's table (`recto settings --markdown`, checked against README by a test).
public enum SettingsDocs {
    /// How a setting is written on the command line: `--max-zoom <x>`, `--kiosk / --no-kiosk`, `BOOK argument`.
    public static func commandLine(_ setting: any AnySetting, toggleSeparator: String = " / ") -> String {
        let name = setting.key.rawValue
        if let argument = setting.argument { return "\(argument) argument" }
        if setting.kind == .toggle { return "--\(name)\(toggleSeparator)--no-\(name)" }
        return "--\(name) <\(setting.valueName)>"
    }

    /// `recto --help`'s entries: `  max-zoom (--max-zoom <x>)`, then the help wrapped and indented.
    public static var helpEntries: String {
        SettingTable.all.map { setting in
            let scope = (setting.scope == .reader ? "" : " [every command]") + (setting.live ? " [live: recto ctl set]" : "")
            return "  \(setting.key.rawValue) (\(commandLine(setting)))\(scope)\n" + wrap(setting.help, width: 78, indent: 6)
        }.joined(separator: "\n")
    }

    /// A command's setting flags, as ArgumentParser lists options: `  --kiosk/--no-kiosk` and the help below.
    public static func flagHelp(scope: SettingKey.Scope) -> String {
        SettingTable.all.filter { $0.argument == nil && (scope == .reader || $0.scope == .everyCommand) }.map { setting in
            "  " + commandLine(setting, toggleSeparator: "/") + "\n" + wrap(setting.help, width: 78, indent: 8)
        }.joined(separator: "\n")
    }

    /// README's settings table, one row per declaration.
    public static var markdownTable: String {
        var lines = ["| key | flag | value | default | live | meaning |", "| --- | --- | --- | --- | --- | --- |"]
        for setting in SettingTable.all {
            let flag = setting.argument.map { "`\($0)` argument" }
                ?? (setting.kind == .toggle ? "`--\(setting.key)` / `--no-\(setting.key)`" : "`--\(setting.key) <\(setting.valueName)>`")
            var defaultText = Substring(setting.defaultText)
            if defaultText.hasPrefix(": ") { defaultText = defaultText.dropFirst(2) }
            let cells = ["`\(setting.key)`", flag, values(setting), String(defaultText), setting.live ? "yes" : "", setting.summary]
            lines.append("| " + cells.map { $0.replacing("|", with: "\\|") }.joined(separator: " | ") + " |")
        }
        return lines.joined(separator: "\n")
    }

    /// What values a setting takes, for the table: `1–32 x`, `auto, single, double`.
    static func values(_ setting: any AnySetting) -> String {
        let unit = setting.valueName
        switch setting.kind {
        case .toggle: return "true, false"
        case .text: return "text"
        case .path: return "path"
        case .paths: return "list of paths"
        case .colour: return "`#rrggbb`"
        case .choice(let names): return names.map { "`\($0)`" }.joined(separator: ", ")
        case .number(let lo, let hi, let words):
            return "\(formatNumber(lo))–\(formatNumber(hi)) \(unit)" + words.map { ", `\($0)`" }.joined()
        case .whole(let lo, let hi): return "\(lo)–\(hi) \(unit) (whole)"
        }
    }

    /// Word-wraps `text` to lines of at most `width` columns, each indented by `indent` spaces (ArgumentParser
    /// rewraps only lines longer than the screen, and would lose the indentation).
    public static func wrap(_ text: String, width: Int, indent: Int) -> String {
        // The root command's help is built at every start (ArgumentParser reads its configuration): the line's
        // length is kept as a count, since String.count walks the whole line each time.
        let pad = String(repeating: " ", count: indent)
        var lines: [String] = [], line = "", length = 0
        for word in text.split(separator: " ") {
            let count = word.count
            if length > 0, indent + length + 1 + count > width {
                lines.append(pad + line)
                line = ""
                length = 0
            }
            line += (length == 0 ? "" : " ") + word
            length += (length == 0 ? 0 : 1) + count
        }
        if length > 0 { lines.append(pad + line) }
        return lines.joined(separator: "\n")
    }
}
