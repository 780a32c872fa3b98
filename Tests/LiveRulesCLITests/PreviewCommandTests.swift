import Foundation
import Testing
import TestPacks

#if Studio
/// `liverules preview`: what the command does before and besides serving (the server itself is
/// tested in LiveRulesPreviewTests and in a browser).
struct PreviewCommandTests {
    @Test func exportsAStaticCopyOfEveryPack() throws {
        let folder = TemporaryFolder.path("preview-export")
        defer { try? FileManager.default.removeItem(at: folder) }
        let outcome = try CLI.run(["preview", "rules", "--export", folder.path])
        #expect(outcome.status == 0, "\(outcome.errors)")
        #expect(outcome.output == "wrote \(folder.path)/index.html\n")
        let page = try String(contentsOf: folder.appendingPathComponent("index.html"), encoding: .utf8)
        for id in ["meetings/combo-back-to-back-5-min", "match/live-goal-alerts", "delivery/picking"] {
            #expect(page.contains("\"id\":\"\(id)\""), "\(id) is in the copy")
        }
    }

    /// An export onto a file, or under one, or where nothing may be written, is refused in one
    /// line naming the path at fault, never a dump of Foundation's error.
    @Test func refusesAnExportItCannotWrite() throws {
        let folder = TemporaryFolder.path("preview-export")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("notes.txt")
        try "kept".write(to: file, atomically: true, encoding: .utf8)
        let blocked = folder.appendingPathComponent("copy")
        try FileManager.default.createDirectory(at: blocked.appendingPathComponent("index.html"), withIntermediateDirectories: true)
        for (target, expected) in [
            (file.path, "\(file.path): error: is a file: --export takes a folder, where it writes index.html\n"),
            (file.appendingPathComponent("deeper/copy").path,
             "\(file.path): error: is a file, so the folder \(file.path)/deeper/copy cannot be made under it\n"),
        ] {
            let outcome = try CLI.run(["preview", "rules", "--export", target])
            #expect(outcome.status == 2)
            #expect(outcome.errors == expected, "\(outcome.errors)")
        }
        let outcome = try CLI.run(["preview", "rules", "--export", blocked.path])
        #expect(outcome.status == 2)
        #expect(outcome.errors.hasPrefix("\(blocked.path)/index.html: error: cannot be written: ")
                && outcome.errors.split(separator: "\n").count == 1, "\(outcome.errors)")
        #expect(try String(contentsOf: file, encoding: .utf8) == "kept", "the file is left as it was")
    }

    @Test func refusesAFolderWithoutPacks() throws {
        let outcome = try CLI.run(["preview", "no-such-folder", "--export", "/tmp/unused-\(UUID().uuidString)"])
        #expect(outcome.status == 2)
        #expect(outcome.errors == "no-such-folder: error: no pack here: a pack is a folder with a pack.json\n", "\(outcome.errors)")
    }

    @Test func runFromInsideAPackSaysToPassDot() throws {
        let outcome = try CLI.run(["preview", "--export", "/tmp/unused-\(UUID().uuidString)"], in: Paths.root.appendingPathComponent("rules/meetings"))
        #expect(outcome.status == 2)
        #expect(outcome.errors == "rules: error: no folder rules here, but this folder is a pack: "
            + "pass `.` (`liverules preview .`), or run it from the project folder\n", "\(outcome.errors)")
    }

    @Test func refusesAPortInUse() throws {
        let first = Process()
        first.executableURL = Bundle.main.bundleURL.appendingPathComponent("liverules")
        first.arguments = ["preview", "rules", "--port", "0"]
        first.currentDirectoryURL = Paths.root
        let output = Pipe()
        first.standardOutput = output
        try first.run()
        defer { first.terminate(); first.waitUntilExit() }
        let line = String(decoding: output.fileHandleForReading.availableData, as: UTF8.self)
        #expect(line.hasPrefix("preview studio at http://127.0.0.1:"), "\(line)")
        let port = line.split(separator: ":").dropFirst(2).first.map { String($0.prefix { $0.isNumber }) } ?? ""
        let second = try CLI.run(["preview", "rules", "--port", port])
        #expect(second.status == 2)
        #expect(second.errors == "liverules: error: port \(port) is in use (another studio?); pass --port N, or --port 0 for any free port\n",
                "\(second.errors)")
    }

    @Test func refusesAnAddressNotOfThisMachine() throws {
        let outcome = try CLI.run(["preview", "rules", "--host", "203.0.113.7", "--port", "0"])
        #expect(outcome.status == 2)
        #expect(outcome.errors.hasSuffix("liverules: error: cannot listen on 203.0.113.7: "
                                         + "it is not an address of this machine: pass --host 127.0.0.1\n"), "\(outcome.errors)")
        #expect(!outcome.errors.contains("errno"))
    }
}
#else
/// `liverules preview` in a build without the package's Studio trait: it says how to get the
/// studio, and fails as bad usage.
struct PreviewCommandTests {
    @Test func withoutTheStudioItSaysHowToGetIt() throws {
        let outcome = try CLI.run(["preview"])
        #expect(outcome.status == 2)
        #expect(outcome.errors.contains("scripts/install.sh") && outcome.errors.contains("--traits Studio"), "\(outcome.errors)")
    }
}
#endif
