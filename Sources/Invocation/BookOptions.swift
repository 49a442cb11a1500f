import ArgumentParser
import BookFiles
import Config
import ConfigFiles
import Diagnostics
import Fetch
import FoundationEssentials
import Glibc
import Pages
import Posix
import Reader
import Renderer

/// Options every command takes: the book and the configuration file. The setting flags are not
/// ArgumentParser's: `CommandLineSettings` reads them from the declarations before it parses the rest.
public struct BookOptions: ParsableArguments {
    public init() {}

    @Argument(help: ArgumentHelp(SettingKey(\.book).help + " (Setting `book`.)"))
    public var book: String?

    @Option(name: .customLong("config"), help: ArgumentHelp(
        "Configuration file (TOML). Default: $XDG_CONFIG_HOME/recto/recto.toml (~/.config/recto/recto.toml), else /etc/recto/recto.toml; a missing default file is fine, a missing --config file is an error.",
        valueName: "file"))
    public var configFile: String?

    @Flag(name: .customLong("no-config"), help: "Read no configuration file: defaults and flags only.")
    public var noConfig = false

    /// The book argument and the setting flags of the command line (`CommandLineSettings`), as settings.
    public var overrides: [(SettingKey, ConfigValue)] {
        (book.map { [(SettingKey(\.book), ConfigValue.string($0))] } ?? []) + CommandLineSettings.given
    }

    /// The settings in force: defaults, then the configuration file, then the book argument and the setting
    /// flags (flags win). Throws a usage error (exit 2) naming the file, line and key, or the flag.
    public func settings() throws -> (settings: Settings, file: String?) {
        do {
            return try Settings.load(explicitPath: configFile, readFiles: !noConfig, flags: overrides,
                                     environment: ProcessInfo.processInfo.environment)
        } catch {
            throw RectoExit(.usage, error.problems.map(\.description).joined(separator: "\nrecto: "))
        }
    }

    /// The book of `settings`, or the bundled demo book when it names none.
    /// `remote`: what a IIIF book fetches through.
    public func location(_ settings: Settings, remote: RemoteBooks = .uncached) throws -> BookLocation {
        let path: String
        if let book = settings.book { path = book } else {
            guard let demo = BookLocation.demoBookPath() else {
                throw RectoExit(.usage, "no BOOK given and the demo book is not installed (expected PREFIX/share/recto/DemoBook)")
            }
            path = demo
        }
        return try BookLocation(path: path, remote: remote)
    }

    /// The books of a library: the `books` list, else the `library` directory's books, else the book's own when
    /// it is a library by itself (`Library`'s rule); nil for one book. A BOOK on the command line wins over a
    /// library in the configuration file.
    public func libraryBooks(_ settings: Settings) throws -> [String]? {
        if book == nil, let list = settings.books { return list }
        if book == nil, let directory = settings.library {
            do { return try Library.books(in: directory) } catch {
                // The system's reason, as opendir(3) gives it (Foundation's localizedDescription would link ICU).
                var reason = "\(error)"
                if case .failure(let failure) = directoryEntries(directory, limit: 1) { reason = failure.description }
                throw RectoExit(.usage, "cannot read the library \(directory): \(reason)")
            }
        }
        return settings.book.flatMap(Library.recognised)
    }

    /// The directory whose books `libraryBooks` lists (the `library` setting, or the book that is a library by
    /// itself); nil for a `books` list or one book.
    public func libraryDirectory(_ settings: Settings) -> String? {
        if book == nil, settings.books != nil { return nil }
        if book == nil, let directory = settings.library { return directory }
        return settings.book.flatMap { Library.recognised($0) == nil ? nil : $0 }
    }

    // For callers that take the settings one piece at a time (each reloads the file; `location()` throws
    // first on a bad file, so the non-throwing `readerConfig(for:)` never hides an error in practice).

    public func location() throws -> BookLocation { try location(settings().settings) }

    public func backgroundColour() throws -> RGBA { try settings().settings.background.rgba }

    public func readerConfig(for book: BookLocation) -> ReaderConfig {
        book.readerConfig((try? settings().settings) ?? Settings())
    }
}

extension Settings.Colour {
    public var rgba: RGBA { RGBA(Double(red) / 255, Double(green) / 255, Double(blue) / 255) }
}
