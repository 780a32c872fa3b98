import ArgumentParser
import Foundation
import LiveRules

/// `liverules payload`: the push for a fixture (or for every line of a stream), and the
/// validator for pushes made elsewhere.
struct Payload: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Build and validate Live Activity push payloads.",
        subcommands: [Build.self, Validate.self, Sizes.self],
        defaultSubcommand: Build.self)
}

extension Payload {
    enum Format: String, CaseFormat {
        case json, curl
        static let standard = Format.json
    }

    /// `liverules payload [build] <pack> <fixture> --event …` and `--batch <pack> <states.jsonl>`.
    struct Build: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Build the push for a fixture, or for every line of a JSON Lines stream (--batch).",
            discussion: """
                Presents the fixture with the pack's rules and prints the push: for APNs the headers and
                the body ({"headers", "body"}, canonical JSON) or a ready curl command (--format curl;
                the tokens come from $APNS_TOKEN and $DEVICE_TOKEN); for Android (--platform android)
                the FCM data message ({"message"} without a token: set message.token; with --format
                curl from $FCM_TOKEN, $FCM_ACCESS_TOKEN and $FCM_PROJECT_ID). A curl command passes
                the body as one literal argument: the shell expands nothing in it. Every payload passes
                `liverules payload validate`.

                With --batch the fixture is a JSON Lines file (or - for standard input): it reads one {attributes, state, now, previousPhase, previousTimestamp, event, id}
                per line and prints one payload per line, compact,
                in input order; a bad line prints {"error", "line"} and is reported on standard error.
                --group prints instead each distinct payload once with its count.

                With --next-update, each payload also says when the activity next needs a push
                with the same attributes and state, to the second, and why: the member
                "nextUpdate" ({"at", "timestamp", "why"}, or null for none) beside "body" and
                "headers" (or "message"), or a `# next update:` line after a curl command.

                Exit status: 0 success; 1 the rules or a line failed; 2 bad usage or bad input.
                """)

        @OptionGroup var arguments: CaseArguments<Format>

        @Option(help: "start, update or end (with --batch: for lines that name none).")
        var event: EventOption = .update

        @Option(help: "The Unix seconds of the activity's previous push: the timestamp must be newer.")
        var previousTimestamp: Int?

        @Option(help: "ios (APNs) or android (FCM).")
        var platform: PlatformOption = .ios

        @Flag(help: "Read one activity per line and print one payload per line.")
        var batch = false

        @Flag(help: "With --batch: print each distinct payload once, with how many lines gave it.")
        var group = false

        @Flag(help: "Also say when the activity next needs a push with the same state, to the second, and why.")
        var nextUpdate = false

        @Option(help: "With --batch: worker threads (default: one per core).")
        var workers: Int = ProcessInfo.processInfo.activeProcessorCount

        func validate() throws {
            if group && !batch { throw ValidationError("--group needs --batch") }
            if group && nextUpdate { throw ValidationError("--group prints each distinct payload once: leave out --next-update") }
            if batch && arguments.format != .json { throw ValidationError("--batch prints JSON lines: leave out --format") }
            try OptionRange.threads("--workers").check(workers)
            try OptionRange.timestamp.check(previousTimestamp)
        }

        func run() throws {
            let loaded = try loadPack(arguments.pack)
            let builder: PushPayloadBuilder
            do {
                builder = try PushPayloadBuilder(manifest: loaded.manifest)
            } catch {
                report([Diagnostic(file: loaded.displayPath + "/" + RulePack.manifestFile, message: error.description)])
                throw ExitStatus.badInput.exitCode
            }
            if batch {
                try runBatch(loaded, builder: builder)
            } else {
                try runOne(loaded, builder: builder)
            }
        }

        private func runOne(_ loaded: RulePack, builder: PushPayloadBuilder) throws {
            let fixture = try PackAndFixture.fixture(arguments.fixture, of: loaded)
            let presentation: Presentation
            var next: NextUpdate?
            do {
                if nextUpdate {
                    (presentation, next) = try Presenter(pack: loaded).presentWithNextUpdate(fixture)
                } else {
                    presentation = try Presenter(pack: loaded).present(fixture)
                }
            } catch {
                report(error.diagnostics(inputFile: fixture.file))
                throw (error.isInputError ? ExitStatus.badInput : .ruleFailed).exitCode
            }
            do {
                let (json, curl): (JSONValue, String)
                switch platform.value {
                case .ios:
                    let payload = try builder.build(event.value, presentation: presentation, attributes: fixture.attributes,
                                                    state: fixture.state, now: fixture.now, previousTimestamp: previousTimestamp)
                    (json, curl) = (payload.json, payload.curl())
                case .android:
                    let message = try AndroidMessage(event.value, presentation: presentation, now: fixture.now)
                    (json, curl) = (message.json, message.curl)
                }
                switch (arguments.format, nextUpdate) {
                case (.curl, false): print(curl, terminator: "")
                case (.json, false): print(try JSONWriter.canonical(json), terminator: "")
                case (.curl, true):
                    print(curl + "# next update: " + TerminalText.escaped(next?.description ?? "none"))
                case (.json, true):
                    guard case .object(var members) = json else { return }
                    members["nextUpdate"] = NextUpdate.json(next)
                    print(try JSONWriter.canonical(.object(members)), terminator: "")
                }
            } catch let error as PayloadError {
                report(error.diagnostics(file: fixture.file))
                throw ExitStatus.ruleFailed.exitCode
            }
        }

        private func runBatch(_ loaded: RulePack, builder: PushPayloadBuilder) throws {
            let input = arguments.fixture
            if input != "-" { try PathArgument.mustExist(input, "file") }
            let descriptor: Int32 = input == "-" ? FileHandle.standardInput.fileDescriptor : open(input, O_RDONLY | O_CLOEXEC)
            guard descriptor >= 0 else {
                report([Diagnostic(file: input, message: "cannot read the file")])
                throw ExitStatus.badInput.exitCode
            }
            defer { if input != "-" { close(descriptor) } }
            let engine = RuleEngine(statesPerVersion: workers)
            do {
                engine.activate(try engine.prepare(loaded))
            } catch {
                report(error.diagnostics(inputFile: input))
                throw ExitStatus.ruleFailed.exitCode
            }
            let lines = LineChunks(descriptor: descriptor, limit: InputLimits.fixtureBytes)
            let run = PushBatch(builder: builder, event: event.value, platform: platform.value, file: input, nextUpdate: nextUpdate)
            var cohorts = PushCohorts()
            var failed = 0
            let output = FileHandle.standardOutput
            do {
                try run.run(on: engine, workers: workers, next: lines.next) { outcomes in
                    var text: [UInt8] = []
                    for outcome in outcomes {
                        switch outcome.result {
                        case .success(let built):
                            if group {
                                cohorts.add(built.payload, line: outcome.line)
                            } else {
                                text += built.lineBytes
                                text.append(UInt8(ascii: "\n"))
                            }
                        case .failure(let error):
                            failed += 1
                            report(error.diagnostics)
                            let message = error.diagnostics.map(\.description).joined(separator: "\n")
                            if !group { text += "{\"error\":\(JSONWriter.quoted(message)),\"line\":\(outcome.line)}\n".utf8 }
                        }
                    }
                    if !text.isEmpty { output.write(Data(text)) }
                }
            } catch {
                report(error.diagnostics(inputFile: input))
                throw ExitStatus.ruleFailed.exitCode
            }
            if group {
                output.write(Data(cohorts.sorted.map { PushCohorts.line($0) + "\n" }.joined().utf8))
            }
            if failed > 0 { throw ExitStatus.ruleFailed.exitCode }
        }
    }

    /// `liverules payload validate <pack> <payload.json>`.
    struct Validate: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Check a push body (or a payload this tool printed) against APNs' and the device's rules.",
            discussion: """
                Reports each finding as file:line:col: severity: [code] path: message (fix: …).
                Exit status: 0 no errors (warnings alone are fine); 1 errors; 2 bad usage or bad input.
                """)

        @Argument(help: "The pack folder, e.g. rules/match.")
        var pack: String

        @Argument(help: "The body {\"aps\": …} or {\"headers\", \"body\"} as `liverules payload` prints it.")
        var payload: String

        @Option(help: "The Unix seconds of the activity's previous push: the timestamp must be newer.")
        var previousTimestamp: Int?

        @Option(help: "When the activity started, ISO-8601 or Unix seconds (default: the push's timestamp).")
        var startedAt: String?

        @Option(help: "The time to check against, ISO-8601 or Unix seconds (default: the clock).")
        var now: String?

        func validate() throws {
            try OptionRange.timestamp.check(previousTimestamp)
        }

        func run() throws {
            let loaded = try loadPack(pack)
            try PathArgument.mustExist(payload, "file")
            let data: Data
            do {
                data = try PayloadValidator.body(at: payload)
            } catch {
                report(error.diagnostics)
                throw ExitStatus.badInput.exitCode
            }
            let context = PayloadValidator.Context(
                now: try seconds(now, option: "--now") ?? Date().timeIntervalSince1970,
                previousTimestamp: previousTimestamp, startedAt: try seconds(startedAt, option: "--started-at"))
            let validator = PayloadValidator(manifest: loaded.manifest)
            let diagnostics = validator.diagnostics(data, file: payload, context: context)
            report(diagnostics)
            if diagnostics.contains(where: { $0.severity == .error }) { throw ExitStatus.ruleFailed.exitCode }
        }

        /// An ISO-8601 time or Unix seconds.
        private func seconds(_ text: String?, option: String) throws -> Double? {
            guard let text else { return nil }
            if let seconds = Double(text) ?? ISO8601.parse(text), abs(seconds) <= OutputLimits.maximumSeconds { return seconds }
            throw ValidationError("\(option) must be an ISO-8601 time such as 2026-03-02T09:45:00Z or Unix seconds "
                + "within ±\(Int(OutputLimits.maximumSeconds)), got '\(text)'")
        }
    }
}

/// `--event`: a ``PushEvent``.
struct EventOption: ExpressibleByArgument {
    let value: PushEvent
    static let update = EventOption(value: .update)

    init(value: PushEvent) { self.value = value }

    init?(argument: String) {
        guard let event = PushEvent(rawValue: argument) else { return nil }
        value = event
    }

    static var allValueStrings: [String] { PushEvent.allCases.map(\.rawValue) }
}

/// `--platform`: a ``PushBatch/Platform``.
struct PlatformOption: ExpressibleByArgument {
    let value: PushBatch.Platform
    static let ios = PlatformOption(value: .ios)

    init(value: PushBatch.Platform) { self.value = value }

    init?(argument: String) {
        guard let platform = PushBatch.Platform(rawValue: argument) else { return nil }
        value = platform
    }

    static var allValueStrings: [String] { PushBatch.Platform.allCases.map(\.rawValue) }
}
