#if Service
import Foundation

/// Inputs for the server's routes, made from the bundled packs' fixtures.
enum ServeFixtures {
    static let packs = ["meetings", "match", "delivery"]

    /// The fixture `name` of `pack`, as its file holds it.
    static func fixture(_ pack: String, _ name: String) throws -> String {
        try String(contentsOf: RunningServer.rules.appendingPathComponent("\(pack)/fixtures/\(name).json"), encoding: .utf8)
    }

    /// The names of `pack`'s fixtures, sorted.
    static func names(_ pack: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: RunningServer.rules.appendingPathComponent("\(pack)/fixtures").path)
            .filter { $0.hasSuffix(".json") }.map { String($0.dropLast(5)) }.sorted()
    }

    /// The fixture `name` of `pack` as one line of batch input, with `extra` members (`id`,
    /// `event`) added.
    static func line(_ pack: String, _ name: String, _ extra: [String: Any] = [:]) throws -> String {
        var object = try JSONSerialization.jsonObject(with: Data(try fixture(pack, name).utf8)) as? [String: Any] ?? [:]
        object.removeValue(forKey: "description")
        object.merge(extra) { $1 }
        return String(decoding: try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes]), as: UTF8.self)
    }

    /// The first fixture of `pack` as a request body: a good request.
    static func good(_ pack: String = "match") throws -> String {
        try fixture(pack, try names(pack)[0])
    }
}
#endif
