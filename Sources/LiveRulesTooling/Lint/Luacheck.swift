import Foundation
import LiveRules

/// luacheck (Debian's `lua-check`), run on a pack's Lua files with the sandbox's standard
/// (``LuacheckStandard``): unused and shadowed locals, undefined globals, unreachable code.
/// Its findings become diagnostics at their line and column; touching a global the rules do
/// not see is an error (it fails when the rule runs), the rest are warnings. A name luacheck
/// finds undefined that a presenter of the pack does define (a global the host adds) is
/// left to ``RuleLint``.
package struct Luacheck: Sendable {
    /// The luacheck executable.
    package let executable: URL
    /// The standard it checks with.
    package let standard: LuacheckStandard

    /// The command that installs luacheck, for the message saying lint was skipped.
    package static let installHint = "sudo apt-get install lua-check (or run scripts/setup.sh)"

    /// luacheck found on `PATH` (of `environment`); nil when it is not installed.
    package static func find(environment: [String: String] = ProcessInfo.processInfo.environment) -> Luacheck? {
        let folders = (environment["PATH"] ?? "").split(separator: ":").map(String.init)
        guard let path = folders.map({ $0 + "/luacheck" }).first(where: FileManager.default.isExecutableFile(atPath:)),
              let standard = try? LuacheckStandard.sandbox()
        else { return nil }
        return Luacheck(executable: URL(fileURLWithPath: path), standard: standard)
    }

    /// How a finding that is a syntax error ends: the host's own message explains it better.
    static let syntaxErrorCode = "(luacheck E011)"

    /// The findings in the pack's own Lua files (not its generated ``RulePack/typesFolder``).
    package func diagnostics(for pack: RulePack) -> [Diagnostic] {
        var files: [(path: String, display: String)] = []
        for name in pack.sources.keys.sorted() {
            guard let location = try? pack.folder.location(of: name) else { continue }
            files.append((location.path, pack.folder.display(name)))
        }
        guard !files.isEmpty else { return [] }
        // luacheck names each file by its path at the start of a line: a name holding a newline,
        // a carriage return or a colon would break its lines apart. It reads each file through
        // a link of a plain name (`7.lua`) in a folder of its own, named back here.
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("liverules-luacheck-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: scratch) }
        do {
            try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: false)
            let configuration = scratch.appendingPathComponent("config.lua")
            try standard.configuration.write(to: configuration, atomically: true, encoding: .utf8)
            var display: [String: String] = [:]
            for (index, file) in files.enumerated() {
                let link = scratch.appendingPathComponent("\(index + 1).lua")
                try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: file.path)
                display[link.path] = file.display
            }
            let output = try run(["--config", configuration.path, "--formatter", "plain", "--codes", "--ranges", "--no-cache", "--"]
                                 + display.keys.sorted())
            let findings = output.split(separator: "\n").compactMap { finding(String($0), display: display) }
            let presenter = findings.contains { $0.code == "113" } ? try? Presenter(pack: pack) : nil
            return findings.filter { $0.code != "113" || presenter?.definesGlobal($0.name) != true }.map(\.diagnostic)
        } catch {
            return [Diagnostic(file: pack.displayPath, severity: .warning, message: "luacheck did not run: \(error)")]
        }
    }

    /// Runs luacheck; returns what it printed. Exit statuses 0–2 are its verdicts (2: errors
    /// found); anything else is a failure to run.
    private func run(_ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        try? output.fileHandleForReading.close()  // Foundation keeps a finished process's pipe open
        process.waitUntilExit()
        guard process.terminationStatus <= 2 else {
            throw LuacheckFailure(status: process.terminationStatus, output: String(decoding: data, as: UTF8.self))
        }
        return String(decoding: data, as: UTF8.self)
    }

    /// `path:line:col-end: (W211) unused variable 'x'` as a diagnostic, with its code and the
    /// name it is about.
    private func finding(_ line: String, display: [String: String]) -> (diagnostic: Diagnostic, code: String, name: String)? {
        guard let match = line.firstMatch(of: /^(.+):(\d+):(\d+)-\d+: \(([EW])(\d+)\) (.*)$/),
              let file = display[String(match.1)], let row = Int(match.2), let column = Int(match.3) else { return nil }
        let code = String(match.5), message = String(match.6)
        let name = message.firstMatch(of: /'([^']+)'/).map { String($0.1) } ?? ""
        let touchesGlobal = ["111", "112", "113", "121", "122"].contains(code) || match.4 == "E"
        let hint = code == "113" ? Suggestion.hint(for: name, among: standard.globals.keys) : ""
        return (Diagnostic(file: file, line: row, column: column, severity: touchesGlobal ? .error : .warning,
                           message: "\(message)\(hint) (luacheck \(match.4)\(code))"), code, name)
    }
}

/// luacheck ended in a way that is not a verdict (it could not read a file, or crashed).
struct LuacheckFailure: Error, CustomStringConvertible {
    var status: Int32
    var output: String

    var description: String { "exit status \(status): \(output.split(separator: "\n").first ?? "")" }
}
