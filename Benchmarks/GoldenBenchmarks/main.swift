import Foundation
import LiveRules
import LiveRulesTooling

// The golden suite at scale: 1,000 generated meetings fixtures (a day of meetings at 1,000
// moments), run by `liverules test` as CI runs it, and in process with 1 and 2 workers.
// Runs the CLI built beside it. From the package root, which builds both:
//   Benchmarks/scripts/run-release.sh GoldenBenchmarks [fixtures]

let count = CommandLine.arguments.dropFirst().first.flatMap(Int.init) ?? 1_000
let root = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
let suiteFolder = FileManager.default.temporaryDirectory.appendingPathComponent("liverules-golden-bench-\(UUID().uuidString)")
let pack = suiteFolder.appendingPathComponent("meetings")
try FileManager.default.createDirectory(at: suiteFolder, withIntermediateDirectories: true)
try FileManager.default.copyItem(at: root.appendingPathComponent("rules/meetings"), to: pack)
for folder in ["fixtures", "golden"] {
    try FileManager.default.removeItem(at: pack.appendingPathComponent(folder))
    try FileManager.default.createDirectory(at: pack.appendingPathComponent(folder), withIntermediateDirectories: true)
}

// The day of the bundled fixtures; moments spread from 06:00 to 16:00 UTC, with and without a
// late notice and a previous phase.
let template = try JSONSerialization.jsonObject(
    with: Data(contentsOf: root.appendingPathComponent("rules/meetings/fixtures/countdown-middle.json"))) as! [String: Any]
let iso = ISO8601DateFormatter()
let start = iso.date(from: "2026-03-02T06:00:00Z")!
let phases = ["upcoming", "countdown", "progress", "combo", "done"]
for index in 0..<count {
    var fixture = template
    var state = fixture["state"] as! [String: Any]
    let now = start.addingTimeInterval((Double(index) * 36_000 / Double(count)).rounded())
    fixture["now"] = iso.string(from: now)
    fixture["previousPhase"] = phases[index % phases.count]
    if index % 3 == 0 {
        state["lateNotice"] = ["meetingId": "design", "sentAt": iso.string(from: now.addingTimeInterval(-60)), "channel": "Slack"]
    }
    fixture["state"] = state
    fixture["description"] = "generated moment \(index)"
    let name = String(format: "moment-%04d.json", index)
    try JSONSerialization.data(withJSONObject: fixture, options: [.sortedKeys, .prettyPrinted])
        .write(to: pack.appendingPathComponent("fixtures/\(name)"))
}
let suite = GoldenSuite.discover([pack.path])
_ = try GoldenRecorder.record(GoldenRunner().run(suite.cases))   // writes the goldens

func seconds(_ body: () throws -> Void) rethrows -> Double {
    let started = ContinuousClock.now
    try body()
    return (ContinuousClock.now - started).inSeconds
}

func median(_ runs: Int, _ body: () throws -> Void) rethrows -> Double {
    try (0..<runs).map { _ in try seconds(body) }.sorted()[runs / 2]
}

// The CLI of the same build, beside this executable.
let binary = Bundle.main.executableURL!.deletingLastPathComponent().appendingPathComponent("liverules")
guard FileManager.default.isExecutableFile(atPath: binary.path) else {
    fatalError("no CLI at \(binary.path), beside this executable: run this through Benchmarks/scripts/run-release.sh GoldenBenchmarks")
}
var status: Int32 = 0
let cli = try median(5) {
    let process = Process()
    process.executableURL = binary
    process.arguments = ["test", pack.path]
    process.environment = ["CI": "true", "PATH": "/usr/bin:/bin"]
    process.standardOutput = FileHandle.nullDevice
    try process.run()
    process.waitUntilExit()
    status = process.terminationStatus
}
precondition(status == 0, "the generated suite must pass")
let one = median(5) { precondition(GoldenRunner(workers: 1).run(suite.cases).allSatisfy(\.outcome.isPassed)) }
let two = median(5) { precondition(GoldenRunner(workers: 2).run(suite.cases).allSatisfy(\.outcome.isPassed)) }
print("golden suite of \(suite.cases.count) generated meetings fixtures (median of 5 runs)")
print(String(format: "liverules test (CI=true, whole process)           %6.3f s wall", cli))
print(String(format: "GoldenRunner, 1 worker                              %6.3f s wall  (%.0f µs per case)", one, one / Double(count) * 1e6))
print(String(format: "GoldenRunner, 2 workers                             %6.3f s wall  (%.2fx faster)", two, one / two))
try FileManager.default.removeItem(at: suiteFolder)
