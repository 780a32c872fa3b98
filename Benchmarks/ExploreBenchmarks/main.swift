import Foundation
import LiveRules

// What exploring a state costs beside presenting one, for valgrind's callgrind to count
// (Benchmarks/scripts/count-explore-instructions.sh runs both modes at two counts and takes the
// difference, which leaves out setup):
//   ExploreBenchmarks explore <pack> <count>   explores <count> states from seed 1: generating,
//                                              presenting, the host's promises and the pack's own
//   ExploreBenchmarks present <pack> <count>   generates the first 1,200 states of seed 1
//                                              (whatever the count), then presents the first
//                                              <count> of them, once each

let arguments = Array(CommandLine.arguments.dropFirst())
guard arguments.count == 3, ["explore", "present"].contains(arguments[0]), let count = Int(arguments[2]), (1...1_200).contains(count) else {
    FileHandle.standardError.write(Data("usage: ExploreBenchmarks explore|present <pack> <count 1...1200>\n".utf8))
    exit(2)
}
let pack = try RulePack.load(from: URL(fileURLWithPath: arguments[1]), displayPath: arguments[1])
if arguments[0] == "explore" {
    let report = try Explorer(pack: pack).explore(seed: 1, count: count)
    print("\(arguments[1]): \(count) states explored, \(report.findings.count) promises broken")
} else {
    var generator = StateGenerator(schema: pack.manifest.schema, seed: 1)
    let states = (0..<1_200).compactMap { _ in Explorer.state(generator.next()) }
    let presenter = try Presenter(pack: pack)
    var failed = 0
    for state in states.prefix(count) {
        do { _ = try presenter.present(state) } catch { failed += 1 }
    }
    print("\(arguments[1]): \(min(count, states.count)) states presented, \(failed) failed")
}
