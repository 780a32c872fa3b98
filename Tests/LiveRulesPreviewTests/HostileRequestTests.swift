#if Studio
import Foundation
import HTTPTestSupport
import Testing

/// The hostile corpus against a running studio, and the API refusing what its own page would
/// not send.
@Suite(.serialized) struct HostileRequestTests {
    @Test func everyHostileRequestIsRefusedWithAClearMessage() async throws {
        let running = try await RunningStudio()
        defer { running.stop() }
        for hostile in HostileRequest.corpus {
            let text = hostile.text.replacingOccurrences(of: "{port}", with: String(running.port))
                .replacingOccurrences(of: "{token}", with: running.token)
            let responses = try await HTTPTestClient.raw(port: running.port, text, count: hostile.answers.count)
            #expect(responses.map(\.status) == hostile.answers, "\(hostile): \(responses.map(\.body))")
            guard let last = responses.last, !hostile.says.isEmpty else { continue }
            let says = hostile.says.replacingOccurrences(of: "{port}", with: String(running.port))
            #expect((last.json["error"] as? String)?.contains(says) == true, "\(hostile): \(last.body)")
            #expect(last.headers["content-type"] == "application/json", "\(hostile)")
            #expect(responses.allSatisfy { !$0.body.contains(running.token) }, "\(hostile): the token never leaves")
        }
        // The same requests, written plainly, are answered: the refusals are about the ambiguity.
        for host in ["127.0.0.1:\(running.port)", "localhost:\(running.port)", "LOCALHOST:\(running.port)", "[::1]:\(running.port)", "127.0.0.1"] {
            let page = try await HTTPTestClient.request(port: running.port, "GET", "/", host: host)
            #expect(page.status == 200, "\(host): \(page.body.prefix(200))")
        }
        let marked = try await running.request("GET", "/studio.css", headers: ["LiveRules-Refusal": "mine"])
        #expect(marked.status == 200, "a client's own refusal field means nothing")
    }

    @Test(arguments: ["/api/studio", "timeline", "/api/events", "/api/accept", "/api/reject"])
    func theAPIRefusesRequestsItsPageWouldNotSend(_ route: String) async throws {
        let running = try await RunningStudio()
        defer { running.stop() }
        let pack = try await running.packPath()
        let target = route == "timeline" ? StudioRuleEdits.timeline(pack: pack, steps: 1) : route
        let method = route.hasSuffix("accept") || route.hasSuffix("reject") ? "POST" : "GET"
        let body = method == "POST" ? #"{"pack": "\#(pack)", "case": "meetings/done"}"# : ""
        let token = ["X-LiveRules-Token": running.token]
        let refusals: [(String, [String: String], String)] = [
            ("no token", [:], "X-LiveRules-Token"),
            ("a wrong token", ["X-LiveRules-Token": String(repeating: "0", count: 64)], "X-LiveRules-Token"),
            ("a token in the query", [:], "X-LiveRules-Token"),
            ("another site's Origin", token.merging(["Origin": "http://attacker.example"]) { $1 }, "other sites"),
            ("an opaque Origin", token.merging(["Origin": "null"]) { $1 }, "other sites"),
            ("the studio's origin on another port", token.merging(["Origin": "http://127.0.0.1:1"]) { $1 }, "other sites"),
            ("a cross-site fetch", token.merging(["Sec-Fetch-Site": "cross-site"]) { $1 }, "other sites"),
            ("a same-site fetch", token.merging(["Sec-Fetch-Site": "same-site"]) { $1 }, "other sites"),
        ]
        for (name, headers, says) in refusals {
            let query = name == "a token in the query" && route != "/api/events" ? (target.contains("?") ? "&" : "?") + "token=\(running.token)" : ""
            let asked = name == "a token in the query" && route == "/api/events" ? target + "?token=" + String(repeating: "0", count: 64) : target + query
            let response = try await running.ask(method, asked, headers: headers, body: body)
            #expect(response.status == 403, "\(route), \(name): \(response.status) \(response.body.prefix(200))")
            #expect((response.json["error"] as? String)?.contains(says) == true, "\(route), \(name): \(response.body.prefix(200))")
            #expect(response.headers["access-control-allow-origin"] == nil)
        }
        let preflight = try await running.ask("OPTIONS", target, headers: [
            "Origin": "http://attacker.example", "Access-Control-Request-Method": method,
            "Access-Control-Request-Headers": "x-liverules-token",
        ])
        #expect(preflight.status == 403, "a browser's preflight from another site is refused: \(preflight.status)")
        #expect(preflight.headers["access-control-allow-origin"] == nil)
        // What the page sends is answered.
        let own = ["Origin": "http://127.0.0.1:\(running.port)", "Sec-Fetch-Site": "same-origin"]
        if route == "/api/events" {
            let events = try EventStreamClient(port: running.port, token: running.token)
            defer { events.close() }
            #expect(await events.arrived("event: hello"))
        } else {
            // Accepting a case that matches its golden is refused by the decision itself.
            let response = try await running.api(method, target, headers: own, body: body)
            #expect(response.status == (route == "/api/accept" ? 409 : 200), "\(route): \(response.status) \(response.body.prefix(200))")
        }
    }

    @Test func thePageOpensFromALinkOnAnotherSite() async throws {
        let running = try await RunningStudio()
        defer { running.stop() }
        let page = try await running.request("GET", "/", headers: ["Sec-Fetch-Site": "cross-site", "Sec-Fetch-Mode": "navigate"])
        #expect(page.status == 200)
        #expect(page.headers["content-security-policy"]?.contains("frame-ancestors 'none'") == true, "but no site can frame it")
    }

    @Test func aRefusedTimelineDoesNoWork() async throws {
        let running = try await RunningStudio(edits: StudioRuleEdits.slow)
        defer { running.stop() }
        let pack = try await running.packPath()
        let refused = try await running.request("GET", StudioRuleEdits.long(pack: pack))
        #expect(refused.status == 403)
        // Had it started, it would hold the studio's only place for timelines for a minute.
        let probe = try await running.api("GET", StudioRuleEdits.timeline(pack: pack, steps: 1))
        #expect(probe.status == 200, "\(probe.body.prefix(200))")
        #expect(!running.log.contains("timeline of"))
    }
}
#endif
