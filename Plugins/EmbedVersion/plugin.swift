import Foundation
import PackagePlugin

/// Gives the target `RectoVersion.string`, the version of the newest entry of `packaging/debian/changelog`:
/// the changelog is the one place the version is written, for the binary and the Debian package alike.
@main
struct EmbedVersion: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let changelog = context.package.directoryURL.appending(path: "packaging/debian/changelog")
        let output = context.pluginWorkDirectoryURL.appending(path: "RectoVersion.swift")
        return [.buildCommand(
            displayName: "Embedding the version from packaging/debian/changelog",
            executable: try context.tool(named: "VersionEmbedder").url,
            arguments: [output.path(percentEncoded: false), changelog.path(percentEncoded: false)],
            inputFiles: [changelog],
            outputFiles: [output])]
    }
}
