import Foundation
import LiveRules

// Hostile pack files, generated as Tests/LiveRulesTests/InputLimitsTests.swift generates them:
// the wall time reading each takes to end in its error (the tests check the errors, not the
// time). Every one should end in milliseconds: a figure far above the others is quadratic work
// or a file read that a limit should have refused. Run in release mode, from the package root:
//   Benchmarks/scripts/run-release.sh InputLimitBenchmarks [rounds]

let rounds = CommandLine.arguments.dropFirst().first.flatMap(Int.init) ?? 5
let meetings = URL(fileURLWithPath: FileManager.default.currentDirectoryPath).appendingPathComponent("rules/meetings")
guard let manifest = try? RulePack.load(from: meetings).manifest else {
    print("InputLimitBenchmarks: cannot load rules/meetings (run from the package root)")
    exit(1)
}
let folder = FileManager.default.temporaryDirectory.appendingPathComponent("liverules-input-bench-\(UUID().uuidString)")
try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(at: folder) }

/// A pack folder `name` in the temporary folder holding only a manifest with `types` as its
/// schema's named types and `fields` as its field ids (its problems are found before any rule
/// is read).
func pack(_ name: String, types: [String], fields: String = #"["title"]"#) throws -> URL {
    let pack = folder.appendingPathComponent(name)
    try FileManager.default.createDirectory(at: pack, withIntermediateDirectories: true)
    try Data("""
        { "name": "meetings", "version": "1.0.0", "hostAPI": 1,
          "schema": { "attributes": "A", "state": "S", "types": {
        \(types.joined(separator: ",\n"))
          } },
          "phases": ["on"],
          "rules": { "phase": "phase.lua", "badge": "badge.lua", "relevance": "relevance.lua",
                     "layout": "layout.lua", "palette": "palette.lua" },
          "fields": \(fields) }
        """.utf8).write(to: pack.appendingPathComponent("pack.json"))
    return pack
}

/// A sparse file of 200 MiB at `name` in the temporary folder.
func hugeFile(_ name: String) throws -> URL {
    let url = folder.appendingPathComponent(name)
    guard FileManager.default.createFile(atPath: url.path, contents: nil) else { throw CocoaError(.fileWriteUnknown) }
    let handle = try FileHandle(forWritingTo: url)
    try handle.truncate(atOffset: 200 << 20)
    try handle.close()
    return url
}

// The inputs, built before any is timed.
let chain = try pack("chain", types: ["\"A\":{}", "\"S\":{\"n\":\"T0\"}"] + (0..<10_000).map { "\"T\($0)\":{\"n\":\"T\($0 + 1)\"}" } + ["\"T10000\":{}"])
let cycle = try pack("cycle", types: ["\"A\":{}", "\"S\":{\"n\":\"T0\"}"] + (0..<10_000).map { "\"T\($0)\":{\"n\":\"T\(($0 + 1) % 10_000)\"}" })
let deepList = try pack("deep-list", types: ["\"A\": {}", "\"S\": {\"a\": \"" + String(repeating: "[", count: 100_000) + "string" + String(repeating: "]", count: 100_000) + "\"}"])
let doubling = try pack("doubling", types: ["\"A\": {}", "\"S\": {\"top\": \"T20\"}", "\"T0\": {\"a\": \"string\"}"]
    + (1...20).map { "\"T\($0)\": {\"a\": \"T\($0 - 1)\", \"b\": \"[T\($0 - 1)]\"}" })
let manyFields = try pack("many-fields", types: ["\"A\": {}", "\"S\": {" + (0..<10_000).map { "\"f\($0)\": \"string\"" }.joined(separator: ", ") + "}"])
let millionIds = try pack("million-ids", types: ["\"A\": {}", "\"S\": {}"], fields: "[" + (0..<1_000_000).map { "\"f\($0)\"" }.joined(separator: ",") + "]")
let longName = { (i: Int) in "T" + String(repeating: "x", count: 60) + String(format: "%03d", i) }
let unknownTypes = try pack("unknown-types", types: ["\"A\": {}", "\"S\": {" + (0..<256).map { "\"f\($0)\": \"\(longName($0 + 500))\"" }.joined(separator: ", ") + "}"]
    + (0..<250).map { "\"\(longName($0))\": {}" })
let deepValues = String(repeating: "[", count: 500) + Array(repeating: "0", count: 30_000).joined(separator: ",") + String(repeating: "]", count: 500)
let longKey = Data("{\"\(String(repeating: "k", count: 100_000))\": \(deepValues)}".utf8)
let unknownKeys = Data(("{\"now\": \"2026-03-02T09:00:00Z\", \"attributes\": {}, \"state\": {"
    + (0..<5_000).map { "\"n\($0)\": 1" }.joined(separator: ",\n") + "}}").utf8)
let huge = try hugeFile("huge.json")

let cases: [(name: String, read: () -> Void)] = [
    ("manifest: a chain of 10,000 types", { _ = try? RulePack.load(from: chain) }),
    ("manifest: a cycle of 10,000 types", { _ = try? RulePack.load(from: cycle) }),
    ("manifest: a list 100,000 deep", { _ = try? RulePack.load(from: deepList) }),
    ("manifest: types doubling 20 times", { _ = try? RulePack.load(from: doubling) }),
    ("manifest: 10,000 fields", { _ = try? RulePack.load(from: manyFields) }),
    ("manifest: 1,000,000 field ids", { _ = try? RulePack.load(from: millionIds) }),
    ("manifest: 256 unknown long type names", { _ = try? RulePack.load(from: unknownTypes) }),
    ("fixture: a 100 KB key above 30,000 values 500 deep", { _ = try? Fixture.read(longKey, displayPath: "long.json", manifest: manifest) }),
    ("fixture: 5,000 unknown keys", { _ = try? Fixture.read(unknownKeys, displayPath: "keys.json", manifest: manifest) }),
    ("fixture: a file of 200 MiB", { _ = try? Fixture.load(from: huge, displayPath: "huge.json", manifest: manifest) }),
]

let clock = ContinuousClock()
print("\(cases.count) hostile inputs, \(rounds) rounds each; wall time to end in the error, median and slowest:")
for (name, read) in cases {
    var times: [Duration] = []
    for _ in 0..<rounds { times.append(clock.measure(read)) }
    times.sort()
    func milliseconds(_ duration: Duration) -> String {
        String(format: "%8.2f ms", duration.inSeconds * 1000)
    }
    print("  \(milliseconds(times[times.count / 2])) \(milliseconds(times[times.count - 1]))  \(name)")
}
