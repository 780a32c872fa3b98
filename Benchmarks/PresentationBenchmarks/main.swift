import BenchmarkSupport
import Foundation
import LiveRules
import LiveRulesExamples

// Benchmarks of presenting the meetings pack (all rules, all placements) through the Swift
// API, strict and not, against the host's own share (rules that return a constant), and of
// loading a pack. The baseline of the same rules in plain Lua is Benchmarks/PlainLua/compare.sh.
// Run in release mode from the package root:
//   Benchmarks/scripts/run-release.sh PresentationBenchmarks [iterations]

let iterations = CommandLine.arguments.dropFirst().first.flatMap(Int.init) ?? 20_000
let root = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
let packFolder = root.appendingPathComponent("rules/meetings")

let fixtures = try MeetingsMoment.all(in: packFolder)
let moments = fixtures.map(\.moment)
let combo = fixtures.first { $0.name == "combo-back-to-back-5-min.json" }!.moment

let pack = try RulePack.load(from: packFolder, displayPath: "rules/meetings")
let constant = try Presenter(pack: ConstantRules.pack(like: packFolder, presenting: present(try Presenter(pack: pack), combo)))
let strict = try Presenter(pack: pack)
let loose = try Presenter(pack: pack, strict: false)

@MainActor func present(_ presenter: Presenter, _ moment: MeetingsMoment) -> Presentation {
    try! presenter.present(attributes: moment.attributes, state: moment.state, now: moment.now, previousPhase: moment.previousPhase)
}

// Strict and not strict must agree on every fixture before they are timed.
for moment in moments {
    precondition(present(loose, moment) == present(strict, moment), "strict and not strict disagree")
}

let count = moments.count
let rows: [(String, Double)] = [
    ("Presenter, strict (read-only checked views)", medianNanoseconds(iterations: iterations) { _ in present(strict, combo).layout.count }),
    ("Presenter, not strict (checked, plain tables)", medianNanoseconds(iterations: iterations) { _ in present(loose, combo).layout.count }),
    ("Presenter, rules that return a constant (host only)", medianNanoseconds(iterations: iterations) { _ in present(constant, combo).layout.count }),
    ("Presenter, strict, all \(count) fixtures in turn", medianNanoseconds(iterations: iterations) { i in present(strict, moments[i % count]).layout.count }),
]
let strictCombo = rows[0].1

print("meetings pack, one presentation = 5 rules x 8 placements; \(iterations) presentations x 7 rounds (median)")
for (index, (name, ns)) in rows.enumerated() {
    let ratio = index < 3 ? String(format: "   %5.2fx strict", ns / strictCombo) : ""
    print(name.padding(toLength: 52, withPad: " ", startingAt: 0) + String(format: "%9.0f ns", ns) + ratio)
}

let loads = 30
var loadTimes: [Double] = []
for _ in 0..<loads {
    let start = ContinuousClock.now
    let loaded = try RulePack.load(from: packFolder, displayPath: "rules/meetings")
    _ = try Presenter(pack: loaded)
    loadTimes.append((ContinuousClock.now - start).inSeconds * 1e3)
}
print(String(format: "loading the pack (read, validate, compile) and setting up a Presenter: %.2f ms (median of %d)",
             loadTimes.sorted()[loads / 2], loads))
print("memory of one Presenter's state after the runs: \(strict.memoryInUse) bytes")
