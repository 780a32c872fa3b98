import ArgumentParser
import Foundation
import LiveRules
import LiveRulesTooling

/// `liverules watch [path...]`: re-runs a pack's golden tests on every save.
struct Watch: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Watch packs and re-run a pack's golden tests whenever one of its files is saved.",
        discussion: """
            The inner loop of editing rules: save a rule, a fixture or a golden and see at once \
            which cases pass, which changed (with the field paths that changed) and which rules \
            fail (with file and line). Runs every pack once at start, then until interrupted.
            """)

    @Argument(help: "Pack folders, or folders of packs.")
    var paths: [String] = ["rules"]

    @Option(help: "Milliseconds without file events before a batch of saves is run.")
    var quiet = 50

    func validate() throws {
        try OptionRange(name: "--quiet", range: 0...60_000, unit: "milliseconds").check(quiet)
    }

    func run() throws {
        let suite = GoldenSuite.discover(paths)
        guard suite.empty.isEmpty else {
            report(suite.empty.map { PathArgument.noPack(at: $0, command: "watch") })
            throw ExitStatus.badInput.exitCode
        }
        let displays = WatchDisplays(paths)
        for folder in displays.folders { WatchRun.run(folder, display: displays.name(of: folder)) }
        let watcher = try FolderWatcher(roots: paths.map { URL(fileURLWithPath: $0).standardizedFileURL },
                                        quiet: .milliseconds(quiet)) { changed in
            for folder in changed.sorted(by: { $0.path < $1.path }) { WatchRun.run(folder, display: displays.name(of: folder)) }
        }
        emit(["watching \(paths.joined(separator: ", ")) (Ctrl-C to stop)"])
        withExtendedLifetime(watcher) {
            while true { sleep(3600) }
        }
    }
}

/// How `watch` names pack folders: as the user named their root.
private struct WatchDisplays: Sendable {
    let folders: [URL]
    private let names: [String: String]

    init(_ paths: [String]) {
        var folders: [URL] = [], names: [String: String] = [:]
        for path in paths {
            let root = URL(fileURLWithPath: path).standardizedFileURL
            for pack in PackFinder.packs(at: root) {
                folders.append(pack)
                names[pack.standardizedFileURL.path] = PackFinder.displayPath(path) + (pack == root ? "" : "/" + pack.lastPathComponent)
            }
        }
        self.folders = folders
        self.names = names
    }

    func name(of folder: URL) -> String {
        names[folder.standardizedFileURL.path] ?? PackFinder.displayPath(of: folder)
    }
}

/// One run of a pack's golden tests, printed compactly: each failure (one mistake that fails
/// many cases once), then the counts, last, where they stay in view.
private enum WatchRun {
    static func run(_ folder: URL, display: String) {
        let time = Date().formatted(.iso8601.time(includingFractionalSeconds: false))
        guard FileManager.default.fileExists(atPath: folder.appendingPathComponent(RulePack.manifestFile).path) else {
            emit(["\(time) \(display): gone (no \(RulePack.manifestFile))"])
            return
        }
        let suite = GoldenSuite.discover(pack: PackFolder(folder, displayPath: display))
        guard suite.refused.isEmpty else {
            emit(["\(time) \(display): refused"] + suite.refused.map { "  " + $0.description })
            return
        }
        let results = GoldenRunner().run(suite.cases)
        let failed = results.filter { !$0.outcome.isPassed }
        var lines: [String] = []
        for group in results.groupedByProblem() {
            let result = group[0]
            lines.append("  " + (group.count == 1 ? "\(result.outcome.label) \(result.testCase.id)" : GoldenReport.sharedHeader(group, among: results)))
            let details = GoldenReport.compactDetails(of: result)
            lines += details.prefix(6).map { "    " + $0 }
            if details.count > 6 { lines.append("    … \(details.count - 6) more") }
        }
        emit(lines + ["\(time) \(display): \(results.count - failed.count) passed, \(failed.count) failed"])
    }
}

/// Writes lines to standard output at once (a watcher's output must not wait in a buffer),
/// each with its control characters escaped.
private func emit(_ lines: [String]) {
    FileHandle.standardOutput.write(Data(lines.map { TerminalText.escaped($0) + "\n" }.joined().utf8))
}
