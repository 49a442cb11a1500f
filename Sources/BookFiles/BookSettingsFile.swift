import Config
import ConfigFiles
import Diagnostics
import Posix

/// A book's own settings: `recto.toml` inside a directory book (a folder of images, a baked IIIF
/// directory beside its `manifest.json`), or `NAME.recto.toml` beside a file book (`atlas.cbz.recto.toml`, a
/// manifest file's `manifest.json.recto.toml`). The keys are recto's settings, of which a book may set those
/// about itself: `spine-offset`. The file is optional; a broken one is reported and ignored, never fatal.
public struct BookSettingsFile: Sendable, Equatable {
    /// The keys a book's own file may set.
    public static let keys: Set<SettingKey> = [SettingKey(\.spineOffset)]

    /// The pages before the cover the book states (`spine-offset`), nil when it states none.
    public var spineOffset: Int?
    /// Why the file was not read (a syntax error, a key that is not a book's), worth one warning.
    public var problem: String?

    public init(spineOffset: Int? = nil, problem: String? = nil) {
        self.spineOffset = spineOffset
        self.problem = problem
    }

    /// `scheme://…`: a URL, which has no file beside it. Not `contains("://")`, which resolves to Foundation's
    /// (visible through TOMLKit) and links ICU into recto.
    static func isURL(_ path: String) -> Bool {
        guard let colon = path.firstIndex(of: ":") else { return false }
        return path[colon...].hasPrefix("://")
    }

    /// Where the book at `path` keeps its own settings (`isDirectory`: the book is a directory).
    public static func path(forBook path: String, isDirectory: Bool) -> String {
        var trimmed = Substring(path)
        while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
        return isDirectory ? trimmed + "/recto.toml" : trimmed + ".recto.toml"
    }

    /// The settings of the book at `path`; nothing when it has no file (or is a URL).
    public static func read(forBook path: String, isDirectory: Bool) -> BookSettingsFile {
        guard !isURL(path) else { return BookSettingsFile() }
        let file = Self.path(forBook: path, isDirectory: isDirectory)
        guard case .success = fileStatus(path: file) else { return BookSettingsFile() }
        let parsed: ConfigFile
        do { parsed = try ConfigFile.read(path: file) } catch { return BookSettingsFile(problem: error.description) }
        var settings = Settings()
        parsed.apply(to: &settings)
        let foreign = parsed.entries.map(\.key).filter { !keys.contains($0) }
        let problem = foreign.isEmpty ? nil
            : "\(file): \(foreign.map(\.rawValue).joined(separator: ", ")) is not a book's own setting (ignored; a book may set \(keys.map(\.rawValue).sorted().joined(separator: ", ")))"
        return BookSettingsFile(spineOffset: settings.isGiven(\.spineOffset) ? settings.spineOffset : nil, problem: problem)
    }
}
