#if os(Linux)
import Foundation
import Glibc
import Synchronization
import Testing
@testable import LiveRules

/// The folder watcher on real files in a temporary folder.
@Suite struct FolderWatcherTests {
    /// A temporary folder: `rules`, a folder of packs `a` (with `fixtures/`, `golden/` and
    /// `golden/deep/`) and `b`; `solo`, a pack of its own; and `outside`, which no root covers.
    fileprivate final class Scratch {
        let base: URL
        var rules: URL { url("rules") }

        init() throws {
            base = FileManager.default.temporaryDirectory.appendingPathComponent("folder-watcher-\(UUID().uuidString)")
            for path in ["rules/a/pack.json", "rules/a/rules.lua", "rules/a/fixtures/one.json", "rules/a/golden/one.json",
                         "rules/a/golden/deep/two.json", "rules/b/pack.json", "rules/b/rules.lua", "solo/pack.json"] {
                try write(path)
            }
            try make("outside")
        }

        deinit { try? FileManager.default.removeItem(at: base) }

        func url(_ path: String) -> URL { base.appendingPathComponent(path) }

        /// A pack folder as the watcher reports it.
        func pack(_ path: String) -> URL { URL(fileURLWithPath: base.path + "/" + path, isDirectory: true) }

        /// Writes in place (open with truncation, write, close), making folders as needed.
        func write(_ path: String, _ text: String = "{}") throws {
            try make((path as NSString).deletingLastPathComponent)
            try Data(text.utf8).write(to: url(path))
        }

        func make(_ path: String) throws {
            try FileManager.default.createDirectory(at: url(path), withIntermediateDirectories: true)
        }

        func remove(_ path: String) throws { try FileManager.default.removeItem(at: url(path)) }

        /// `rename(2)`.
        func rename(_ from: String, _ to: String) throws {
            guard Glibc.rename(url(from).path, url(to).path) == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno)!) }
        }
    }

    /// What `onChange` received, and the task it ran on.
    fileprivate final class Batches: @unchecked Sendable {
        private let lock = NSLock()
        private var received: [Set<URL>] = []
        private var task = ""

        var all: [Set<URL>] { lock.withLock { received } }
        /// `/proc/self/task/<tid>` of the watcher's thread, once a batch arrived.
        var thread: String { lock.withLock { task } }

        func record(_ packs: Set<URL>) {
            let task = "/proc/" + ((try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/thread-self")) ?? "")
            lock.withLock {
                received.append(packs)
                self.task = task
            }
        }

        /// Waits up to `timeout` for `count` batches (recording a test failure when they do not
        /// come), then `settle` longer so that an extra batch would show; returns every batch received.
        func wait(
            for count: Int, settle: Duration = .milliseconds(300), timeout: Duration = .seconds(4),
            sourceLocation: SourceLocation = #_sourceLocation
        ) async throws -> [Set<URL>] {
            let clock = ContinuousClock()
            let end = clock.now + timeout
            while all.count < count {
                guard clock.now < end else {
                    Issue.record("\(all.count) of \(count) batches after \(timeout): \(all)", sourceLocation: sourceLocation)
                    return all
                }
                try await Task.sleep(for: .milliseconds(5))
            }
            try await Task.sleep(for: settle)
            return all
        }

        /// Every batch received after `duration` more: for checking that no further batch comes.
        func after(_ duration: Duration) async throws -> [Set<URL>] {
            try await Task.sleep(for: duration)
            return all
        }
    }

    /// A gate the first `onChange` call waits at until `open()`, so events pile up meanwhile.
    /// Both waits give up after 5 s: the test's `waitForEntry()` then records a failure, and a
    /// call that gave up waiting for `open()` does not count as having left (``hasLeft``), which
    /// `open()` records as a failure.
    fileprivate final class Gate: Sendable {
        private let entered = DispatchSemaphore(value: 0)
        private let opened = DispatchSemaphore(value: 0)
        private let passed = Mutex(false)
        private let left = Mutex(false)
        private let gaveUp = Mutex(false)

        /// Whether the first call went on past the gate once it was opened.
        var hasLeft: Bool { left.withLock { $0 } }

        func pass() {
            let first = passed.withLock { wasPassed in
                defer { wasPassed = true }
                return !wasPassed
            }
            guard first else { return }
            entered.signal()
            guard opened.wait(timeout: .now() + 5) == .success else {
                gaveUp.withLock { $0 = true }
                return
            }
            left.withLock { $0 = true }
        }

        func waitForEntry(sourceLocation: SourceLocation = #_sourceLocation) {
            if entered.wait(timeout: .now() + 5) == .timedOut {
                Issue.record("no onChange call reached the gate within 5 s", sourceLocation: sourceLocation)
            }
        }

        func open(sourceLocation: SourceLocation = #_sourceLocation) {
            if gaveUp.withLock({ $0 }) { Issue.record("the gate was opened after its call gave up waiting", sourceLocation: sourceLocation) }
            opened.signal()
        }
    }

    private let scratch: Scratch
    private let batches = Batches()

    init() throws { scratch = try Scratch() }

    private func watch(
        _ roots: [String] = ["rules"], quiet: Duration = .milliseconds(60), gate: Gate? = nil, method: WatchMethod = .inotify
    ) throws -> FolderWatcher {
        let batches = batches
        return try FolderWatcher(roots: roots.map(scratch.url), quiet: quiet, method: method) { packs in
            batches.record(packs)
            gate?.pass()
        }
    }

    /// One edit of a file in pack `a`, as editors and tools make them.
    enum Edit: String, CaseIterable, Sendable {
        case renameOverOriginal, writeInPlace, openWriteAndClose, truncateAndWrite, truncateOnly
        case create, delete, moveIn, moveOut, editorTemporary

        /// Work done before the watcher starts, so only the edit itself makes events.
        fileprivate func prepare(in scratch: Scratch) throws {
            switch self {
            case .renameOverOriginal: try scratch.write("rules/a/.rules.lua.tmp", "-- saved")
            case .moveIn: try scratch.write("outside/helpers.lua")
            default: break
            }
        }

        fileprivate func apply(in scratch: Scratch) throws {
            let file = scratch.url("rules/a/rules.lua")
            switch self {
            case .renameOverOriginal:
                try scratch.rename("rules/a/.rules.lua.tmp", "rules/a/rules.lua")
            case .writeInPlace:
                let handle = try FileHandle(forWritingTo: file)
                try handle.seekToEnd()
                try handle.write(contentsOf: Data("-- more".utf8))
                try handle.close()
            case .openWriteAndClose:
                try FileHandle(forWritingTo: file).close()
            case .truncateAndWrite:
                try scratch.write("rules/a/rules.lua", "-- new")
            case .truncateOnly:
                #expect(truncate(file.path, 0) == 0)
            case .create:
                try scratch.write("rules/a/fixtures/two.json")
            case .delete:
                try scratch.remove("rules/a/fixtures/one.json")
            case .moveIn:
                try scratch.rename("outside/helpers.lua", "rules/a/helpers.lua")
            case .moveOut:
                try scratch.rename("rules/a/rules.lua", "outside/rules.lua")
            case .editorTemporary:
                try scratch.write("rules/a/.rules.lua.swp")
            }
        }
    }

    /// Every edit with every method, except an open and close that writes nothing: no change on
    /// disk, so polling cannot see it (``anUnwrittenOpenIsNoChangeWhenPolling()``).
    static let edits: [(WatchMethod, Edit)] = WatchMethods.tested.flatMap { method in
        Edit.allCases.filter { method == .inotify || $0 != .openWriteAndClose }.map { (method, $0) }
    }

    @Test(arguments: edits)
    func anEditIsOneBatchNamingItsPack(method: WatchMethod, edit: Edit) async throws {
        try edit.prepare(in: scratch)
        let watcher = try watch(method: method)
        try edit.apply(in: scratch)
        #expect(try await batches.wait(for: 1) == [[scratch.pack("rules/a")]], "\(batches.all)")
        watcher.stop()
    }

    @Test(arguments: WatchMethods.tested)
    func filesSavedTogetherAreOneBatch(method: WatchMethod) async throws {
        let watcher = try watch(quiet: .milliseconds(100), method: method)
        for index in 1...5 { try scratch.write("rules/a/fixtures/saved\(index).json") }
        #expect(try await batches.wait(for: 1) == [[scratch.pack("rules/a")]], "\(batches.all)")
        watcher.stop()
    }

    @Test(arguments: WatchMethods.tested)
    func changesInTwoPacksAndTwoRootsAreOneBatch(method: WatchMethod) async throws {
        let watcher = try watch(["rules", "solo"], quiet: .milliseconds(100), method: method)
        try scratch.write("rules/a/rules.lua")
        try scratch.write("rules/b/rules.lua")
        try scratch.write("solo/rules.lua")
        #expect(try await batches.wait(for: 1) == [[scratch.pack("rules/a"), scratch.pack("rules/b"), scratch.pack("solo")]], "\(batches.all)")
        watcher.stop()
    }

    @Test(arguments: WatchMethods.tested)
    func filesInNestedFoldersCount(method: WatchMethod) async throws {
        let watcher = try watch(method: method)
        try scratch.write("rules/a/fixtures/one.json", "[]")
        _ = try await batches.wait(for: 1, settle: .zero)
        try scratch.write("rules/a/golden/one.json", "[]")
        _ = try await batches.wait(for: 2, settle: .zero)
        try scratch.write("rules/a/golden/deep/two.json", "[]")
        #expect(try await batches.wait(for: 3) == Array(repeating: [scratch.pack("rules/a")], count: 3), "\(batches.all)")
        watcher.stop()
    }

    @Test(arguments: WatchMethods.tested)
    func foldersMadeWhileBusyAreWatchedWithTheirSubfolders(method: WatchMethod) async throws {
        let gate = Gate()
        let watcher = try watch(gate: gate, method: method)
        // One system call, so one event: a write's several could straddle the gate on a loaded machine.
        try scratch.make("rules/b/trigger")
        gate.waitForEntry()
        try scratch.write("rules/a/new/inner/most/early.json")
        gate.open()
        _ = try await batches.wait(for: 2, settle: .zero)
        try scratch.write("rules/a/new/inner/most/late.json")
        let all = try await batches.wait(for: 3)
        #expect(all == [[scratch.pack("rules/b")], [scratch.pack("rules/a")], [scratch.pack("rules/a")]], "\(all)")
        watcher.stop()
    }

    @Test(arguments: WatchMethods.tested)
    func foldersMovedInAreWatchedWithTheirSubfolders(method: WatchMethod) async throws {
        try scratch.write("outside/incoming/deep/early.json")
        let watcher = try watch(method: method)
        try scratch.rename("outside/incoming", "rules/a/incoming")
        _ = try await batches.wait(for: 1, settle: .zero)
        try scratch.write("rules/a/incoming/deep/late.json")
        #expect(try await batches.wait(for: 2) == [[scratch.pack("rules/a")], [scratch.pack("rules/a")]], "\(batches.all)")
        watcher.stop()
    }

    @Test(arguments: WatchMethods.tested)
    func aNewPackFolderIsAPack(method: WatchMethod) async throws {
        let watcher = try watch(method: method)
        try scratch.make("rules/c")
        try scratch.write("rules/c/pack.json")
        _ = try await batches.wait(for: 1, settle: .zero)
        try scratch.write("rules/c/fixtures/one.json")
        #expect(try await batches.wait(for: 2) == [[scratch.pack("rules/c")], [scratch.pack("rules/c")]], "\(batches.all)")
        watcher.stop()
    }

    @Test(arguments: WatchMethods.tested)
    func aPackFolderMovedInIsAPack(method: WatchMethod) async throws {
        try scratch.write("outside/d/pack.json")
        try scratch.write("outside/d/fixtures/one.json")
        let watcher = try watch(method: method)
        try scratch.rename("outside/d", "rules/d")
        _ = try await batches.wait(for: 1, settle: .zero)
        try scratch.write("rules/d/fixtures/two.json")
        #expect(try await batches.wait(for: 2) == [[scratch.pack("rules/d")], [scratch.pack("rules/d")]], "\(batches.all)")
        watcher.stop()
    }

    @Test(arguments: WatchMethods.tested)
    func aDeletedPackIsReportedAndCanComeBack(method: WatchMethod) async throws {
        let watcher = try watch(method: method)
        try scratch.remove("rules/b")
        _ = try await batches.wait(for: 1, settle: .zero)
        try scratch.write("rules/b/pack.json")
        _ = try await batches.wait(for: 2, settle: .zero)
        try scratch.write("rules/b/rules.lua")
        #expect(try await batches.wait(for: 3) == Array(repeating: [scratch.pack("rules/b")], count: 3), "\(batches.all)")
        watcher.stop()
    }

    @Test(arguments: WatchMethods.tested)
    func aPackFolderMovedOutIsReportedOnce(method: WatchMethod) async throws {
        let watcher = try watch(method: method)
        try scratch.rename("rules/b", "outside/b")
        _ = try await batches.wait(for: 1, settle: .zero)
        try scratch.write("outside/b/rules.lua")
        #expect(try await batches.wait(for: 1) == [[scratch.pack("rules/b")]], "\(batches.all)")
        watcher.stop()
    }

    @Test func watchesFollowFoldersAndForgetDroppedOnes() throws {
        let inotify = try Inotify(for: "rules")
        var change = try FolderChange(roots: [scratch.rules], inotify: inotify)
        /// Applies events until none comes for 100 ms (at most 5 s of them).
        func apply() -> Set<String> {
            let end = ContinuousClock.now + .seconds(5)
            while inotify.wait(timeout: .milliseconds(100)) == .events {
                change.apply(inotify.readEvents(), inotify: inotify)
                if ContinuousClock.now > end {
                    Issue.record("events kept coming for 5 s")
                    break
                }
            }
            return Set(change.folders.values.map { String($0.dropFirst(scratch.base.path.count + 1)) })
        }
        let a = ["rules/a", "rules/a/fixtures", "rules/a/golden", "rules/a/golden/deep"]
        #expect(apply() == Set(["rules", "rules/b"] + a))
        try scratch.remove("rules/b")
        #expect(apply() == Set(["rules"] + a))
        try scratch.rename("rules/a/golden", "outside/golden")
        #expect(apply() == ["rules", "rules/a", "rules/a/fixtures"])
        try scratch.rename("outside/golden", "rules/a/gold")
        #expect(apply() == ["rules", "rules/a", "rules/a/fixtures", "rules/a/gold", "rules/a/gold/deep"])
        #expect(change.take() == [scratch.pack("rules/a"), scratch.pack("rules/b")])
        #expect(change.packs.isEmpty)
    }

    @Test(arguments: WatchMethods.tested)
    func pathsOutsideEveryPackAreIgnored(method: WatchMethod) async throws {
        let watcher = try watch(method: method)
        try scratch.write("rules/README.md")
        try scratch.write("outside/pack.json")
        try scratch.write("rules-old/a/rules.lua")
        try scratch.rename("rules/a/fixtures", "outside/fixtures")
        _ = try await batches.wait(for: 1, settle: .zero)
        try scratch.write("outside/fixtures/one.json", "[]")
        #expect(try await batches.wait(for: 1) == [[scratch.pack("rules/a")]], "\(batches.all)")
        watcher.stop()
    }

    @Test(arguments: WatchMethods.tested)
    func eventsDuringOnChangeGoToTheNextBatch(method: WatchMethod) async throws {
        let gate = Gate()
        let watcher = try watch(gate: gate, method: method)
        // One system call, so one event: a write's several could straddle the gate on a loaded machine.
        try scratch.make("rules/a/trigger")
        gate.waitForEntry()
        try scratch.write("rules/b/rules.lua")
        try scratch.write("rules/b/fixtures/one.json")
        gate.open()
        let all = try await batches.wait(for: 2)
        #expect(all == [[scratch.pack("rules/a")], [scratch.pack("rules/b")]], "\(all)")
        watcher.stop()
    }

    @Test func aQueueOverflowReportsEveryPack() async throws {
        let gate = Gate()
        let watcher = try watch(["rules", "solo"], gate: gate)
        try scratch.write("rules/a/rules.lua")
        gate.waitForEntry()
        let limit = Int(try String(contentsOfFile: "/proc/sys/fs/inotify/max_queued_events", encoding: .utf8)
            .trimmingCharacters(in: .whitespacesAndNewlines)) ?? 16384
        try scratch.write("rules/a/ping")
        for _ in 0...(limit / 4) {
            try scratch.rename("rules/a/ping", "rules/a/pong")
            try scratch.rename("rules/a/pong", "rules/a/ping")
        }
        gate.open()
        let all = Set(["rules/a", "rules/b", "solo"].map(scratch.pack))
        #expect(try await batches.wait(for: 2) == [[scratch.pack("rules/a")], all], "\(batches.all)")
        watcher.stop()
    }

    @Test func anIdleWatcherSleepsAndStopEndsItsThread() async throws {
        let watcher = try watch()
        try scratch.write("rules/a/rules.lua")
        _ = try await batches.wait(for: 1, settle: .milliseconds(100))
        let status = batches.thread + "/status"
        func switches() throws -> String? {
            try String(contentsOfFile: status, encoding: .utf8).split(separator: "\n")
                .first { $0.hasPrefix("voluntary_ctxt_switches:") }.map(String.init)
        }
        let before = try switches()
        try await Task.sleep(for: .milliseconds(400))
        #expect(before != nil)
        #expect(try switches() == before)
        watcher.stop()
        watcher.stop()
        #expect(try await taskEnds(status))
        try scratch.write("rules/b/rules.lua")
        #expect(try await batches.after(.milliseconds(300)) == [[scratch.pack("rules/a")]], "\(batches.all)")
    }

    @Test(arguments: WatchMethods.tested)
    func releasingTheWatcherStopsIt(method: WatchMethod) async throws {
        var watcher: FolderWatcher? = try watch(method: method)
        try scratch.write("rules/a/rules.lua")
        _ = try await batches.wait(for: 1, settle: .zero)
        #expect(watcher != nil)
        watcher = nil
        #expect(try await taskEnds(batches.thread + "/status"))
        try scratch.write("rules/b/rules.lua")
        #expect(try await batches.after(.milliseconds(300)) == [[scratch.pack("rules/a")]], "\(batches.all)")
    }

    @Test(arguments: WatchMethods.tested)
    func stopFromOnChangeMakesItTheLastCall(method: WatchMethod) async throws {
        let batches = batches
        let box = Mutex<FolderWatcher?>(nil)
        let watcher = try FolderWatcher(roots: [scratch.rules], quiet: .milliseconds(60), method: method) { packs in
            batches.record(packs)
            box.withLock { $0 }?.stop()
        }
        box.withLock { $0 = watcher }
        try scratch.write("rules/a/rules.lua")
        _ = try await batches.wait(for: 1, settle: .zero)
        #expect(try await taskEnds(batches.thread + "/status"))
        try scratch.write("rules/b/rules.lua")
        #expect(try await batches.after(.milliseconds(300)) == [[scratch.pack("rules/a")]], "\(batches.all)")
        box.withLock { $0 = nil }
    }

    @Test(arguments: WatchMethods.tested)
    func stopWaitsForARunningOnChange(method: WatchMethod) async throws {
        let gate = Gate()
        let watcher = try watch(gate: gate, method: method)
        try scratch.write("rules/a/rules.lua")
        gate.waitForEntry()
        try scratch.write("rules/b/rules.lua")
        DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(200)) { gate.open() }
        let stopped = DispatchSemaphore(value: 0)
        let leftBeforeStopReturned = Mutex(false)
        DispatchQueue.global().async {
            watcher.stop()
            leftBeforeStopReturned.withLock { $0 = gate.hasLeft }
            stopped.signal()
        }
        #expect(stopped.wait(timeout: .now() + 5) == .success, "stop() returned within 5 s")
        #expect(leftBeforeStopReturned.withLock { $0 })
        #expect(try await batches.after(.milliseconds(300)) == [[scratch.pack("rules/a")]], "\(batches.all)")
    }

    @Test func aWaitForBatchesThatRunsOutRecordsAFailure() async throws {
        let watcher = try watch()
        await withKnownIssue("nothing changes, so no batch comes") {
            _ = try await batches.wait(for: 1, settle: .zero, timeout: .milliseconds(200))
        }
        watcher.stop()
    }

    @Test(arguments: WatchMethods.tested)
    func aMissingRootOrAFileRootThrowsNamingPathAndError(method: WatchMethod) throws {
        let missing = scratch.url("rules/missing")
        let error = #expect(throws: WatchError.self) {
            _ = try FolderWatcher(roots: [scratch.rules, missing], quiet: .milliseconds(60), method: method) { _ in }
        }
        #expect(error?.description == "cannot watch \(missing.path): No such file or directory")
        let file = scratch.url("rules/a/pack.json")
        let fileError = #expect(throws: WatchError.self) {
            _ = try FolderWatcher(roots: [file], quiet: .milliseconds(60), method: method) { _ in }
        }
        #expect(fileError?.description == "cannot watch \(file.path): Not a directory")
    }

    @Test func anUnwrittenOpenIsNoChangeWhenPolling() async throws {
        let watcher = try watch(method: WatchMethods.polling)
        try FileHandle(forWritingTo: scratch.url("rules/a/rules.lua")).close()
        #expect(try await batches.after(.milliseconds(300)).isEmpty, "\(batches.all)")
        try scratch.write("rules/a/rules.lua", "-- written")
        #expect(try await batches.wait(for: 1) == [[scratch.pack("rules/a")]], "\(batches.all)")
        watcher.stop()
    }

    @Test func automaticIsInotifyHereAndPollingDefaultsTo250Milliseconds() {
        #expect(WatchMethod.automatic.resolved == .inotify)
        #expect(WatchMethod.polling() == .polling(interval: .milliseconds(250)))
        #expect(WatchMethod.defaultPollingInterval == .milliseconds(250))
    }

    /// Whether the task at `/proc/self/task/<tid>` is gone within two seconds.
    private func taskEnds(_ status: String) async throws -> Bool {
        let clock = ContinuousClock()
        let end = clock.now + .seconds(2)
        while FileManager.default.fileExists(atPath: status) && clock.now < end { try await Task.sleep(for: .milliseconds(5)) }
        return !FileManager.default.fileExists(atPath: status)
    }
}
#endif
