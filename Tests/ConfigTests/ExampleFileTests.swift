import Config
import ConfigFiles
import Foundation
import Testing

/// `Assets/deploy/recto.toml`, the example installed for administrators, must stay valid and complete.
@Suite struct ExampleFileTests {
    static let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Assets/deploy/recto.toml").path

    @Test func parsesAsShippedAndWithEveryExampleUncommented() throws {
        let text = try String(contentsOfFile: Self.path, encoding: .utf8).replacingOccurrences(of: "@PREFIX@", with: "/usr/local")
        let shipped = try ConfigFile(path: Self.path, text: text)
        #expect(shipped.entries.map(\.key) == [key("book"), key("kiosk")])
        // Lines like `# key = value   # comment` are the documented settings; uncommented, they must all parse.
        let uncommented = text.split(separator: "\n", omittingEmptySubsequences: false).map { line -> Substring in
            guard line.hasPrefix("# "), let eq = line.firstIndex(of: "="),
                  SettingKey(rawValue: line.dropFirst(2)[..<eq].trimmingCharacters(in: .whitespaces)) != nil else { return line }
            return line.dropFirst(2)
        }.joined(separator: "\n")
        let all = try ConfigFile(path: Self.path, text: uncommented)
        #expect(Set(all.entries.map(\.key)) == Set(SettingKey.allCases), "the example documents every key")
        var settings = Settings()
        all.apply(to: &settings)
        #expect(settings.value(of: \.maxZoom) == .number(8) && settings.logLevel == .notice)
    }
}
