import Foundation
import PackagePlugin

/// Compiles a target's text files into it. With `Driver/driver.lua`: that file and every
/// `Helpers/**/*.lua` become `EmbeddedLua.driver` and `EmbeddedLua.modules` (keyed by the path
/// under `Helpers`, e.g. `liverules/text.lua`). With a `Page` folder: every file in it becomes
/// `EmbeddedPage.files` (keyed by the path under `Page`, e.g. `studio.js`), the preview
/// studio's page, or for a binary file (a font) `EmbeddedPage.binaries`, in base64. Each is a generated Swift file; the embedded files are the command's inputs,
/// so editing one rebuilds the target. The target sits at `Sources/<name>` (the default layout;
/// tools version 6.0 gives plugins no other warning-free way to find an excluded folder) and
/// excludes those folders.
@main
struct EmbedLua: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        guard let target = target as? SourceModuleTarget else { return [] }
        let folder = context.package.directoryURL.appendingPathComponent("Sources/\(target.name)")
        let tool = try context.tool(named: "EmbedLuaTool").url
        var commands: [Command] = []
        let driver = folder.appendingPathComponent("Driver/driver.lua")
        if FileManager.default.fileExists(atPath: driver.path) {
            let helpers = folder.appendingPathComponent("Helpers")
            let modules = try files(in: helpers).filter { $0.pathExtension == "lua" }
            let output = context.pluginWorkDirectoryURL.appendingPathComponent("EmbeddedLua.swift")
            commands.append(.buildCommand(
                displayName: "Embedding the Lua files of \(target.name)",
                executable: tool,
                arguments: [output.path, driver.path, helpers.path] + modules.map(\.path),
                inputFiles: [driver] + modules,
                outputFiles: [output]
            ))
        }
        let page = folder.appendingPathComponent("Page")
        if FileManager.default.fileExists(atPath: page.path) {
            let assets = try files(in: page)
            let output = context.pluginWorkDirectoryURL.appendingPathComponent("EmbeddedPage.swift")
            commands.append(.buildCommand(
                displayName: "Embedding the page of \(target.name)",
                executable: tool,
                arguments: ["--page", output.path, page.path] + assets.map(\.path),
                inputFiles: assets,
                outputFiles: [output]
            ))
        }
        guard !commands.isEmpty else {
            throw EmbedLuaError(message: "\(folder.path): neither Driver/driver.lua nor a Page folder to embed")
        }
        return commands
    }

    /// Every regular file under `folder` (hidden files left out), sorted by path.
    private func files(in folder: URL) throws -> [URL] {
        guard let walker = FileManager.default.enumerator(
            at: folder, includingPropertiesForKeys: [.isRegularFileKey], options: [.skipsHiddenFiles]) else {
            throw EmbedLuaError(message: "cannot list \(folder.path)")
        }
        return walker.compactMap { $0 as? URL }
            .filter { (try? $0.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true }
            .map(\.standardizedFileURL)
            .sorted { $0.path < $1.path }
    }
}

/// Why the plugin could not plan the command.
struct EmbedLuaError: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}
