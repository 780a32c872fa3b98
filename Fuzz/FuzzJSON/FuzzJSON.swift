import Foundation
import LibFuzzer
import LiveRules

/// Fuzzes the JSON parser and the fixture reader (``PackInputCheck/json(_:asFixtureOf:)``): each
/// input is read as JSON, then as a fixture of each bundled pack. Built with `-D FUZZING` and
/// `-sanitize=fuzzer` (scripts/fuzz.sh), it runs libFuzzer; built plainly, it checks the files
/// named on its command line once each.
@main enum FuzzJSON {
    /// The bundled packs' manifests, found from this file (Fuzz/FuzzJSON/FuzzJSON.swift).
    static let manifests: [PackManifest] = {
        let rules = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("rules")
        return ["delivery", "match", "meetings"].map { name in
            let url = rules.appendingPathComponent("\(name)/pack.json")
            guard let data = FileManager.default.contents(atPath: url.path),
                  let manifest = try? PackManifest.read(data, displayPath: url.path)
            else { fatalError("cannot read \(url.path)") }
            return manifest
        }
    }()

    static func main() {
        #if FUZZING
        var argc = CommandLine.argc
        var argv = Optional(CommandLine.unsafeArgv)
        exit(LLVMFuzzerRunDriver(&argc, &argv, testOneInput))
        #else
        for path in CommandLine.arguments.dropFirst() {
            PackInputCheck.json([UInt8](FileManager.default.contents(atPath: path) ?? Data()), asFixtureOf: manifests)
            print("checked \(path)")
        }
        #endif
    }
}

#if FUZZING
/// libFuzzer's call for one input.
@_cdecl("LLVMFuzzerTestOneInput")
func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    PackInputCheck.json(Array(UnsafeBufferPointer(start: data, count: size)), asFixtureOf: FuzzJSON.manifests)
    return 0
}
#endif
