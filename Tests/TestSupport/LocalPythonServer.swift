import Foundation

/// Starts `python3 arguments…`, a test's HTTP server on 127.0.0.1 that prints the port the kernel gave it on its
/// first line; returns that port, or nil when the server printed none (it failed to start).
public func startLocalPythonServer(_ process: Process, arguments: [String], input: Pipe? = nil,
                                   quietErrors: Bool = false) throws -> Int? {
    let output = Pipe()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
    process.arguments = arguments
    if let input { process.standardInput = input }
    process.standardOutput = output
    if quietErrors { process.standardError = FileHandle.nullDevice }
    try process.run()
    var line = Data()
    while !line.contains(0x0A) {
        let chunk = output.fileHandleForReading.availableData
        guard !chunk.isEmpty else { break }
        line.append(chunk)
    }
    return Int(String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))
}
