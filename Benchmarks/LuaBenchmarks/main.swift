import BenchmarkSupport
import Foundation
import LiveRulesExamples
import Lua

// Benchmarks of the Lua host core on the reference workload (shared/peers): 10 meetings, the
// phase/badge/relevance rule, 64 moments. Run in release mode:
//   swift run -c release LuaBenchmarks [iterations]

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

// Both paths must agree before they are timed.
for now in moments {
    let a = raw.evaluate(day, now: now)
    let b = try state.call(present, day, Date(timeIntervalSince1970: now), returning: PhaseSummary.self)
    precondition(a.phase == b.phase && a.badge.text == b.badge.text && a.relevance.score == b.relevance.score)
}

let rawNs = medianNanoseconds(iterations: iterations) { i in
    raw.evaluate(day, now: moments[i & 63]).badge.text.utf8.count
}
let codableNs = medianNanoseconds(iterations: iterations) { i in
    let now = Date(timeIntervalSince1970: moments[i & 63])
    let result = try! state.call(present, day, now, returning: PhaseSummary.self)
    return result.badge.text.utf8.count
}
let reusedNs = medianNanoseconds(iterations: iterations) { i in
    let now = Date(timeIntervalSince1970: moments[i & 63])
    let result = try! state.call(present, dayRef, now, returning: PhaseSummary.self)
    return result.badge.text.utf8.count
}
// The marshaling in alone: the state pushed (and dropped) without calling the rule.
let rawPushNs = medianNanoseconds(iterations: iterations) { _ in raw.pushOnly(day) }
let codablePushNs = medianNanoseconds(iterations: iterations) { _ in
    try! state.reference(day) === dayRef ? 1 : 0
}

func row(_ name: String, _ ns: Double) -> String {
    name.padding(toLength: 52, withPad: " ", startingAt: 0) + String(format: "%8.0f ns/eval   %5.2fx raw", ns, ns / rawNs)
}
print("reference workload: 10 meetings, phase/badge/relevance rule, \(iterations) evaluations x 7 rounds (median)")
print(row("raw C API, hand-written marshaling (the limit)", rawNs))
print(row("LuaState.call, Codable in and out (sandboxed)", codableNs))
print(row("LuaState.call, state encoded once (LuaRef)", reusedNs))
print("the state alone, pushed without calling the rule:")
print(row("  raw C API, hand-written", rawPushNs))
print(row("  LuaEncoder (Codable), into a sandboxed state", codablePushNs))
print("memory of one sandboxed state with the rule loaded: \(memoryOfState) bytes in use, \(pooledOfState) bytes of pool slabs")
