import Foundation
import PDF
import TestSupport

/// A fresh temporary directory, removed by `cleanup()`.
struct Scratch {
    let path: String

    init() throws {
        path = NSTemporaryDirectory() + "recto-pdf-tests-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    func write(_ name: String, _ bytes: [UInt8]) throws -> String {
        let file = path + "/" + name
        try Data(bytes).write(to: URL(fileURLWithPath: file))
        return file
    }

    func cleanup() { try? FileManager.default.removeItem(atPath: path) }
}

/// The helper next to the test executable (SwiftPM builds it into the same folder).
func helperConfiguration(timeoutMilliseconds: Int = 10_000, helpers: Int = 2) throws -> PDFDocument.Configuration {
    var configuration = try PDFDocument.Configuration.standard(environment: [:])
    configuration.timeoutMilliseconds = timeoutMilliseconds
    configuration.helpers = helpers
    return configuration
}

/// Runs a program to completion; returns its exit status and standard output.
@discardableResult
func runProgram(_ program: String, _ arguments: [String]) throws -> (status: Int32, output: Data) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: program)
    process.arguments = arguments
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = FileHandle.nullDevice
    try process.run()
    let output = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, output)
}

/// An RGB image from a binary PPM (P6, maxval 255), as pdftoppm writes it.
func parsePPM(_ data: Data) throws -> (width: Int, height: Int, rgb: [UInt8]) {
    let bytes = [UInt8](data)
    var fields: [Int] = []
    var i = 2
    while fields.count < 3 {
        while bytes[i] == 0x20 || bytes[i] == 0x0A { i += 1 }
        var value = 0
        while bytes[i] >= 0x30 && bytes[i] <= 0x39 { value = value * 10 + Int(bytes[i] - 0x30); i += 1 }
        fields.append(value)
    }
    let rgb = Array(bytes[(i + 1)...])
    guard bytes.starts(with: [0x50, 0x36]), fields[2] == 255, rgb.count == fields[0] * fields[1] * 3 else {
        throw NSError(domain: "ppm", code: 1, userInfo: [NSLocalizedDescriptionKey: "not a P6 PPM"])
    }
    return (fields[0], fields[1], rgb)
}

/// Pixels (RGBA) darker than mid-grey in a rectangle.
func darkPixels(_ rgba: [UInt8], width: Int, x: Range<Int>, y: Range<Int>) -> Int {
    var count = 0
    for row in y {
        for column in x {
            let i = (row * width + column) * 4
            if Int(rgba[i]) + Int(rgba[i + 1]) + Int(rgba[i + 2]) < 384 { count += 1 }
        }
    }
    return count
}

/// The RGBA pixel at (x, y).
func pixel(_ rgba: [UInt8], width: Int, _ x: Int, _ y: Int) -> [UInt8] {
    let i = (y * width + x) * 4
    return Array(rgba[i..<(i + 4)])
}

/// Pixels (RGBA) that are not white paper.
func inked(_ rgba: [UInt8]) -> Int {
    stride(from: 0, to: rgba.count, by: 4).filter { rgba[$0] < 250 || rgba[$0 + 1] < 250 || rgba[$0 + 2] < 250 }.count
}

/// A fontconfig configuration that knows one font (DejaVu Sans, copied into `scratch`) and caches nowhere it
/// can write: the least a helper's warm-up can load, as on a kiosk image with one font package.
func singleFontEnvironment(in scratch: Scratch) throws -> [String: String] {
    let fonts = scratch.path + "/fonts"
    try FileManager.default.createDirectory(atPath: fonts, withIntermediateDirectories: true)
    try FileManager.default.copyItem(atPath: "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
                                     toPath: fonts + "/DejaVuSans.ttf")
    let configuration = """
        <?xml version="1.0"?>
        <!DOCTYPE fontconfig SYSTEM "urn:fontconfig:fonts.dtd">
        <fontconfig><dir>\(fonts)</dir><cachedir>\(scratch.path)/cache</cachedir></fontconfig>
        """
    let file = try scratch.write("fonts.conf", Array(configuration.utf8))
    return ["FONTCONFIG_FILE": file]
}
