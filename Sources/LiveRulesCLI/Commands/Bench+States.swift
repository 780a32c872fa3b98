import Foundation
import LiveRules
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension Bench {
    /// The activities of the first `count` lines of the JSON Lines file at `path`, each read and
    /// checked as `liverules payload --batch` reads it; the error names the line and field.
    static func states(at path: String, count: Int, manifest: PackManifest) throws(DiagnosticError) -> [Fixture] {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw DiagnosticError([Diagnostic(file: path, message: "cannot read the file")]) }
        defer { close(descriptor) }
        let lines = LineChunks(descriptor: descriptor, limit: InputLimits.fixtureBytes)
        var fixtures: [Fixture] = []
        while fixtures.count < count, let chunk = lines.next() {
            for line in chunk.prefix(count - fixtures.count) {
                fixtures.append(try PushRequest.read(line.bytes, line: line.number, file: path, manifest: manifest).fixture)
            }
        }
        guard !fixtures.isEmpty else { throw DiagnosticError([Diagnostic(file: path, message: "the file has no activities to benchmark")]) }
        return fixtures
    }
}
