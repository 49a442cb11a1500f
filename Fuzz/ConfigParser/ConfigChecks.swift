import Config
import ConfigFiles
import Glibc

/// Asserted for any file (a violation crashes so libFuzzer keeps the input):
/// - reading never traps; a failure is a `ConfigError` with at least one problem, each with text, and the line
///   of a problem about a key (found by `KeyLines`, not the TOML parser's own position) exists in the file;
/// - a success has one entry per key, every entry applies to `Settings` (the file was checked), and each entry's
///   line is known and within the file;
/// - `KeyLines.scan` finds lines within the file for any UTF-8 text.
enum ConfigChecks {
    /// One scratch file per process, written for every input and removed after it (so a crash leaves one).
    static let path: String = {
        let dir = access("/dev/shm", W_OK) == 0 ? "/dev/shm" : "/tmp"
        let path = "\(dir)/recto-fuzz-\(getpid()).toml"
        return path
    }()

    static func run(_ data: UnsafeRawBufferPointer) {
        write(data, to: path)
        defer { unlink(path) }
        let text = String(validating: data, as: UTF8.self)
        // Lines as KeyLines counts them: "\n" and "\r\n" end a line.
        let lineCount = text.map { $0.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" }.count }
        func withinFile(_ line: Int?) -> Bool {
            guard let line else { return true }
            return line >= 1 && line <= max(lineCount ?? 1, 1)
        }
        if let text {
            for (key, line) in KeyLines.scan(text) where !withinFile(line) {
                fail("KeyLines put \(key) on line \(line) of \(lineCount ?? 0)")
            }
        }
        do {
            let file = try ConfigFile.read(path: path)
            guard text != nil else { fail("non-UTF-8 bytes were accepted") }
            var settings = Settings()
            var seen = Set<SettingKey>()
            for entry in file.entries {
                guard seen.insert(entry.key).inserted else { fail("\(entry.key) appears twice") }
                do { try settings.set(entry.key, entry.value) } catch {
                    fail("checked entry \(entry.key) = \(entry.value) does not apply: \(error)")
                }
                guard entry.line != nil, withinFile(entry.line) else {
                    fail("entry \(entry.key.rawValue) has line \(String(describing: entry.line)) of \(lineCount ?? 0)")
                }
            }
            file.apply(to: &settings)
        } catch {
            guard !error.problems.isEmpty else { fail("ConfigError without problems") }
            for p in error.problems {
                guard !p.message.isEmpty, !p.description.isEmpty else { fail("problem without text") }
                guard p.key == nil || withinFile(p.line) else {
                    fail("problem on line \(p.line!) of \(lineCount ?? 0): \(p)")
                }
            }
        }
    }

    static func write(_ data: UnsafeRawBufferPointer, to path: String) {
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard fd >= 0 else { fatalError("cannot write \(path)") }
        defer { close(fd) }
        var done = 0
        while done < data.count {
            let n = Glibc.write(fd, data.baseAddress! + done, data.count - done)
            guard n > 0 else { fatalError("cannot write \(path)") }
            done += n
        }
    }
}

func fail(_ message: String) -> Never {
    fatalError("fuzz invariant violated: \(message)")
}
