#if Service
import Foundation
import Testing

/// Each route's answer to good input is what the command line prints for the same input: the
/// presentation as `liverules eval` prints it, pushes as `liverules payload --batch` writes them.
@Suite struct ServeRouteTests {
    @Test func presentAnswersWhatEvalPrints() async throws {
        let server = try await RunningServer()
        for pack in ServeFixtures.packs {
            for name in try ServeFixtures.names(pack).prefix(4) {
                let body = try ServeFixtures.fixture(pack, name)
                let answer = try await server.post("/v1/\(pack)/present", body)
                let printed = try ServeCLI.eval(server.rules.appendingPathComponent(pack), body)
                #expect(printed.status == 0, "\(pack)/\(name): \(printed.errors)")
                #expect(answer.status == 200, "\(pack)/\(name): \(answer.body)")
                #expect(answer.headers["content-type"] == "application/json")
                #expect(answer.body == printed.output, "\(pack)/\(name)")
            }
        }
    }

    @Test(arguments: [[:], ["platform": "android"], ["event": "start"], ["platform": "android", "event": "end"]] as [[String: String]])
    func payloadAnswersTheLineTheBatchWrites(_ query: [String: String]) async throws {
        let server = try await RunningServer()
        let target = query.isEmpty ? "" : "?" + query.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: "&")
        let options = query.sorted { $0.key < $1.key }.flatMap { ["--\($0.key)", $0.value] }
        for pack in ServeFixtures.packs {
            for name in try ServeFixtures.names(pack).prefix(3) {
                let line = try ServeFixtures.line(pack, name, ["id": "activity-\(name)"])
                let answer = try await server.post("/v1/\(pack)/payload" + target, line)
                let written = try ServeCLI.batch(server.rules.appendingPathComponent(pack), line + "\n", options: options)
                #expect(written.status == 0, "\(pack)/\(name): \(written.errors)")
                #expect(answer.status == 200, "\(pack)/\(name): \(answer.body)")
                #expect(answer.body == written.output, "\(pack)/\(name) \(query)")
                #expect(answer.body.contains("\"id\":\"activity-\(name)\""))
            }
        }
    }

    /// `?nextUpdate=true`: `present` answers what `eval --next-update` prints and `payload` the
    /// line `payload --batch --next-update` writes, each with the moment in `LiveRules-Next-Update`.
    @Test func nextUpdateIsAnsweredAsTheCommandLinePrintsItWithItsHeader() async throws {
        let server = try await RunningServer()
        for pack in ServeFixtures.packs {
            for name in try ServeFixtures.names(pack).prefix(3) {
                let body = try ServeFixtures.fixture(pack, name)
                let answer = try await server.post("/v1/\(pack)/present?nextUpdate=true", body)
                let printed = try ServeCLI.eval(server.rules.appendingPathComponent(pack), body, options: ["--next-update"])
                #expect(answer.status == 200 && answer.body == printed.output, "\(pack)/\(name): \(answer.body)")
                let next = try #require(answer.json["nextUpdate"])
                let header = (next as? [String: Any])?["timestamp"].map { "\($0)" } ?? "none"
                #expect(answer.headers["liverules-next-update"] == header, "\(pack)/\(name)")
                let line = try ServeFixtures.line(pack, name)
                let pushed = try await server.post("/v1/\(pack)/payload?nextUpdate=true", line)
                let written = try ServeCLI.batch(server.rules.appendingPathComponent(pack), line + "\n", options: ["--next-update"])
                #expect(pushed.status == 200 && pushed.body == written.output, "\(pack)/\(name)")
                #expect(pushed.headers["liverules-next-update"] == header, "\(pack)/\(name): the same moment")
            }
        }
        let plain = try await server.post("/v1/match/present", try ServeFixtures.fixture("match", try ServeFixtures.names("match")[0]))
        #expect(plain.headers["liverules-next-update"] == nil)
        let wrong = try await server.post("/v1/match/present?nextUpdate=yes", try ServeFixtures.fixture("match", try ServeFixtures.names("match")[0]))
        #expect(wrong.status == 400 && wrong.body.contains("'nextUpdate' must be true or false, got 'yes'"), "\(wrong.body)")
    }

    @Test func batchAnswersWhatTheBatchWritesLineForLine() async throws {
        let server = try await RunningServer(packs: ["match"])
        var lines = try ServeFixtures.names("match").map { try ServeFixtures.line("match", $0, ["id": $0]) }
        lines.insert("{\"now\": ", at: 3)
        lines.insert("", at: 5)
        lines.insert(try ServeFixtures.line("match", "after-full-time", ["event": "sideways"]), at: 7)
        lines.insert(#"{"now": "2026-05-16T16:15:00Z", "attributes": {}, "state": {"status": "finished"}}"#, at: 9)
        let body = lines.joined(separator: "\n") + "\n"
        let answer = try await server.post("/v1/match/batch?event=start", body)
        let written = try ServeCLI.batch(server.rules.appendingPathComponent("match"), body, options: ["--event", "start"])
        #expect(written.status == 1, "the CLI fails for the bad lines")
        #expect(answer.status == 200)
        #expect(answer.headers["content-type"] == "application/x-ndjson")
        #expect(answer.body == written.output)
        let output = answer.body.split(separator: "\n")
        #expect(output.count == lines.count - 1, "one line out per line in, the blank one skipped")
        #expect(output.filter { $0.hasPrefix("{\"error\":") }.count == 3)
    }

    /// Output lines arrive while the body is still being sent: each as soon as its line is in.
    @Test func batchStreamsEachLineAsItsInputArrives() async throws {
        let server = try await RunningServer(packs: ["match"])
        let request = try StreamingRequest(port: server.port, "/v1/match/batch")
        let first = try ServeFixtures.line("match", "after-full-time", ["id": "a"])
        try request.send(chunk: first + "\n")
        #expect(await request.wait { $0.hasSuffix("\n") && $0.contains("\"id\":\"a\"") })
        try request.send(chunk: "not json\n")
        #expect(await request.wait { $0.split(separator: "\n").count == 2 })
        try request.send(chunk: try ServeFixtures.line("match", "glyph-live-0-0", ["id": "c"]))
        try request.end()
        let answer = try await request.response()
        let written = try ServeCLI.batch(server.rules.appendingPathComponent("match"),
                                         first + "\nnot json\n" + (try ServeFixtures.line("match", "glyph-live-0-0", ["id": "c"])))
        #expect(answer.status == 200)
        #expect(answer.body == written.output)
    }

    /// A client that asks whether to send its body (`Expect: 100-continue`, as curl does for large
    /// uploads) is told to at once, and then answered as usual.
    @Test func aClientWaitingForContinueIsToldToSendItsBody() async throws {
        let server = try await RunningServer(packs: ["match"])
        let body = try ServeFixtures.good()
        let request = try StreamingRequest(port: server.port, "/v1/match/present", length: body.utf8.count, headers: ["Expect": "100-continue"])
        #expect(await request.wait(until: { _ in request.raw.hasPrefix("HTTP/1.1 100 Continue\r\n\r\n") }), "\(request.raw)")
        try request.send(raw: body)
        let answer = try await request.response()
        #expect(answer.status == 200)
        #expect(answer.body == (try await server.post("/v1/match/present", body)).body)
    }

    @Test func healthNamesEachPacksVersionAndMetricsCountWhatHappened() async throws {
        let server = try await RunningServer()
        let health = try await server.request("GET", "/health")
        #expect(health.status == 200)
        #expect(health.json["status"] as? String == "ok")
        let packs = try #require(health.json["packs"] as? [[String: Any]])
        #expect(packs.compactMap { $0["pack"] as? String }.sorted() == ServeFixtures.packs.sorted())
        #expect(packs.allSatisfy { ($0["hash"] as? String)?.isEmpty == false && $0["serving"] as? Bool == true })

        let good = try ServeFixtures.good()
        for _ in 0..<3 { #expect(try await server.post("/v1/match/present", good).status == 200) }
        #expect(try await server.post("/v1/match/present", "{").status == 400)
        #expect(try await server.post("/v1/match/present", #"{"now": "2026-05-16T16:15:00Z"}"#).status == 422)
        #expect(try await server.post("/v1/nope/present", good).status == 404)
        #expect(try await server.post("/v1/meetings/payload", try ServeFixtures.line("meetings", try ServeFixtures.names("meetings")[0])).status == 200)
        let batch = try ServeFixtures.line("match", "after-full-time") + "\n" + "[]\n" + (try ServeFixtures.line("match", "glyph-live-0-0")) + "\n"
        #expect(try await server.post("/v1/match/batch", batch).status == 200)

        let metrics = try await server.request("GET", "/metrics")
        #expect(metrics.status == 200)
        #expect(metrics.headers["content-type"] == "text/plain; version=0.0.4; charset=utf-8")
        let exposition = try PrometheusExposition(metrics.body)
        #expect(exposition[#"liverules_presentations_total{pack="match",route="present"}"#] == 3)
        #expect(exposition[#"liverules_presentations_total{pack="meetings",route="payload"}"#] == 1)
        #expect(exposition[#"liverules_presentations_total{pack="match",route="batch"}"#] == 2)
        #expect(exposition[#"liverules_errors_total{kind="json"}"#] == 1)
        #expect(exposition[#"liverules_errors_total{kind="schema"}"#] == 2, "the present and the batch line")
        #expect(exposition[#"liverules_errors_total{kind="unknown_pack"}"#] == 1)
        #expect(exposition[#"liverules_request_duration_seconds_count{route="present"}"#] == 6, "the unknown pack too")
        #expect(exposition[#"liverules_request_duration_seconds_bucket{route="present",le="+Inf"}"#] == 6)
        #expect(exposition[#"liverules_request_duration_seconds_count{route="batch"}"#] == 1)
        #expect(exposition.types["liverules_request_duration_seconds"] == "histogram")
        for pack in packs {
            let (path, name, hash) = (pack["path"] as? String ?? "", pack["pack"] as? String ?? "", pack["hash"] as? String ?? "")
            let version = pack["version"] as? String ?? ""
            #expect(exposition[#"liverules_pack_info{path="\#(path)",pack="\#(name)",version="\#(version)",hash="\#(hash)"}"#] == 1)
            #expect(exposition[#"liverules_pack_serving{path="\#(path)"}"#] == 1)
            #expect(exposition[#"liverules_reloads_total{path="\#(path)",outcome="accepted"}"#] == 1)
            #expect(exposition[#"liverules_reloads_total{path="\#(path)",outcome="refused"}"#] == 0)
        }
    }
}
#endif
