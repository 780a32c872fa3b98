import Foundation
import LibFuzzer
import LiveRules

/// Fuzzes the pack manifest reader, schema included (``PackInputCheck/manifest(_:)``). Built
/// with `-D FUZZING` and `-sanitize=fuzzer` (scripts/fuzz.sh), it runs libFuzzer; built plainly,
/// it checks the files named on its command line once each.
@main enum FuzzManifest {
    static func main() {
        #if FUZZING
        var argc = CommandLine.argc
        var argv = Optional(CommandLine.unsafeArgv)
        exit(LLVMFuzzerRunDriver(&argc, &argv, testOneInput))
        #else
        for path in CommandLine.arguments.dropFirst() {
            PackInputCheck.manifest([UInt8](FileManager.default.contents(atPath: path) ?? Data()))
            print("checked \(path)")
        }
        #endif
    }
}

#if FUZZING
/// libFuzzer's call for one input.
@_cdecl("LLVMFuzzerTestOneInput")
func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    PackInputCheck.manifest(Array(UnsafeBufferPointer(start: data, count: size)))
    return 0
}
#endif
