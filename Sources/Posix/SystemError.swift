import Glibc

/// A system call's failure: its errno, and the C library's sentence for it.
public struct SystemError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The errno value (ENOENT, EACCES, …).
    public let code: Int32

    public init(_ code: Int32) { self.code = code }

    /// The failure the calling thread's errno holds now; read it before any other call can overwrite it.
    public static var current: SystemError { SystemError(errno) }

    /// strerror's text, e.g. "No such file or directory".
    public var description: String { errnoText(code) }
}

/// strerror's text for an errno value (or for a call such as posix_spawn that returns its error).
public func errnoText(_ code: Int32) -> String { String(cString: strerror(code)) }
