import Foundation
import BenchmarkSupport
import LiveRules

// Hot reload of the meetings pack: save-to-active latency (a rule saved on disk until the new
// version serves, the debounce excluded), the time to build, check and swap a version, how
// often five saves in a row coalesce into one reload, and presentation throughput with 1 and 2
// threads sharing one engine. Run from the package root:
//   Benchmarks/scripts/run-release.sh ReloadBenchmarks [saves] [reloads for the memory, default 1,000]
// `ReloadBenchmarks profile N` only presents the meetings fixtures N times in turn through one
// engine, as an app does (its Codable types, serving mode), for instruction counts
// (Benchmarks/scripts/count-instructions.sh engine). `ReloadBenchmarks profile N <meetings> same|one|every`
// presents a day of that many meetings instead (MeetingsMoment.day): the same state each time,
// or two states in turn that differ in one meeting or in every meeting
// (Benchmarks/scripts/count-meeting-cost.sh).

let root = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
if CommandLine.arguments.dropFirst().first == "profile" {
    let arguments = Array(CommandLine.arguments.dropFirst(2))
    let count = arguments.first.flatMap(Int.init) ?? 1000
    var moments = try MeetingsMoment.all(in: root.appendingPathComponent("rules/meetings")).map(\.moment)
    if arguments.count == 3, let meetings = Int(arguments[1]), ["same", "one", "every"].contains(arguments[2]) {
        guard let middle = try MeetingsMoment.all(in: root.appendingPathComponent("rules/meetings"))
            .first(where: { $0.name == "countdown-middle.json" })?.moment else {
            print("ReloadBenchmarks: rules/meetings/fixtures/countdown-middle.json is missing (run from the package root)")
            exit(1)
        }
        let day = middle.day(of: meetings)
        moments = arguments[2] == "same" ? [day] : [day, middle.day(of: meetings, renamed: true, every: arguments[2] == "every")]
    }
    let engine = RuleEngine(statesPerVersion: 1)
    _ = try engine.load(root.appendingPathComponent("rules/meetings"))
    for index in 0..<count {
        let moment = moments[index % moments.count]
        _ = try engine.present("meetings", attributes: moment.attributes, state: moment.state, now: moment.now,
                               previousPhase: moment.previousPhase)
    }
    exit(0)
}

let saves = CommandLine.arguments.dropFirst().first.flatMap(Int.init) ?? 100
let reloads = CommandLine.arguments.dropFirst(2).first.flatMap(Int.init) ?? 1_000
let warmUps = min(100, reloads)
let quiet = Duration.milliseconds(20)
let folder = FileManager.default.temporaryDirectory.appendingPathComponent("liverules-reload-bench-\(UUID().uuidString)")
let pack = folder.appendingPathComponent("meetings")
try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
try FileManager.default.copyItem(at: root.appendingPathComponent("rules/meetings"), to: pack)
let badges = try String(contentsOf: pack.appendingPathComponent("badges.lua"), encoding: .utf8)

/// Activations as they happen: when, and how long the reload itself took.
final class Activations: @unchecked Sendable {
    private let condition = NSCondition()
    private var seen: [(at: ContinuousClock.Instant, seconds: Double)] = []

    func add(_ event: ReloadEvent) {
        guard case .activated(_, _, _, _, let seconds, _) = event else { return }
        condition.withLock {
            seen.append((ContinuousClock.now, seconds))
            condition.broadcast()
        }
    }

    /// How many activations there were.
    var count: Int { condition.withLock { seen.count } }

    /// Waits for activation number `count`; returns it.
    func wait(for count: Int) -> (at: ContinuousClock.Instant, seconds: Double) {
        condition.withLock {
            while seen.count < count { condition.wait() }
            return seen[count - 1]
        }
    }
}

let activations = Activations()
let engine = RuleEngine()
let reloader = try Reloader(engine: engine, roots: [folder.path], options: ReloadOptions(quiet: quiet)) { activations.add($0) }
_ = activations.wait(for: 1)

var latencies: [Double] = [], builds: [Double] = []
for save in 1...saves {
    let text = badges.replacingOccurrences(of: "text = \"First up\"", with: "text = \"First up \(save)\"")
    let saved = ContinuousClock.now
    try Data(text.utf8).write(to: pack.appendingPathComponent("badges.lua"), options: .atomic)
    let activation = activations.wait(for: save + 1)
    latencies.append((activation.at - saved - quiet).inSeconds * 1e3)
    builds.append(activation.seconds * 1e3)
}
// Five saves in a row, as a formatter or a branch switch makes them, at this machine's speed
// (the tests check only saves made while a reload runs, which coalesce on any machine).
var reloadsPerRound: [Int] = []
for round in 1...20 {
    let before = activations.count
    for save in 1...5 {
        let text = badges.replacingOccurrences(of: "text = \"First up\"", with: "text = \"First up \(round).\(save)\"")
        try Data(text.utf8).write(to: pack.appendingPathComponent("badges.lua"), options: .atomic)
    }
    Thread.sleep(forTimeInterval: 0.5)
    reloadsPerRound.append(activations.count - before)
}
reloader.stop()

func percentile(_ values: [Double], _ p: Double) -> Double {
    let sorted = values.sorted()
    return sorted[min(sorted.count - 1, Int(Double(sorted.count) * p))]
}
print("meetings pack, \(saves) saves of one rule file (atomic rename), debounce \(quiet) excluded")
print(String(format: "save to active:          p50 %6.2f ms   p99 %6.2f ms", percentile(latencies, 0.5), percentile(latencies, 0.99)))
print(String(format: "build, check and swap:   p50 %6.2f ms   p99 %6.2f ms", percentile(builds, 0.5), percentile(builds, 0.99)))
print("5 saves in a row:        one reload in \(reloadsPerRound.filter { $0 == 1 }.count) of \(reloadsPerRound.count) rounds, at most \(reloadsPerRound.max() ?? 0)")

let moments = try MeetingsMoment.all(in: pack).map(\.moment)

/// Presentations per second with `threads` threads presenting for `seconds`.
func throughput(threads: Int, seconds: Double) -> Double {
    let counter = NSLock()
    nonisolated(unsafe) var total = 0
    let deadline = ContinuousClock.now + .milliseconds(Int(seconds * 1000))
    DispatchQueue.concurrentPerform(iterations: threads) { thread in
        var count = 0, index = thread
        while ContinuousClock.now < deadline {
            let moment = moments[index % moments.count]
            _ = try! engine.present("meetings", attributes: moment.attributes, state: moment.state, now: moment.now,
                                    previousPhase: moment.previousPhase)
            count += 1
            index += threads
        }
        counter.withLock { total += count }
    }
    return Double(total) / seconds
}
_ = throughput(threads: 2, seconds: 0.5)
let one = throughput(threads: 1, seconds: 3)
let two = throughput(threads: 2, seconds: 3)
print(String(format: "throughput, 1 thread:    %7.0f presentations/s", one))
print(String(format: "throughput, 2 threads:   %7.0f presentations/s  (%.2fx)", two, two / one))

/// Resident memory of this process (/proc/self/statm).
func residentBytes() -> Int {
    let text = (try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8)) ?? ""
    return (text.split(separator: " ").dropFirst().first.flatMap { Int($0) } ?? 0) * Int(sysconf(Int32(_SC_PAGESIZE)))
}
let manual = try Reloader(engine: engine, roots: [folder.path], options: ReloadOptions(watches: false))
func reloadOnce(_ index: Int) throws {
    let text = badges.replacingOccurrences(of: "text = \"First up\"", with: "text = \"First up r\(index)\"")
    try Data(text.utf8).write(to: pack.appendingPathComponent("badges.lua"), options: .atomic)
    guard case .activated = manual.reload(pack) else { fatalError("reload \(index) was not activated") }
    let moment = moments[index % moments.count]
    _ = try engine.present("meetings", attributes: moment.attributes, state: moment.state, now: moment.now)
}
for index in 0..<warmUps { try reloadOnce(index) }
let before = residentBytes()
for index in warmUps..<(warmUps + reloads) { try reloadOnce(index) }
let after = residentBytes()
print(String(format: "resident memory over %d reloads (after %d to warm up): %.1f MiB → %.1f MiB",
             reloads, warmUps, Double(before) / 1_048_576, Double(after) / 1_048_576))
manual.stop()
try FileManager.default.removeItem(at: folder)
