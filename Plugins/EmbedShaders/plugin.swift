import Foundation
import PackagePlugin

/// Embeds every file of the package's top-level `Shaders/` folder into the target as a Swift string
/// constant (`Shaders.page_vert` for `page.vert`). Each shader is a declared input, so edits rebuild.
@main
struct EmbedShaders: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let dir = context.package.directoryURL.appending(path: "Shaders")
        let names = try FileManager.default.contentsOfDirectory(atPath: dir.path(percentEncoded: false))
            .filter { $0.hasSuffix(".vert") || $0.hasSuffix(".frag") || $0.hasSuffix(".glsl") }
            .sorted()
        let inputs = names.map { dir.appending(path: $0) }
        let output = context.pluginWorkDirectoryURL.appending(path: "EmbeddedShaders.swift")
        return [.buildCommand(
            displayName: "Embedding \(names.count) shaders",
            executable: try context.tool(named: "ShaderEmbedder").url,
            arguments: [output.path(percentEncoded: false)] + inputs.map { $0.path(percentEncoded: false) },
            inputFiles: inputs,
            outputFiles: [output])]
    }
}
