import BenchmarkSupport
import Foundation
import LiveRulesExamples
import Lua

// Benchmarks of the Lua host core on the reference workload (Benchmarks/README.md): 10 meetings, the
// phase/badge/relevance rule, 64 moments. Run in release mode:
//   Benchmarks/scripts/run-release.sh LuaBenchmarks [iterations]
//   Benchmarks/scripts/run-release.sh LuaBenchmarks profile <path> <count>   (one path, untimed)

let iterations = CommandLine.arguments.dropFirst().first.flatMap(Int.init) ?? 200_000
let day = ReferenceWorkload.day
let moments = ReferenceWorkload.moments

let raw = RawCAPIPath()
let state = try LuaState()
try state.run(ReferenceWorkload.rule, chunkName: "reference/rule.lua")
try state.sealGlobals()
let memoryOfState = state.memoryInUse
let pooledOfState = state.pooledBytes
let present = state.global("present")!
let dayRef = try state.reference(day)
let walk = CodableWalk()

// Both paths must agree before they are timed.
for now in moments {
    let a = raw.evaluate(day, now: now)
    let b = try state.call(present, day, Date(timeIntervalSince1970: now), returning: PhaseSummary.self)
    precondition(a.phase == b.phase && a.badge.text == b.badge.text && a.relevance.score == b.relevance.score)
}
precondition(raw.pushTuned(day) == day.meetings.count)
// The walk passes every scalar: four per meeting, and each optional that is set.
precondition(walk.visit(day) == day.meetings.reduce(0) {
    $0 + 4 + ($1.location == nil ? 0 : 1) + ($1.calendarColor == nil ? 0 : 1)
})

/// The measured paths: one evaluation each, at moment `i`.
let paths: [(name: String, label: String, run: (Int) -> Int)] = [
    ("raw", "raw C API, naive hand-written marshaling", { i in
        raw.evaluate(day, now: moments[i & 63]).badge.text.utf8.count
    }),
    ("codable", "LuaState.call, Codable in and out (sandboxed)", { i in
        let now = Date(timeIntervalSince1970: moments[i & 63])
        return try! state.call(present, day, now, returning: PhaseSummary.self).badge.text.utf8.count
    }),
    ("once", "LuaState.call, state encoded once (LuaRef)", { i in
        let now = Date(timeIntervalSince1970: moments[i & 63])
        return try! state.call(present, dayRef, now, returning: PhaseSummary.self).badge.text.utf8.count
    }),
    // The marshaling in alone: the state pushed (and dropped) without calling the rule.
    ("raw-push", "  raw C API, naive hand-written", { _ in raw.pushOnly(day) }),
    ("codable-push", "  LuaEncoder (Codable), into a sandboxed state", { _ in
        try! state.reference(day) === dayRef ? 1 : 0
    }),
    // What the push is made of: Lua's own table building, and Codable's own walk.
    ("tuned-push", "  raw C API, tuned (the limit: Lua's own work)", { _ in raw.pushTuned(day) }),
    ("walk", "  Codable's walk alone, writing nothing", { _ in walk.visit(day) }),
]

// `LuaBenchmarks profile <path> <count>` runs one path untimed, for a profiler
// (Benchmarks/scripts/count-instructions.sh).
if CommandLine.arguments.dropFirst().first == "profile" {
    let arguments = Array(CommandLine.arguments.dropFirst(2))
    guard arguments.count == 2, let path = paths.first(where: { $0.name == arguments[0] }), let count = Int(arguments[1]) else {
        print("usage: LuaBenchmarks profile <\(paths.map(\.name).joined(separator: "|"))> <count>")
        exit(2)
    }
    var sink = 0
    for i in 0..<count { sink &+= path.run(i) }
    print("\(path.name): \(count) evaluations (\(sink))")
    exit(0)
}

let timings = paths.map { medianNanoseconds(iterations: iterations, $0.run) }
let rawNs = timings[0]

func row(_ name: String, _ ns: Double) -> String {
    name.padding(toLength: 52, withPad: " ", startingAt: 0) + String(format: "%8.0f ns/eval   %5.2fx raw", ns, ns / rawNs)
}
print("reference workload: 10 meetings, phase/badge/relevance rule, \(iterations) evaluations x 7 rounds (median)")
for (index, path) in paths.enumerated() {
    if path.name == "raw-push" { print("the state alone, pushed without calling the rule:") }
    print(row(path.label, timings[index]))
}
print("memory of one sandboxed state with the rule loaded: \(memoryOfState) bytes in use, \(pooledOfState) bytes of pool slabs")
