import Foundation
import Lua

// Runs every script of a hostile corpus once, each in a fresh state under the default limits,
// and reports the wall time each took to end (all must end in an error, or return). Run in
// release mode on an idle machine:
//   swift run -c release HostileBenchmarks Tests/LuaTests/Resources/hostile [slowest-shown]

let arguments = Array(CommandLine.arguments.dropFirst())
guard let folder = arguments.first else {
    print("usage: HostileBenchmarks <folder of .lua scripts> [how many of the slowest to show]")
    exit(2)
}
let shown = arguments.dropFirst().first.flatMap(Int.init) ?? 10
let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { $0.hasSuffix(".lua") }.sorted()
guard !names.isEmpty else {
    print("HostileBenchmarks: no .lua scripts in \(folder)")
    exit(2)
}

/// The CPU time this thread has used (what the deadline counts).
func threadCPUTime() -> Duration {
    var now = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now)
    return .seconds(now.tv_sec) + .nanoseconds(now.tv_nsec)
}

var timings: [(name: String, wall: Duration, cpu: Duration, outcome: String)] = []
/// Scripts a counted budget should have ended that reached the deadline first.
var misjudged: [String] = []
let clock = ContinuousClock()
for name in names {
    let source = try String(contentsOfFile: folder + "/" + name, encoding: .utf8)
    let state = try LuaState(sandbox: LuaSandbox(modules: [:], chunkPrefix: "hostile"))
    let start = clock.now
    let startCPU = threadCPUTime()
    var outcome = "returned"
    do throws(LuaError) {
        try state.call(try state.load(source, chunkName: "hostile/" + name))
    } catch {
        outcome = error.message
        if case .budget(.deadline, _) = error, !source.hasPrefix("-- expect: deadline") { misjudged.append(name) }
    }
    timings.append((name, start.duration(to: clock.now), threadCPUTime() - startCPU, outcome))
}

timings.sort { $0.wall > $1.wall }
func milliseconds(_ duration: Duration) -> String {
    String(format: "%7.1f ms", Double(duration.components.attoseconds) / 1e15 + Double(duration.components.seconds) * 1000)
}
print("\(names.count) scripts, default limits (\(LuaLimits().deadline.map { "\($0)" } ?? "no") deadline); the slowest, wall and CPU time:")
for timing in timings.prefix(shown) {
    print("  \(milliseconds(timing.wall)) \(milliseconds(timing.cpu))  \(timing.name.padding(toLength: 40, withPad: " ", startingAt: 0))  \(timing.outcome.prefix(60))")
}
let total = timings.reduce(Duration.zero) { $0 + $1.wall }
if !misjudged.isEmpty {
    print("reached the deadline before the counted budget their header names: \(misjudged.joined(separator: ", "))")
}
let slowestCPU = timings.max { $0.cpu < $1.cpu }!
print("slowest: \(milliseconds(timings[0].wall)) wall (\(timings[0].name)), \(milliseconds(slowestCPU.cpu)) CPU (\(slowestCPU.name)); all \(names.count) in \(milliseconds(total))")
