import Foundation

/// The whole text of a /proc file. Its size reads as 0, and `String(contentsOfFile:)` may stop at the first
/// block: /proc/PID/maps runs to many blocks.
func procText(_ path: String) throws -> String {
    guard let handle = FileHandle(forReadingAtPath: path) else { throw CocoaError(.fileReadNoSuchFile) }
    defer { try? handle.close() }
    return String(decoding: try handle.readToEnd() ?? Data(), as: UTF8.self)
}
