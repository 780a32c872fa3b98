import Foundation

// Runs every script of a hostile corpus once, each in a fresh state as the tests give it (the
// default limits; 20 ms of CPU time for the scripts whose header says `deadline`). Two modes:
//   HostileBenchmarks <folder> [slowest-shown]   the wall time each took to end (all must end
//                                                in an error, or return); release mode, idle
//                                                machine: Benchmarks/scripts/hostile-timings.sh
//   HostileBenchmarks --outcomes <folder>        how each ended, one line per script, nothing
//                                                that depends on time, then `N passed, N
//                                                failed`; exit status 1 when a script did not
//                                                end as its header declares
//                                                (Benchmarks/scripts/slow-machine-check.sh compares runs)

var arguments = Array(CommandLine.arguments.dropFirst())
let outcomes = arguments.first == "--outcomes"
if outcomes { arguments.removeFirst() }
guard let folder = arguments.first else {
    print("usage: HostileBenchmarks <folder of .lua scripts> [how many of the slowest to show]")
    print("       HostileBenchmarks --outcomes <folder of .lua scripts>")
    exit(2)
}
let scripts = try HostileScript.all(in: folder)
guard !scripts.isEmpty else {
    print("HostileBenchmarks: no .lua scripts in \(folder)")
    exit(2)
}
if outcomes {
    exit(try printOutcomes(of: scripts) ? 0 : 1)
}
try printTimings(of: scripts, shown: arguments.dropFirst().first.flatMap(Int.init) ?? 10)
