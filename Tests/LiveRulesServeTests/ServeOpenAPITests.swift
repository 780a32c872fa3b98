#if Service
import Foundation
import HTTPTestSupport
import Testing

/// `openapi/liverules-serve.json` and the real server agree: every answer the document lists is
/// what the server gives for the request that calls for it (its status, its media type, its
/// headers, a body valid against its schema), and every answer the server gives to any method on
/// any path is in the document (or a 404 or 405 refusal of a route that is not).
@Suite struct ServeOpenAPITests {
    /// The document, parsed.
    static var document: [String: Any] {
        let data = (try? Data(contentsOf: OpenAPIValidator.url)) ?? Data()
        return (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] ?? [:]
    }

    static var paths: [String: [String: Any]] {
        document["paths"] as? [String: [String: Any]] ?? [:]
    }

    /// Every answer the document lists: method (lowercase), path template, status.
    static var documented: [(method: String, path: String, status: String)] {
        paths.flatMap { path, operations in
            operations.flatMap { method, operation in
                ((operation as? [String: Any])?["responses"] as? [String: Any] ?? [:]).keys.map { (method, path, $0) }
            }
        }.sorted { ($0.path, $0.method, $0.status) < ($1.path, $1.method, $1.status) }
    }

    /// A meetings rule that fails for every moment from 2026-03-10 on (after every fixture).
    static let failingAfterTheFixtures: @Sendable (String) -> String = {
        $0.replacingOccurrences(of: "return function(input)\n",
                                with: "return function(input)\n  if input.now >= 1773100800 then error(\"out of order\") end\n")
    }

    @Test func everyDocumentedAnswerIsWhatTheServerAnswers() async throws {
        #expect(Self.document["openapi"] as? String == "3.1.0")
        let server = try await RunningServer(packs: ["meetings", "match"], copying: true,
                                             edits: ["meetings/badge.lua": Self.failingAfterTheFixtures],
                                             options: ["--max-body", "4096", "--max-concurrent", "1"])
        let limited = try await RunningServer(packs: ["meetings", "match"], copying: true,
                                              edits: ["meetings/badge.lua": ServeReloadTests.breaking], options: ["--read-timeout", "1"])
        var checks: [OpenAPIValidator.Check] = []
        for (method, path, status) in Self.documented {
            let name = "\(method.uppercased()) \(path) \(status)"
            guard let answer = try await Self.answer(method, path, status, server: server, limited: limited) else {
                Issue.record("\(name): no request calls for this answer in the test")
                continue
            }
            #expect(String(answer.status) == status, "\(name): \(answer.status) \(answer.body)")
            let response = try #require((Self.paths[path]?[method] as? [String: Any])?["responses"] as? [String: Any])[status] as? [String: Any]
            for header in (response?["headers"] as? [String: Any] ?? [:]).keys {
                #expect(answer.headers[header.lowercased()] != nil, "\(name): no \(header)")
            }
            let contents = response?["content"] as? [String: Any] ?? [:]
            let type = answer.headers["content-type"]?.split(separator: ";").first.map(String.init) ?? ""
            #expect(contents.keys.contains(type), "\(name): answered \(type), documented \(contents.keys.sorted())")
            let pointer = "#/paths/\(Self.escaped(path))/\(method)/responses/\(status)/content/\(Self.escaped(type))"
            switch type {
            case "application/json":
                checks.append(.init(schema: pointer + "/schema", json: answer.body, name: name))
            case "application/x-ndjson":
                for (index, line) in answer.body.split(separator: "\n").enumerated() {
                    checks.append(.init(schema: pointer + "/x-liverules-line-schema", json: String(line), name: "\(name) line \(index + 1)"))
                }
            case "text/plain":
                #expect(throws: Never.self, "\(name)") { try PrometheusExposition(answer.body) }
            default:
                break
            }
        }
        let (values, problems) = try OpenAPIValidator.errors(in: checks)
        #expect(problems.isEmpty, "\(problems)")
        for (name, errors) in values.sorted(by: { $0.key < $1.key }) {
            #expect(errors.isEmpty, "\(name): \(errors)")
        }
    }

    @Test func everyAnswerTheServerGivesIsInTheDocument() async throws {
        let server = try await RunningServer(packs: ["match"])
        let good = try ServeFixtures.good()
        let targets = ["/", "/v1", "/v1/", "/v1/match", "/v1/match/present", "/v1/match/payload", "/v1/match/batch", "/v1/match/explain",
                       "/v1/match/present/more", "/v1//present", "/health", "/health/", "/healthz", "/metrics", "/openapi.json", "/api/studio"]
        var checks: [OpenAPIValidator.Check] = []
        for method in ["GET", "POST", "PUT", "DELETE", "PATCH", "OPTIONS"] {
            for target in targets {
                let answer = try await server.request(method, target, body: method == "POST" ? good : "")
                let name = "\(method) \(target)"
                let template = target.hasPrefix("/v1/match/") ? "/v1/{pack}/" + target.dropFirst("/v1/match/".count) : target
                if let operation = Self.paths[template]?[method.lowercased()] as? [String: Any] {
                    let responses = operation["responses"] as? [String: Any] ?? [:]
                    #expect(responses.keys.contains(String(answer.status)), "\(name) answered \(answer.status), which is not documented")
                } else {
                    #expect([404, 405].contains(answer.status), "\(name) answered \(answer.status) but is not in the document")
                    #expect(answer.json["kind"] as? String == "route", "\(name): \(answer.body)")
                    checks.append(.init(schema: "#/components/schemas/Error", json: answer.body, name: name))
                }
            }
        }
        for (name, errors) in try OpenAPIValidator.errors(in: checks).values.sorted(by: { $0.key < $1.key }) {
            #expect(errors.isEmpty, "\(name): \(errors)")
        }
    }

    /// The answer of the request that calls for `status` of `method path`: on `server` (two
    /// packs, meetings failing from 2026-03-10 on, `--max-body 4096 --max-concurrent 1`) or
    /// `limited` (meetings failing its goldens, `--read-timeout 1`). Nil when the test has none.
    static func answer(_ method: String, _ path: String, _ status: String, server: RunningServer, limited: RunningServer) async throws -> HTTPTestResponse? {
        let operation = path.split(separator: "/").last.map(String.init) ?? ""
        let isPayload = operation == "payload" || operation == "batch"
        let good = isPayload ? try ServeFixtures.line("match", "after-full-time") : try ServeFixtures.good()
        let target = path.replacingOccurrences(of: "{pack}", with: "match")
        switch (method, status) {
        case ("get", "200"): return try await server.request("GET", path)
        case ("get", "503"): return try await limited.request("GET", path)
        // With nextUpdate, so the answers show every member and header the document lists.
        case ("post", "200") where operation == "batch":
            return try await server.post(target + "?nextUpdate=true",
                                         good + "\n{\n" + (try ServeFixtures.line("match", "glyph-live-0-0", ["id": "x"])) + "\n")
        case ("post", "200"): return try await server.post(target + "?nextUpdate=true", good)
        case ("post", "400") where operation == "batch": return try await server.post(target + "?since=1", good)
        case ("post", "400"): return try await server.post(target, "{")
        case ("post", "404"): return try await server.post(path.replacingOccurrences(of: "{pack}", with: "nope"), good)
        case ("post", "408"):
            let slow = try StreamingRequest(port: limited.port, target, length: 1000)
            try slow.send(raw: "{")
            return try await slow.response()
        case ("post", "413"): return try await server.post(target, good + String(repeating: " ", count: 5000))
        case ("post", "422"): return try await server.post(target, #"{"now": "2026-05-16T16:15:00Z", "state": {}}"#)
        case ("post", "500"):
            let name = try ServeFixtures.names("meetings")[0]
            let body = isPayload ? try ServeFixtures.line("meetings", name) : try ServeFixtures.fixture("meetings", name)
            return try await server.post(path.replacingOccurrences(of: "{pack}", with: "meetings"),
                                         body.replacingOccurrences(of: "\"now\":\"2026-03-02", with: "\"now\":\"2026-03-12")
                                             .replacingOccurrences(of: "\"now\": \"2026-03-02", with: "\"now\": \"2026-03-12"))
        case ("post", "503"):
            let holding = try StreamingRequest(port: server.port, "/v1/match/batch")
            try holding.send(chunk: try ServeFixtures.line("match", "after-full-time") + "\n")
            guard await holding.wait(until: { $0.hasSuffix("\n") }) else { throw HTTPTestError("the batch holding the place did not answer") }
            let refused = try await server.post(target, good)
            try holding.end()
            _ = try await holding.response()
            return refused
        default: return nil
        }
    }

    /// `text` as a JSON pointer's reference token.
    static func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1")
    }
}
#endif
