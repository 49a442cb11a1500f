import CWaylandClient
import Glibc
import Posix

/// Why the connection to the compositor ended; the program maps it to exit status 3.
public struct DisplayError: Error, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}

// libwayland reports a protocol error's text only through its log handler; keep the last line so the
// one-line exit message can name interface, code and text together.
@MainActor private var lastWaylandLog = ""

/// Installs the log handler that captures libwayland's messages instead of printing them.
@MainActor func captureWaylandLog() {
    wl_log_set_handler_client { format, args in
        guard let format, let args else { return }
        var buffer = [CChar](repeating: 0, count: 1024)
        _ = vsnprintf(&buffer, buffer.count, format, args)
        let line = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        MainActor.assumeIsolated {
            lastWaylandLog = line.trimmingSuffixNewlines()
        }
    }
}

extension String {
    func trimmingSuffixNewlines() -> String {
        var s = self
        while s.hasSuffix("\n") { s.removeLast() }
        return s
    }
}

/// Describes the display's fatal error in one line: the interface, code and message of a protocol
/// error, or the system error that closed the socket.
@MainActor func describeDisplayError(_ display: OpaquePointer) -> String {
    let err = wl_display_get_error(display)
    if err == EPROTO {
        var interface: UnsafePointer<wl_interface>?
        var id: UInt32 = 0
        let code = wl_display_get_protocol_error(display, &interface, &id)
        let name = interface.map { String(cString: $0.pointee.name) } ?? "unknown interface"
        // The log line reads "interface@id: error code: message"; keep only the message.
        let marker = ": error \(code): "
        var message = lastWaylandLog
        if let r = message.firstRange(of: marker) { message = String(message[r.upperBound...]) }
        return "Wayland protocol error on \(name)@\(id), code \(code): \(message.isEmpty ? "(no message)" : message)"
    }
    if err == 0 { return "the Wayland compositor closed the connection" }
    return "lost the connection to the Wayland compositor: \(errnoText(err))"
}
