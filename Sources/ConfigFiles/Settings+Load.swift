import Config
import FoundationEssentials

/// Where recto looks for its configuration file.
public enum ConfigLocation {
    /// The file name under each configuration directory.
    public static let relativePath = "recto/recto.toml"
    /// The system-wide file, read when the user has none.
    public static let systemPath = "/etc/recto/recto.toml"

    /// The default places in order: `$XDG_CONFIG_HOME/recto/recto.toml` (when XDG_CONFIG_HOME is unset, empty
    /// or relative, `$HOME/.config` as the XDG base directory specification says), then `/etc/recto/recto.toml`.
    public static func defaultPaths(environment: [String: String]) -> [String] {
        var paths: [String] = []
        if let xdg = environment["XDG_CONFIG_HOME"], xdg.hasPrefix("/") {
            paths.append(xdg + "/" + relativePath)
        } else if let home = environment["HOME"], home.hasPrefix("/") {
            paths.append(home + "/.config/" + relativePath)
        }
        paths.append(systemPath)
        return paths
    }
}

extension Settings {
    /// The settings in force: defaults, then the configuration file, then the flags (flags win).
    ///
    /// - Parameters:
    ///   - explicitPath: the `--config FILE` argument; a missing or unreadable one is an error. Nil to use the first existing file of
    ///     `ConfigLocation.defaultPaths` (none existing is fine: defaults and flags only).
    ///   - readFiles: false for `--no-config`: no file at all, not even `explicitPath`.
    ///   - flags: the settings given on the command line, each checked like a file value.
    ///   - exists: whether a regular file is at a path (injected for tests).
    /// - Returns: the settings and the file they came from, if any.
    /// - Throws: every problem with the file or the flags (file problems first).
    public static func load(explicitPath: String?, readFiles: Bool = true, flags: [(SettingKey, ConfigValue)],
                            environment: [String: String],
                            exists: (String) -> Bool = Settings.isFile) throws(ConfigError) -> (settings: Settings, file: String?) {
        var settings = Settings()
        var source: String?
        if readFiles {
            if let explicitPath {
                source = explicitPath  // must exist: reading it reports "No such file or directory"
            } else {
                source = ConfigLocation.defaultPaths(environment: environment).first(where: exists)
            }
        }
        if let source {
            try ConfigFile.read(path: source).apply(to: &settings)
        }
        try settings.apply(flags: flags)
        return (settings, source)
    }

    /// Applies command-line values; every bad one is reported, as `--key: reason`.
    public mutating func apply(flags: [(SettingKey, ConfigValue)]) throws(ConfigError) {
        var problems: [ConfigError.Problem] = []
        for (key, value) in flags {
            do { try set(key, value) } catch {
                problems.append(.init(key: key.rawValue, message: "--\(key.rawValue): \(error.reason)"))
            }
        }
        if !problems.isEmpty { throw ConfigError(problems) }
    }

    /// True for an existing regular file (or a symbolic link to one); a directory is not a configuration file.
    public static func isFile(_ path: String) -> Bool {
        var isDirectory = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && !isDirectory
    }
}
