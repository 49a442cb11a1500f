import Foundation
import Testing

/// recto is Apache-2.0; the PDF helper is distributed under the GPL-3 (it links poppler). Nothing recto compiles
/// may come from the helper's tree: the wire protocol's headers are recto's own, and the helper includes them.
@Suite struct LicenceBoundaryTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    @Test func nothingUnderSourcesIncludesAFileOfTheHelpersTree() throws {
        let helpers = Self.root.appendingPathComponent("Helpers").standardized.path + "/"
        let sources = Self.root.appendingPathComponent("Sources")
        let files = try #require(FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil))
        var includes = 0
        for case let file as URL in files where ["h", "c", "modulemap"].contains(file.pathExtension) {
            for line in try String(contentsOf: file, encoding: .utf8).split(separator: "\n") {
                guard let name = Self.quotedInclude(line) else { continue }
                let target = file.deletingLastPathComponent().appendingPathComponent(name).standardized
                #expect(!target.resolvingSymlinksInPath().path.hasPrefix(helpers), "\(file.path) includes \(name)")
                includes += 1
            }
        }
        #expect(includes > 0, "no quoted include found under \(sources.path)")
    }

    @Test func theSharedWireHeadersSayTheirLicence() throws {
        let folder = Self.root.appendingPathComponent("Sources/CPDFWire/include")
        for name in ["recto_pdf_protocol.h", "recto_pdf_wire.h"] {
            let text = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
            #expect(text.hasPrefix("// SPDX-License-Identifier: Apache-2.0\n"), "\(name)")
        }
    }

    /// The path of `#include "path"` or of a module map's `header "path"` (both relative to the file), else nil.
    static func quotedInclude(_ line: Substring) -> String? {
        let words = line.split(separator: " ", omittingEmptySubsequences: true)
        guard let keyword = words.firstIndex(where: { $0 == "#include" || $0 == "header" }),
              keyword + 1 < words.count else { return nil }
        let operand = words[keyword + 1]
        guard operand.count > 2, operand.first == "\"", operand.last == "\"" else { return nil }
        return String(operand.dropFirst().dropLast())
    }
}
