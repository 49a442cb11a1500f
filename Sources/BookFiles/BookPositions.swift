import Pages
import Glibc
import Posix

/// What a book is, whatever it is called: the identities of all its pages (device, inode, size and time of each
/// file, or of the archive or document and its entries). A rename or a move within the file system keeps it; a
/// page added, removed or rewritten changes it.
public struct BookIdentity: Sendable, Hashable {
    /// 16 hex digits (64-bit FNV-1a over the page identities), file-name safe.
    public let key: String

    /// Nil when a page's identity cannot be read (the book is changing or unreadable).
    public init?(_ source: PageSource) {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        func mix(_ text: String) {
            for byte in text.utf8 {
                hash ^= UInt64(byte)
                hash = hash &* 0x0000_0100_0000_01b3
            }
            hash ^= 0x0a
            hash = hash &* 0x0000_0100_0000_01b3
        }
        mix("\(source.pageCount)")
        guard source.pageCount > 0 else { return nil }
        for page in 1...source.pageCount {
            guard let identity = try? source.identity(of: page) else { return nil }
            mix(identity.key)
        }
        let digits = String(hash, radix: 16)
        key = String(repeating: "0", count: 16 - digits.count) + digits
    }
}

/// The page each book was left on, one small file per book under `$XDG_STATE_HOME/recto/positions`. Writes are
/// atomic (a temporary file renamed over the old one): a crash leaves the old page or the new one.
public struct BookPositions: Sendable {
    public let directory: String

    public init(directory: String) { self.directory = directory }

    /// `$XDG_STATE_HOME/recto/positions`, or `~/.local/state/recto/positions`; nil without either variable.
    public static func defaultDirectory(environment: [String: String]) -> String? {
        if let xdg = environment["XDG_STATE_HOME"], xdg.hasPrefix("/") { return xdg + "/recto/positions" }
        if let home = environment["HOME"], home.hasPrefix("/") { return home + "/.local/state/recto/positions" }
        return nil
    }

    /// The page `book` was left on, or nil (never opened, or the file is unreadable).
    public func page(of book: BookIdentity) -> Int? {
        guard case .success(let fd) = systemCall({ open(directory + "/" + book.key, O_RDONLY | O_CLOEXEC) }) else {
            return nil
        }
        defer { closeDescriptor(fd) }
        var bytes = [UInt8](repeating: 0, count: 32)
        guard case .success(let n) = systemCall({ bytes.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) } }),
              n > 0 else { return nil }
        let text = String(decoding: bytes[0..<n], as: UTF8.self).split(separator: "\n").first ?? ""
        guard let page = Int(text), page >= 1 else { return nil }
        return page
    }

    /// Remembers `page` for `book`. Throws with the reason when the directory cannot be written.
    public func remember(_ page: Int, of book: BookIdentity) throws(PageError) {
        if let failure = makeDirectories(directory) { throw .unreadable(path: directory, reason: failure) }
        let path = directory + "/" + book.key
        let temporary = path + ".tmp\(getpid())"
        let fd = try systemCall { open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644) }
            .mapError { PageError.unreadable(path: temporary, reason: $0.description) }.get()
        let bytes = Array("\(page)\n".utf8)
        let written = bytes.withUnsafeBytes { writeAll($0, to: fd) }
        closeDescriptor(fd)
        let failure: SystemError? = switch written {
        case .failure(let error): error
        case .success: if case .failure(let error) = systemCall({ rename(temporary, path) }) { error } else { nil }
        }
        if let failure {
            _ = systemCall { unlink(temporary) }
            throw .unreadable(path: path, reason: failure.description)
        }
    }
}
