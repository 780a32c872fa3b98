import Foundation

/// Writes what `--record` asks for: a missing golden is written, a changed result goes to
/// `<case>.json.new` for review, and a passing case loses a stale pending file. Never called
/// when `CI` is set.
public enum GoldenRecorder {
    /// What was written or removed, as display paths with a verb.
    public static func record(_ results: [GoldenResult]) throws -> [String] {
        var done: [String] = []
        let manager = FileManager.default
        for result in results {
            let testCase = result.testCase
            switch result.outcome {
            case .missing(let actual):
                try write(actual, to: testCase.goldenURL)
                done.append("recorded \(testCase.goldenPath)")
            case .changed(_, let actual):
                try write(actual, to: testCase.pendingURL)
                done.append("pending \(testCase.pendingPath) (review it with: liverules review)")
            case .passed where manager.fileExists(atPath: testCase.pendingURL.path):
                try manager.removeItem(at: testCase.pendingURL)
                done.append("removed stale \(testCase.pendingPath)")
            case .passed, .failed:
                break
            }
        }
        return done
    }

    /// Writes atomically, creating folders on the way.
    static func write(_ text: String, to url: URL) throws {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url, options: .atomic)
    }
}
