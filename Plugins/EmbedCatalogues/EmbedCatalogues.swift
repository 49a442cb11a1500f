import Foundation
import PackagePlugin

/// Embeds the translation catalogues `Locales/*.po` into the target as Swift string constants
/// (`Catalogues.all`), so the installed binary needs neither the checkout nor a resource bundle.
@main
struct EmbedCatalogues: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let dir = context.package.directoryURL.appending(path: "Locales")
        let inputs = try FileManager.default.contentsOfDirectory(atPath: dir.path(percentEncoded: false))
            .filter { $0.hasSuffix(".po") }.sorted().map { dir.appending(path: $0) }
        let output = context.pluginWorkDirectoryURL.appending(path: "EmbeddedCatalogues.swift")
        return [.buildCommand(
            displayName: "Embedding \(inputs.count) translation catalogues",
            executable: try context.tool(named: "ShaderEmbedder").url,
            arguments: ["--enum", "Catalogues", output.path(percentEncoded: false)] + inputs.map { $0.path(percentEncoded: false) },
            inputFiles: inputs,
            outputFiles: [output])]
    }
}
