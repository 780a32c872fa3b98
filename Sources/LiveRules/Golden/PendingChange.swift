import Foundation

/// A result `--record` left for review: `golden/<case>.json.new` beside the golden it would
/// replace (or create).
public struct PendingChange: Sendable {
    public var testCase: GoldenCase

    public init(_ testCase: GoldenCase) {
        self.testCase = testCase
    }

    /// The change as the review shows it: a header, the field paths, a unified diff from the
    /// golden (or nothing, for a new golden) to the pending result.
    public func text(colour: Bool) -> String {
        let manager = FileManager.default
        let golden = manager.contents(atPath: testCase.goldenURL.path).map { String(decoding: $0, as: UTF8.self) } ?? ""
        let pending = manager.contents(atPath: testCase.pendingURL.path).map { String(decoding: $0, as: UTF8.self) } ?? ""
        let result = GoldenResult(testCase: testCase, outcome: .changed(expected: golden, actual: pending), seconds: 0)
        return GoldenReport.block(result, label: "PENDING", colour: colour)
            .map { $0.replacingOccurrences(of: "+++ actual", with: "+++ \(testCase.pendingPath)") }
            .joined(separator: "\n") + "\n"
    }

    /// The pending file becomes the golden, in one rename.
    public func accept() throws {
        guard rename(testCase.pendingURL.path, testCase.goldenURL.path) == 0 else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: testCase.goldenURL.path])
        }
    }

    /// The pending file is deleted; the golden stays as it was.
    public func reject() throws {
        try FileManager.default.removeItem(at: testCase.pendingURL)
    }
}
