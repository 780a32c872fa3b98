import Foundation

/// Where tests write their files: one folder per test process, `<tmp>/liverules-tests-<pid>`,
/// removed when the process exits. A run that crashed or was killed leaves its folder; the next
/// run removes the folders of processes no longer alive. So a test run leaves nothing behind.
public enum TemporaryFolder {
    /// A path in this process's folder that nothing else uses: `<name>-<UUID>`, not yet created.
    public static func path(_ name: String) -> URL {
        root.appendingPathComponent("\(name)-\(UUID().uuidString)")
    }

    private static let prefix = "liverules-tests-"

    /// This process's folder, made on first use, when its removal at exit is registered.
    private static let root: URL = {
        let manager = FileManager.default
        removeLeftovers(manager)
        let root = manager.temporaryDirectory.appendingPathComponent("\(prefix)\(getpid())")
        do {
            try manager.createDirectory(at: root, withIntermediateDirectories: true)
        } catch {
            preconditionFailure("the tests cannot write their folder \(root.path) (TMPDIR): \(error)")
        }
        atexit { try? FileManager.default.removeItem(at: TemporaryFolder.root) }
        return root
    }()

    /// Removes the folders of earlier test processes that have ended.
    private static func removeLeftovers(_ manager: FileManager) {
        let names = (try? manager.contentsOfDirectory(atPath: manager.temporaryDirectory.path)) ?? []
        for name in names where name.hasPrefix(prefix) {
            guard let pid = pid_t(name.dropFirst(prefix.count)), kill(pid, 0) != 0, errno == ESRCH else { continue }
            try? manager.removeItem(at: manager.temporaryDirectory.appendingPathComponent(name))
        }
    }
}
