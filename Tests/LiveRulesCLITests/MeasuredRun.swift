import Foundation

/// `liverules` run to its end with the most memory it held resident, measured by GNU time
/// (`/usr/bin/time -f %M`, the child's `ru_maxrss` from `wait4`). The test process cannot read
/// it itself: a child it spawns shares its memory until `exec`, and Linux carries that peak into
/// the child's own.
struct MeasuredRun {
    static let time = "/usr/bin/time"
    /// Whether GNU time is installed (Debian's `time` package).
    static var isAvailable: Bool { FileManager.default.isExecutableFile(atPath: time) }

    var status: Int32
    var output: String
    var errors: String
    /// The most memory the process held resident at once, in bytes.
    var peakResidentBytes: Int

    struct Unmeasured: Error, CustomStringConvertible {
        let description: String
    }

    /// Runs `liverules arguments…` in `folder`, which must be writable (the measure is written
    /// there).
    static func run(_ arguments: [String], in folder: URL) throws -> MeasuredRun {
        let measure = folder.appendingPathComponent("liverules-peak-kib.txt")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: time)
        process.arguments = ["-f", "%M", "-o", measure.path, Bundle.main.bundleURL.appendingPathComponent("liverules").path] + arguments
        process.currentDirectoryURL = folder
        let finished = try FinishedProcess.run(process)
        let text = try String(contentsOf: measure, encoding: .utf8)
        // GNU time writes "Command exited with non-zero status N" first when it did.
        guard let kibibytes = text.split(separator: "\n").last.flatMap({ Int($0) }) else {
            throw Unmeasured(description: "GNU time wrote \(text)")
        }
        return MeasuredRun(status: finished.status, output: String(decoding: finished.output, as: UTF8.self),
                           errors: String(decoding: finished.errors, as: UTF8.self), peakResidentBytes: kibibytes * 1024)
    }
}
