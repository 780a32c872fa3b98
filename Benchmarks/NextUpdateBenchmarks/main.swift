import Foundation
import LiveRules

// What finding the next update costs beside presenting, for valgrind's callgrind to count
// (Benchmarks/scripts/count-next-update-instructions.sh runs both modes at two counts and takes
// the difference, which leaves out setup). The moments: each fixture of the pack at every 5
// minutes of the 4 hours from its `now`, in file order, cycled up to <count>.
//   NextUpdateBenchmarks present <pack> <count>   presents each moment
//   NextUpdateBenchmarks next <pack> <count>      presents each moment and finds its next update

let arguments = Array(CommandLine.arguments.dropFirst())
guard arguments.count == 3, ["present", "next"].contains(arguments[0]), let count = Int(arguments[2]), count > 0 else {
    FileHandle.standardError.write(Data("usage: NextUpdateBenchmarks present|next <pack> <count>\n".utf8))
    exit(2)
}
let pack = try RulePack.load(from: URL(fileURLWithPath: arguments[1]), displayPath: arguments[1])
let folder = URL(fileURLWithPath: arguments[1]).appendingPathComponent("fixtures")
let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".json") }.sorted()
let fixtures = try files.map { try Fixture.load(from: folder.appendingPathComponent($0), displayPath: $0, manifest: pack.manifest) }
let moments = fixtures.flatMap { fixture in
    (0..<48).map { step -> Fixture in
        var moment = fixture
        moment.now += Double(step * 300)
        return moment
    }
}
let presenter = try Presenter(pack: pack)
var (failed, found, tried) = (0, 0, 0)
for index in 0..<count {
    let moment = moments[index % moments.count]
    do {
        if arguments[0] == "next" {
            let next = try presenter.presentWithNextUpdate(moment).nextUpdate
            if next != nil { found += 1 }
        } else {
            _ = try presenter.present(moment)
        }
        tried += 1
    } catch {
        failed += 1
    }
}
print("\(arguments[1]): \(tried) moments presented (\(found) with a next update), \(failed) failed")
