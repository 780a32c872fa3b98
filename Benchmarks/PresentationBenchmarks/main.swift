import BenchmarkSupport
import Foundation
import LiveRules
import LiveRulesExamples

// Benchmarks of presenting the meetings pack (all rules, all placements) through the Swift
// API, against the same work written by hand with the raw C API, and of loading a pack.
// Run in release mode from the package root:
//   swift run -c release PresentationBenchmarks [iterations]

let iterations = CommandLine.arguments.dropFirst().first.flatMap(Int.init) ?? 20_000
let root = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
let packFolder = root.appendingPathComponent("rules/meetings")
let helpers = root.appendingPathComponent("Sources/LiveRules/Helpers")

let fixtures = try MeetingsMoment.all(in: packFolder)
let moments = fixtures.map(\.moment)
let combo = fixtures.first { $0.name == "combo-back-to-back-5-min.json" }!.moment

let pack = try RulePack.load(from: packFolder, displayPath: "rules/meetings")
let constant = try Presenter(pack: ConstantRules.pack(like: packFolder, presenting: present(try Presenter(pack: pack), combo)))
let strict = try Presenter(pack: pack)
let loose = try Presenter(pack: pack, strict: false)
let raw = RawPresentationPath(pack: packFolder, helpers: helpers)

@MainActor func present(_ presenter: Presenter, _ moment: MeetingsMoment) -> Presentation {
    try! presenter.present(attributes: moment.attributes, state: moment.state, now: moment.now, previousPhase: moment.previousPhase)
}

@MainActor func presentRaw(_ moment: MeetingsMoment) -> Presentation {
    raw.present(moment.attributes, moment.state, now: moment.now.timeIntervalSince1970, previous: moment.previousPhase)
}

// All three paths must agree on every fixture before they are timed.
for moment in moments {
    let expected = present(strict, moment)
    precondition(present(loose, moment) == expected && presentRaw(moment) == expected, "paths disagree")
}

let count = moments.count
let rows: [(String, Double)] = [
    ("raw C API, hand-written marshaling (the limit)", medianNanoseconds(iterations: iterations) { _ in presentRaw(combo).layout.count }),
    ("Presenter, strict (read-only checked views)", medianNanoseconds(iterations: iterations) { _ in present(strict, combo).layout.count }),
    ("Presenter, not strict (checked, plain tables)", medianNanoseconds(iterations: iterations) { _ in present(loose, combo).layout.count }),
    ("Presenter, rules that return a constant (host only)", medianNanoseconds(iterations: iterations) { _ in present(constant, combo).layout.count }),
    ("raw C API, all \(count) fixtures in turn", medianNanoseconds(iterations: iterations) { i in presentRaw(moments[i % count]).layout.count }),
    ("Presenter, strict, all \(count) fixtures in turn", medianNanoseconds(iterations: iterations) { i in present(strict, moments[i % count]).layout.count }),
]
let rawCombo = rows[0].1, rawAll = rows[4].1

print("meetings pack, one presentation = 5 rules x 8 placements; \(iterations) presentations x 7 rounds (median)")
for (index, (name, ns)) in rows.enumerated() {
    let base = index < 4 ? rawCombo : rawAll
    print(name.padding(toLength: 52, withPad: " ", startingAt: 0) + String(format: "%9.0f ns   %5.2fx raw", ns, ns / base))
}

let loads = 30
var loadTimes: [Double] = []
for _ in 0..<loads {
    let start = ContinuousClock.now
    let loaded = try RulePack.load(from: packFolder, displayPath: "rules/meetings")
    _ = try Presenter(pack: loaded)
    let (seconds, attoseconds) = (ContinuousClock.now - start).components
    loadTimes.append(Double(seconds) * 1e3 + Double(attoseconds) / 1e15)
}
print(String(format: "loading the pack (read, validate, compile) and setting up a Presenter: %.2f ms (median of %d)",
             loadTimes.sorted()[loads / 2], loads))
print("memory of one Presenter's state after the runs: \(strict.memoryInUse) bytes")
