import Foundation
import PackagePlugin

/// Compiles a target's Lua files into it: `Driver/driver.lua` and every `Helpers/**/*.lua`
/// become `EmbeddedLua.driver` and `EmbeddedLua.modules` (keyed by the path under `Helpers`,
/// e.g. `liverules/text.lua`) in a generated Swift file. The .lua files are the command's
/// inputs, so editing one rebuilds the target. The target sits at `Sources/<name>` (the default
/// layout; tools version 6.0 gives plugins no other warning-free way to find an excluded
/// folder) and excludes `Helpers` and `Driver`.
@main
struct EmbedLua: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        guard let target = target as? SourceModuleTarget else { return [] }
        let folder = context.package.directoryURL.appendingPathComponent("Sources/\(target.name)")
        let driver = folder.appendingPathComponent("Driver/driver.lua")
        let helpers = folder.appendingPathComponent("Helpers")
        guard FileManager.default.fileExists(atPath: driver.path) else {
            throw EmbedLuaError(message: "\(driver.path): no such file (the target's driver)")
        }
        let modules = try luaFiles(in: helpers)
        let output = context.pluginWorkDirectoryURL.appendingPathComponent("EmbeddedLua.swift")
        return [
            .buildCommand(
                displayName: "Embedding the Lua files of \(target.name)",
                executable: try context.tool(named: "EmbedLuaTool").url,
                arguments: [output.path, driver.path, helpers.path] + modules.map(\.path),
                inputFiles: [driver] + modules,
                outputFiles: [output]
            ),
        ]
    }

    /// Every `.lua` file under `folder`, sorted by path.
    private func luaFiles(in folder: URL) throws -> [URL] {
        guard let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil) else {
            throw EmbedLuaError(message: "cannot list \(folder.path)")
        }
        return walker.compactMap { $0 as? URL }
            .filter { $0.pathExtension == "lua" }
            .map(\.standardizedFileURL)
            .sorted { $0.path < $1.path }
    }
}

/// Why the plugin could not plan the command.
struct EmbedLuaError: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}
