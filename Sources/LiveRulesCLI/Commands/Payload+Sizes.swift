import ArgumentParser
import Foundation
import LiveRules

extension Payload {
    /// `liverules payload sizes <pack>…`: the bytes of every fixture's update push, against
    /// APNs' limit.
    struct Sizes: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Print the size of every fixture's update push: presentation, content state, body.",
            discussion: """
                Presents every fixture of each pack and builds its update push (as `liverules payload` \
                does), then prints per fixture the bytes (compact UTF-8) of the presentation's device \
                form, of the content state and of the whole body, and the largest of each. APNs takes \
                at most \(PayloadValidator.maximumBytes) bytes; a fixture whose push cannot be built \
                is reported. Exit status: 0 success; 1 a fixture failed; 2 bad usage or input.
                """)

        @Argument(help: "Pack folders, e.g. rules/meetings.")
        var packs: [String]

        func run() throws {
            var failed = false
            for path in packs {
                let pack = try loadPack(path)
                let builder: PushPayloadBuilder
                do { builder = try PushPayloadBuilder(manifest: pack.manifest) } catch {
                    report([Diagnostic(file: pack.displayPath + "/" + RulePack.manifestFile, message: error.description)])
                    throw ExitStatus.badInput.exitCode
                }
                let presenter = try Presenter(pack: pack)
                print("\(pack.displayPath) (content state: \(Self.spelling(builder.settings.contentState)))")
                print("  presentation  content state  body  case")
                var largest = (0, 0, 0)
                for name in try pack.fixtureNames() {
                    do {
                        let fixture = try Fixture.load("fixtures/\(name)", in: pack.folder, manifest: pack.manifest)
                        let presentation = try presenter.present(fixture)
                        let payload = try builder.build(.update, presentation: presentation, attributes: fixture.attributes,
                                                        state: fixture.state, now: fixture.now)
                        guard case .object(let body) = payload.body, case .object(let aps)? = body["aps"] else { continue }
                        let sizes = (try Self.bytes(presentation.deviceForm), try Self.bytes(aps["content-state"] ?? .null), try Self.bytes(payload.body))
                        largest = (max(largest.0, sizes.0), max(largest.1, sizes.1), max(largest.2, sizes.2))
                        print("  " + [Self.column(sizes.0, 12), Self.column(sizes.1, 13), Self.column(sizes.2, 4)].joined(separator: "  ")
                              + "  " + String(name.dropLast(5)))
                    } catch {
                        failed = true
                        report([Diagnostic(file: pack.folder.display("fixtures/\(name)"), message: "\(error)")])
                    }
                }
                print("  " + [Self.column(largest.0, 12), Self.column(largest.1, 13), Self.column(largest.2, 4)].joined(separator: "  ")
                      + "  largest (APNs takes at most \(PayloadValidator.maximumBytes))")
            }
            if failed { throw ExitStatus.ruleFailed.exitCode }
        }

        /// Compact UTF-8 bytes of `value`.
        private static func bytes(_ value: JSONValue) throws -> Int {
            try JSONWriter.compact(value).utf8.count
        }

        /// `value` right-aligned in `width` characters.
        private static func column(_ value: Int, _ width: Int) -> String {
            let text = String(value)
            return String(repeating: " ", count: max(0, width - text.count)) + text
        }

        /// `state`, `presentation`, `both, under "key"`.
        private static func spelling(_ form: ContentStateForm) -> String {
            switch form {
            case .state: "state"
            case .presentation: "presentation"
            case .both(let key): "state and presentation under \"\(key)\""
            }
        }
    }
}
