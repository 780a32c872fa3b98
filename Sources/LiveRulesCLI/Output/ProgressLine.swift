import Foundation

/// "[120/1000]" redrawn in place on standard error while a long run goes on; nothing when
/// disabled. Safe to update from any thread.
final class ProgressLine: @unchecked Sendable {
    private let total: Int
    private let enabled: Bool
    private let lock = NSLock()
    private var shown = -1

    init(total: Int, enabled: Bool) {
        self.total = total
        self.enabled = enabled
    }

    func update(_ finished: Int) {
        guard enabled else { return }
        lock.withLock {
            let percent = finished * 100 / max(total, 1)
            guard percent != shown else { return }
            shown = percent
            FileHandle.standardError.write(Data("\r[\(finished)/\(total)] \(percent)%".utf8))
        }
    }

    /// Clears the line.
    func finish() {
        guard enabled else { return }
        FileHandle.standardError.write(Data("\r\u{1B}[K".utf8))
    }
}
