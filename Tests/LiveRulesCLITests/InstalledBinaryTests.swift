import Foundation
import Testing
import TestPacks

/// `liverules` as it is installed: the binary alone, copied somewhere else, run on a pack that
/// is somewhere else again, from a folder that is neither. Nothing is looked up in the build
/// folder (the helper library and the driver are compiled in).
@Suite struct InstalledBinaryTests {
    private let manager = FileManager.default

    private func temporaryFolder(_ name: String) throws -> URL {
        let folder = TemporaryFolder.path(name)
        try manager.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    /// Runs `binary arguments…` in `folder`.
    private func run(_ binary: URL, _ arguments: [String], in folder: URL) throws -> CLI.Outcome {
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        process.currentDirectoryURL = folder
        let finished = try FinishedProcess.run(process)
        return CLI.Outcome(status: finished.status, output: String(decoding: finished.output, as: UTF8.self),
                           errors: String(decoding: finished.errors, as: UTF8.self))
    }

    @Test func aCopiedBinaryChecksAndEvaluatesAPackFromAnUnrelatedFolder() throws {
        let built = Bundle.main.bundleURL.appendingPathComponent("liverules")
        let bin = try temporaryFolder("bin")
        let binary = bin.appendingPathComponent("liverules")
        try manager.copyItem(at: built, to: binary)
        let packs = try temporaryFolder("packs")
        let pack = packs.appendingPathComponent("meetings")
        try manager.copyItem(at: Paths.root.appendingPathComponent("rules/meetings"), to: pack)
        let elsewhere = try temporaryFolder("cwd")
        defer { for folder in [bin, packs, elsewhere] { try? manager.removeItem(at: folder) } }

        // The binary is alone: no resource bundle beside it, where Bundle.module would look first.
        #expect(try manager.contentsOfDirectory(atPath: bin.path) == ["liverules"])

        let checked = try run(binary, ["check", pack.path], in: elsewhere)
        #expect(checked.status == 0, "\(checked.errors)")
        #expect(checked.output.contains("checked 1 pack: 0 errors, 0 warnings"), "\(checked.output)")

        let fixture = "combo-back-to-back-5-min.json"
        let evaluated = try run(binary, ["eval", pack.path, pack.appendingPathComponent("fixtures/\(fixture)").path], in: elsewhere)
        #expect(evaluated.status == 0, "\(evaluated.errors)")
        let golden = try String(contentsOf: pack.appendingPathComponent("golden/\(fixture)"), encoding: .utf8)
        #expect(evaluated.output == golden)

        #if Studio
        // The preview studio's page is compiled in too.
        let export = elsewhere.appendingPathComponent("preview")
        let exported = try run(binary, ["preview", pack.path, "--export", export.path], in: elsewhere)
        #expect(exported.status == 0, "\(exported.errors)")
        let page = try String(contentsOf: export.appendingPathComponent("index.html"), encoding: .utf8)
        #expect(page.contains("function drawSurface(") && page.contains(".surface-islandCompact"))
        #endif
    }

    @Test func theBinaryNeedsNoResourceBundle() throws {
        // A target with resources gets an accessor that names its bundle (`LiveRules_LiveRules.resources`)
        // and a path into the build folder; the binary holds no such name.
        let binary = try Data(contentsOf: Bundle.main.bundleURL.appendingPathComponent("liverules"))
        for target in ["LiveRules", "Lua", "LiveRulesPreview", "liverules"] {
            #expect(binary.range(of: Data("LiveRules_\(target).resources".utf8)) == nil, "\(target) has a resource bundle")
        }
    }

    @Test func versionNamesThePackageAndTheLuaItRuns() throws {
        let outcome = try CLI.run(["--version"])
        #expect(outcome.status == 0)
        let version = try #require(outcome.output.wholeMatch(of: /liverules (\d+\.\d+\.\d+) \(Lua (5\.4\.\d+)\)\n/),
                                   "\(outcome.output)")
        let source = try String(contentsOf: Paths.root.appendingPathComponent("Sources/LiveRulesCLI/LiveRulesVersion.swift"), encoding: .utf8)
        #expect(source.contains("static let current = \"\(version.1)\""))
        let pkgConfig = Process()
        pkgConfig.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        pkgConfig.arguments = ["pkg-config", "--modversion", "lua5.4"]
        let lua = try FinishedProcess.run(pkgConfig)
        #expect(String(decoding: lua.output, as: UTF8.self) == "\(version.2)\n")
    }

    @Test(arguments: ["bash", "zsh", "fish"])
    func completionScriptsCoverTheCommands(shell: String) throws {
        let outcome = try CLI.run(["--generate-completion-script", shell])
        #expect(outcome.status == 0, "\(outcome.errors)")
        for command in ["eval", "check", "test", "review", "watch", "bench"] {
            #expect(outcome.output.contains(command), "\(shell): no \(command)")
        }
    }

    @Test func evalHelpNamesAFixtureThatExists() throws {
        let outcome = try CLI.run(["eval", "--help"])
        let named = try #require(outcome.output.replacingOccurrences(of: "\n", with: " ")
            .firstMatch(of: /e\.g\.\s+(rules\/\S+\.json)/), "\(outcome.output)")
        #expect(manager.fileExists(atPath: Paths.root.appendingPathComponent(String(named.1)).path), "\(named.1)")
    }
}
