import HostileCorpus
import Lua

/// `--outcomes`: prints one line per script, in the order given (sorted by name): its name, how
/// it ended (``outcomeLine(_:)``) and, when that is not what its header declares, `FAILED,
/// expected …`; then `N passed, N failed`. Nothing printed depends on time, so every machine
/// prints the same bytes. Returns whether every script ended as declared.
func printOutcomes(of scripts: [HostileScript]) throws -> Bool {
    var failed = 0
    for script in scripts {
        let error = script.run(on: try script.preparedState())
        let problem: String? = if let expected = script.expected {
            error.map(expected.matches) == true ? nil : "expected \(expected)"
        } else {
            "malformed header: `-- expect: <outcome>` then a comment"
        }
        if problem != nil { failed += 1 }
        print("\(script.name): \(outcomeLine(error))" + (problem.map { "  FAILED, \($0)" } ?? ""))
    }
    print("\(scripts.count - failed) passed, \(failed) failed")
    return failed == 0
}

/// How a call ended, on one line: the error's case (a budget's kind named) and its description
/// (location and message), or `returned`. The line where the deadline struck is printed as `*`:
/// it depends on how far the CPU got, and so on the machine.
func outcomeLine(_ error: LuaError?) -> String {
    guard let error else { return "returned" }
    let kind = switch error {
    case .budget(.instructions, _): "budget(instructions)"
    case .budget(.steps, _): "budget(steps)"
    case .budget(.stringBytes, _): "budget(stringBytes)"
    case .budget(.deadline, _): "budget(deadline)"
    case .memory: "memory"
    case .runtime: "runtime"
    case .syntax: "syntax"
    case .decoding: "decoding"
    case .encoding: "encoding"
    }
    let description = if case .budget(.deadline, let location?) = error {
        "\(location.file):*: error: \(error.message)"
    } else {
        error.description
    }
    return "\(kind) \(description)".replacingOccurrences(of: "\n", with: "\\n")
}
