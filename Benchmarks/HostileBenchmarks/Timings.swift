import Foundation
import HostileCorpus
import Lua

/// The timing mode: runs every script once, each in a fresh state under its header's limits,
/// and prints the `shown` slowest by wall time (with CPU time and how each ended), the scripts
/// that reached the deadline though their header names a counted budget, and the total.
func printTimings(of scripts: [HostileScript], shown: Int) throws {
    var timings: [(name: String, wall: Duration, cpu: Duration, outcome: String)] = []
    var misjudged: [String] = []
    let clock = ContinuousClock()
    for script in scripts {
        let state = try script.preparedState()
        let start = clock.now
        let startCPU = threadCPUTime()
        let error = script.run(on: state)
        timings.append((script.name, start.duration(to: clock.now), threadCPUTime() - startCPU, error?.message ?? "returned"))
        let expectsDeadline = if case .budget(.deadline)? = script.expected { true } else { false }
        if case .budget(.deadline, _)? = error, !expectsDeadline { misjudged.append(script.name) }
    }

    timings.sort { $0.wall > $1.wall }
    let deadline = LuaLimits().deadline.map { "\($0)" } ?? "no"
    print("\(scripts.count) scripts, default limits (\(deadline) deadline; \(HostileOutcome.deadline) for those that must end at it); the slowest, wall and CPU time:")
    for timing in timings.prefix(shown) {
        print("  \(milliseconds(timing.wall)) \(milliseconds(timing.cpu))  \(timing.name.padding(toLength: 40, withPad: " ", startingAt: 0))  \(timing.outcome.prefix(60))")
    }
    let total = timings.reduce(Duration.zero) { $0 + $1.wall }
    if !misjudged.isEmpty {
        print("reached the deadline before the counted budget their header names: \(misjudged.joined(separator: ", "))")
    }
    let slowestCPU = timings.max { $0.cpu < $1.cpu }!
    print("slowest: \(milliseconds(timings[0].wall)) wall (\(timings[0].name)), \(milliseconds(slowestCPU.cpu)) CPU (\(slowestCPU.name)); all \(scripts.count) in \(milliseconds(total))")
}

/// The CPU time this thread has used (what the deadline counts).
private func threadCPUTime() -> Duration {
    var now = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now)
    return .seconds(now.tv_sec) + .nanoseconds(now.tv_nsec)
}

/// `duration` as `   12.3 ms`, right-aligned.
private func milliseconds(_ duration: Duration) -> String {
    String(format: "%7.1f ms", duration.inSeconds * 1000)
}
