#if os(Linux)
import Foundation
import TestPacks
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
            base = TemporaryFolder.path("folder-watcher")
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

        /// `truncate(2)` to no bytes: one change, in one system call.
        func truncate(_ path: String) throws {
            guard Glibc.truncate(url(path).path, 0) == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno)!) }
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

        /// Waits up to `timeout` for `count` batches, recording a test failure when they do not
        /// come; returns every batch received.
        func wait(
            for count: Int, timeout: Duration = Patience.duration, sourceLocation: SourceLocation = #_sourceLocation
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
            return all
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

    /// Makes the folder `path` (one system call, so one event: it cannot be split into two
    /// batches however slow the machine) and waits for its batch: every batch the changes made
    /// before cause has come by then, as events arrive in order and a scan sees every change
    /// made before it. Returns every batch received, that last one included.
    private func allBatches(endingWith path: String, sourceLocation: SourceLocation = #_sourceLocation) async throws -> [Set<URL>] {
        let count = batches.all.count
        try scratch.make(path)
        return try await batches.wait(for: count + 1, sourceLocation: sourceLocation)
    }

    /// Holds the watcher in the `onChange` call for a batch of its own (a folder made in
    /// `trigger`), runs `changes` meanwhile and lets it go: the changes are all waiting by then,
    /// so they are one batch however slow the machine.
    private func whileBusy(trigger: String = "rules/b/trigger", gate: Gate, _ changes: () throws -> Void) throws {
        try scratch.make(trigger)
        gate.waitForEntry()
        try changes()
        gate.open()
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
                try scratch.truncate("rules/a/rules.lua")
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

    /// Each edit, made while the watcher is busy, is one batch naming pack `a` and nothing after.
    @Test(arguments: edits)
    func anEditIsOneBatchNamingItsPack(method: WatchMethod, edit: Edit) async throws {
        try edit.prepare(in: scratch)
        let gate = Gate()
        let watcher = try watch(gate: gate, method: method)
        try whileBusy(gate: gate) { try edit.apply(in: scratch) }
        _ = try await batches.wait(for: 2)
        let all = try await allBatches(endingWith: "rules/b/last")
        #expect(all == [[scratch.pack("rules/b")], [scratch.pack("rules/a")], [scratch.pack("rules/b")]], "\(all)")
        watcher.stop()
    }

    /// Files saved together, while the watcher is busy, are one batch. (How saves made at the
    /// machine's own speed fall into batches is measured by `ReloadBenchmarks`, not tested.)
    @Test(arguments: WatchMethods.tested)
    func filesSavedTogetherAreOneBatch(method: WatchMethod) async throws {
        let gate = Gate()
        let watcher = try watch(gate: gate, method: method)
        try whileBusy(gate: gate) {
            for index in 1...5 { try scratch.write("rules/a/fixtures/saved\(index).json") }
        }
        _ = try await batches.wait(for: 2)
        let all = try await allBatches(endingWith: "rules/b/last")
        #expect(all == [[scratch.pack("rules/b")], [scratch.pack("rules/a")], [scratch.pack("rules/b")]], "\(all)")
        watcher.stop()
    }

    @Test(arguments: WatchMethods.tested)
    func changesInTwoPacksAndTwoRootsAreOneBatch(method: WatchMethod) async throws {
        let gate = Gate()
        let watcher = try watch(["rules", "solo"], gate: gate, method: method)
        try whileBusy(trigger: "solo/trigger", gate: gate) {
            try scratch.write("rules/a/rules.lua")
            try scratch.write("rules/b/rules.lua")
            try scratch.write("solo/rules.lua")
        }
        _ = try await batches.wait(for: 2)
        let all = try await allBatches(endingWith: "solo/last")
        let solo = scratch.pack("solo")
        #expect(all == [[solo], [scratch.pack("rules/a"), scratch.pack("rules/b"), solo], [solo]], "\(all)")
        watcher.stop()
    }

    /// A change in each nested folder (truncating a file: one system call, so one batch) names
    /// the pack.
    @Test(arguments: WatchMethods.tested)
    func filesInNestedFoldersCount(method: WatchMethod) async throws {
        let watcher = try watch(method: method)
        for (index, path) in ["rules/a/fixtures/one.json", "rules/a/golden/one.json", "rules/a/golden/deep/two.json"].enumerated() {
            try scratch.truncate(path)
            _ = try await batches.wait(for: index + 1)
        }
        let all = try await allBatches(endingWith: "rules/b/last")
        #expect(all == Array(repeating: [scratch.pack("rules/a")], count: 3) + [[scratch.pack("rules/b")]], "\(all)")
        watcher.stop()
    }

    @Test(arguments: WatchMethods.tested)
    func foldersMadeWhileBusyAreWatchedWithTheirSubfolders(method: WatchMethod) async throws {
        let gate = Gate()
        let watcher = try watch(gate: gate, method: method)
        try whileBusy(gate: gate) { try scratch.write("rules/a/new/inner/most/early.json") }
        _ = try await batches.wait(for: 2)
        try scratch.truncate("rules/a/new/inner/most/early.json")
        _ = try await batches.wait(for: 3)
        let all = try await allBatches(endingWith: "rules/b/last")
        let a = scratch.pack("rules/a"), b = scratch.pack("rules/b")
        #expect(all == [[b], [a], [a], [b]], "\(all)")
        watcher.stop()
    }

    @Test(arguments: WatchMethods.tested)
    func foldersMovedInAreWatchedWithTheirSubfolders(method: WatchMethod) async throws {
        try scratch.write("outside/incoming/deep/early.json")
        let watcher = try watch(method: method)
        try scratch.rename("outside/incoming", "rules/a/incoming")
        _ = try await batches.wait(for: 1)
        try scratch.truncate("rules/a/incoming/deep/early.json")
        _ = try await batches.wait(for: 2)
        let all = try await allBatches(endingWith: "rules/b/last")
        #expect(all == [[scratch.pack("rules/a")], [scratch.pack("rules/a")], [scratch.pack("rules/b")]], "\(all)")
        watcher.stop()
    }

    @Test(arguments: WatchMethods.tested)
    func aNewPackFolderIsAPack(method: WatchMethod) async throws {
        try scratch.write("outside/one.json")
        let watcher = try watch(method: method)
        try scratch.make("rules/c")
        _ = try await batches.wait(for: 1)
        try scratch.make("rules/c/fixtures")
        _ = try await batches.wait(for: 2)
        try scratch.rename("outside/one.json", "rules/c/fixtures/one.json")
        _ = try await batches.wait(for: 3)
        let all = try await allBatches(endingWith: "rules/b/last")
        #expect(all == Array(repeating: [scratch.pack("rules/c")], count: 3) + [[scratch.pack("rules/b")]], "\(all)")
        watcher.stop()
    }

    @Test(arguments: WatchMethods.tested)
    func aPackFolderMovedInIsAPack(method: WatchMethod) async throws {
        try scratch.write("outside/d/pack.json")
        try scratch.write("outside/d/fixtures/one.json")
        let watcher = try watch(method: method)
        try scratch.rename("outside/d", "rules/d")
        _ = try await batches.wait(for: 1)
        try scratch.truncate("rules/d/fixtures/one.json")
        _ = try await batches.wait(for: 2)
        let all = try await allBatches(endingWith: "rules/b/last")
        #expect(all == [[scratch.pack("rules/d")], [scratch.pack("rules/d")], [scratch.pack("rules/b")]], "\(all)")
        watcher.stop()
    }

    @Test(arguments: WatchMethods.tested)
    func aDeletedPackIsReportedAndCanComeBack(method: WatchMethod) async throws {
        try scratch.write("outside/rules.lua")
        let gate = Gate()
        let watcher = try watch(gate: gate, method: method)
        try whileBusy(trigger: "rules/a/trigger", gate: gate) { try scratch.remove("rules/b") }
        _ = try await batches.wait(for: 2)
        try scratch.make("rules/b")
        _ = try await batches.wait(for: 3)
        try scratch.rename("outside/rules.lua", "rules/b/rules.lua")
        _ = try await batches.wait(for: 4)
        let all = try await allBatches(endingWith: "rules/a/last")
        let a = scratch.pack("rules/a"), b = scratch.pack("rules/b")
        #expect(all == [[a], [b], [b], [b], [a]], "\(all)")
        watcher.stop()
    }

    @Test(arguments: WatchMethods.tested)
    func aPackFolderMovedOutIsReportedOnce(method: WatchMethod) async throws {
        let watcher = try watch(method: method)
        try scratch.rename("rules/b", "outside/b")
        _ = try await batches.wait(for: 1)
        try scratch.write("outside/b/rules.lua")
        let all = try await allBatches(endingWith: "rules/a/last")
        #expect(all == [[scratch.pack("rules/b")], [scratch.pack("rules/a")]], "\(all)")
        watcher.stop()
    }

    @Test func watchesFollowFoldersAndForgetDroppedOnes() throws {
        let inotify = try Inotify(for: "rules")
        var change = try FolderChange(roots: [scratch.rules], inotify: inotify)
        /// Applies every event queued (each change is made before, so its events are all there);
        /// returns the folders watched.
        func apply() -> Set<String> {
            while inotify.wait(timeout: .zero) == .events {
                change.apply(inotify.readEvents(), inotify: inotify)
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

    /// Changes no pack holds make no batch: after them, the next is the batch of a change in a
    /// pack.
    @Test(arguments: WatchMethods.tested)
    func pathsOutsideEveryPackAreIgnored(method: WatchMethod) async throws {
        let watcher = try watch(method: method)
        try scratch.write("rules/README.md")
        try scratch.write("outside/pack.json")
        try scratch.write("rules-old/a/rules.lua")
        try scratch.rename("rules/a/fixtures", "outside/fixtures")
        _ = try await batches.wait(for: 1)
        try scratch.write("outside/fixtures/one.json", "[]")
        let all = try await allBatches(endingWith: "rules/b/last")
        #expect(all == [[scratch.pack("rules/a")], [scratch.pack("rules/b")]], "\(all)")
        watcher.stop()
    }

    @Test(arguments: WatchMethods.tested)
    func eventsDuringOnChangeGoToTheNextBatch(method: WatchMethod) async throws {
        let gate = Gate()
        let watcher = try watch(gate: gate, method: method)
        try whileBusy(trigger: "rules/a/trigger", gate: gate) {
            try scratch.write("rules/b/rules.lua")
            try scratch.write("rules/b/fixtures/one.json")
        }
        _ = try await batches.wait(for: 2)
        let all = try await allBatches(endingWith: "rules/a/last")
        #expect(all == [[scratch.pack("rules/a")], [scratch.pack("rules/b")], [scratch.pack("rules/a")]], "\(all)")
        watcher.stop()
    }

    @Test func aQueueOverflowReportsEveryPack() async throws {
        let gate = Gate()
        let watcher = try watch(["rules", "solo"], gate: gate)
        let limit = Int(try String(contentsOfFile: "/proc/sys/fs/inotify/max_queued_events", encoding: .utf8)
            .trimmingCharacters(in: .whitespacesAndNewlines)) ?? 16384
        try whileBusy(trigger: "rules/a/trigger", gate: gate) {
            try scratch.write("rules/a/ping")
            for _ in 0...(limit / 4) {
                try scratch.rename("rules/a/ping", "rules/a/pong")
                try scratch.rename("rules/a/pong", "rules/a/ping")
            }
        }
        let every = Set(["rules/a", "rules/b", "solo"].map(scratch.pack))
        _ = try await batches.wait(for: 2)
        let all = try await allBatches(endingWith: "rules/b/last")
        #expect(all == [[scratch.pack("rules/a")], every, [scratch.pack("rules/b")]], "\(all)")
        watcher.stop()
    }

    /// Once idle, the watcher's thread blocks until something happens: its count of voluntary
    /// context switches, which a thread that wakes up to look adds to each time, stays the same.
    @Test func anIdleWatcherSleepsAndStopEndsItsThread() async throws {
        let watcher = try watch()
        try scratch.make("rules/a/new")
        _ = try await batches.wait(for: 1)
        let status = batches.thread + "/status"
        #expect(try await staysAsleep(status), "the idle watcher's thread kept waking up")
        watcher.stop()
        watcher.stop()
        #expect(try await taskEnds(status))
        #expect(batches.all == [[scratch.pack("rules/a")]])
    }

    @Test(arguments: WatchMethods.tested)
    func releasingTheWatcherStopsIt(method: WatchMethod) async throws {
        var watcher: FolderWatcher? = try watch(method: method)
        try scratch.make("rules/a/new")
        _ = try await batches.wait(for: 1)
        #expect(watcher != nil)
        watcher = nil
        // Its thread, the only one that calls onChange, has ended: no batch can follow.
        #expect(try await taskEnds(batches.thread + "/status"))
        #expect(batches.all == [[scratch.pack("rules/a")]])
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
        try scratch.make("rules/a/new")
        _ = try await batches.wait(for: 1)
        #expect(try await taskEnds(batches.thread + "/status"))
        #expect(batches.all == [[scratch.pack("rules/a")]])
        box.withLock { $0 = nil }
    }

    /// `stop()` called while `onChange` runs returns only once it has left, and no call follows.
    @Test(arguments: WatchMethods.tested)
    func stopWaitsForARunningOnChange(method: WatchMethod) async throws {
        let gate = Gate()
        let watcher = try watch(gate: gate, method: method)
        try scratch.make("rules/a/new")
        gate.waitForEntry()
        try scratch.write("rules/b/rules.lua")
        let stopping = DispatchSemaphore(value: 0), stopped = DispatchSemaphore(value: 0)
        let leftBeforeStopReturned = Mutex(false)
        DispatchQueue.global().async {
            stopping.signal()
            watcher.stop()
            leftBeforeStopReturned.withLock { $0 = gate.hasLeft }
            stopped.signal()
        }
        _ = stopping.wait(timeout: .now() + Patience.seconds)
        gate.open()
        #expect(stopped.wait(timeout: .now() + Patience.seconds) == .success, "stop() returned")
        #expect(leftBeforeStopReturned.withLock { $0 })
        #expect(batches.all == [[scratch.pack("rules/a")]])
    }

    @Test func aWaitForBatchesThatRunsOutRecordsAFailure() async throws {
        let watcher = try watch()
        await withKnownIssue("nothing changes, so no batch comes") {
            _ = try await batches.wait(for: 1, timeout: .milliseconds(200))
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
        let all = try await allBatches(endingWith: "rules/b/last")
        #expect(all == [[scratch.pack("rules/b")]], "\(all)")
        watcher.stop()
    }

    @Test func automaticIsInotifyHereAndPollingDefaultsTo250Milliseconds() {
        #expect(WatchMethod.automatic.resolved == .inotify)
        #expect(WatchMethod.polling() == .polling(interval: .milliseconds(250)))
        #expect(WatchMethod.defaultPollingInterval == .milliseconds(250))
    }

    /// Whether the task at `/proc/self/task/<tid>` is gone (waiting at most ``Patience``).
    private func taskEnds(_ status: String) async throws -> Bool {
        let clock = ContinuousClock()
        let end = clock.now + Patience.duration
        while FileManager.default.fileExists(atPath: status) && clock.now < end { try await Task.sleep(for: .milliseconds(5)) }
        return !FileManager.default.fileExists(atPath: status)
    }

    /// Whether the task whose status file is `status` comes to sleep (waiting at most
    /// ``Patience``): its voluntary context switches stay the same over half a second.
    private func staysAsleep(_ status: String) async throws -> Bool {
        func switches() throws -> String? {
            try String(contentsOfFile: status, encoding: .utf8).split(separator: "\n")
                .first { $0.hasPrefix("voluntary_ctxt_switches:") }.map(String.init)
        }
        let clock = ContinuousClock()
        let end = clock.now + Patience.duration
        var last = try switches()
        while clock.now < end {
            try await Task.sleep(for: .milliseconds(500))
            let now = try switches()
            if now != nil && now == last { return true }
            last = now
        }
        return false
    }
}
#endif
