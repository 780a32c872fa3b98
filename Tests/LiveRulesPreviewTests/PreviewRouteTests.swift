#if Studio
import Foundation
import HTTPTestSupport
import Testing

/// The studio's routes over real HTTP against a running `liverules preview`.
@Suite(.serialized) struct PreviewRouteTests {
    @Test func servesThePageWithItsTokenAndItsAssets() async throws {
        let running = try await RunningStudio()
        defer { running.stop() }
        let page = try await running.request("GET", "/")
        #expect(page.status == 200)
        #expect(page.headers["content-type"] == "text/html; charset=utf-8")
        #expect(running.token.count == 64 && running.token.allSatisfy(\.isHexDigit))
        #expect(page.headers["content-security-policy"]?.contains("default-src 'self'") == true)
        #expect(!page.body.contains("http://") && !page.body.contains("https://"), "the page loads nothing from elsewhere")
        let script = try await running.request("GET", "/studio.js")
        #expect(script.status == 200)
        #expect(script.headers["content-type"]?.hasPrefix("text/javascript") == true)
        #expect(script.body.contains("EventSource(\"/api/events?token=\""))
        #expect(try await running.request("GET", "/studio.css").status == 200)
        #expect(try await running.request("GET", "/missing.js").status == 404)
        let other = try await RunningStudio()
        defer { other.stop() }
        #expect(other.token != running.token, "every server makes its own token")
    }

    @Test func servesEveryCaseWithItsSurfacesAndGoldenStatus() async throws {
        let running = try await RunningStudio()
        defer { running.stop() }
        let response = try await running.api("GET", "/api/studio")
        #expect(response.status == 200)
        let snapshot = response.json
        let surfaces = (snapshot["surfaces"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String }
        #expect(surfaces == ["islandCompact", "islandMinimal", "islandExpanded", "lockScreen", "standBy", "watchSmartStack", "androidOngoing"])
        let lockScreen = (snapshot["surfaces"] as? [[String: Any]])?.first { $0["id"] as? String == "lockScreen" }
        #expect((lockScreen?["width"] as? [String: Double]) == ["393": 343, "430": 380])
        let slotWidths = ((lockScreen?["placements"] as? [[String: Any]])?.first?["slots"] as? [[String: Any]])?.compactMap { $0["width"] as? [String: Double] }
        #expect(slotWidths == [["393": 285, "430": 322], ["393": 335, "430": 372]], "the slots are the placement budgets'")
        let packs = snapshot["packs"] as? [[String: Any]] ?? []
        #expect(packs.count == 1)
        let cases = packs.first?["cases"] as? [[String: Any]] ?? []
        let fixtures = try FileManager.default.contentsOfDirectory(atPath: running.rules.path + "/meetings/fixtures")
        #expect(cases.count == fixtures.count)
        #expect(cases.allSatisfy { $0["status"] as? String == "unchanged" })
        let combo = cases.first { $0["id"] as? String == "meetings/combo-back-to-back-5-min" }
        let presentation = combo?["presentation"] as? [String: Any]
        #expect(presentation?["phase"] as? String == "combo")
        #expect((presentation?["badge"] as? [String: Any])?["tone"] as? String == "green")
        let layout = presentation?["layout"] as? [String: [String: Any]]
        let android = (layout?["androidOngoing"]?["fields"] as? [[String: Any]])?.first
        #expect(android?["slot"] as? String == "title" && android?["line"] as? Int == 1, "Android's first field is drawn in its lead slot")
        // Each field's box: the width it takes on its line, as the rules measured it.
        let measures = combo?["measures"] as? [String: [Double]]
        #expect(measures?["lockScreen"]?.count == (layout?["lockScreen"]?["fields"] as? [Any])?.count)
        #expect(measures?["islandMinimal"] == [28.67], "a progress takes its slot's width")
        let path = try await running.packPath()
        let one = try await running.api("GET", "/api/studio?pack=" + path.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!)
        #expect((one.json["packs"] as? [Any])?.count == 1)
        #expect((try await running.api("GET", "/api/studio?pack=nowhere").json["packs"] as? [Any])?.count == 0)
    }

    /// A promise broken on an explored state shows as a case of its own, `explored`: its smallest
    /// state as the fixture, drawn on every surface, with the promise and why as its problems.
    @Test func servesPromisesBrokenOnExploredStatesAsCases() async throws {
        let running = try await RunningStudio(edits: ["meetings/promises.lua": { text in
            text.replacingOccurrences(of: "placements = \"islandMinimal\", shows = \"startTime\" },",
                                      with: "placements = \"islandMinimal\", shows = \"badge\" },")
        }])
        defer { running.stop() }
        // The cases come first; the explored ones follow, once found, as a change of their own.
        let found = try await running.waitForCase("meetings/explored-promise-1") { _ in true }
        let explored = try #require(found?.case)
        let cases = ((try await running.api("GET", "/api/studio")).json["packs"] as? [[String: Any]])?.first?["cases"] as? [[String: Any]] ?? []
        #expect(explored["status"] as? String == "explored" && explored["golden"] == nil)
        let problems = explored["problems"] as? [String] ?? []
        // Files are named as the studio names the pack (here by the absolute path it was given).
        #expect(problems.first?.hasPrefix(running.rules.path + "/meetings/promises.lua:") == true
                && problems.first?.hasSuffix("promise in islandMinimal: badge is not shown") == true, "\(problems)")
        #expect(problems.contains { $0.hasPrefix("why: " + running.rules.path + "/meetings/layout.lua:") }, "\(problems)")
        #expect(((explored["presentation"] as? [String: Any])?["phase"] as? String) == "upcoming")
        let fixture = try JSONSerialization.jsonObject(with: Data((explored["fixture"] as? String ?? "").utf8)) as? [String: Any]
        #expect((fixture?["description"] as? String)?.contains("breaks promise in islandMinimal") == true, "\(fixture ?? [:])")
        // The fixtures' own cases are all still there, unchanged.
        let fixtures = try FileManager.default.contentsOfDirectory(atPath: running.rules.path + "/meetings/fixtures")
        #expect(cases.filter { $0["status"] as? String == "unchanged" }.count == fixtures.count)
    }

    @Test func refusesStateChangesWithoutTheToken() async throws {
        let running = try await RunningStudio()
        defer { running.stop() }
        let body = #"{"pack": "\#(try await running.packPath())", "case": "meetings/done"}"#
        let missing = try await running.request("POST", "/api/accept", body: body)
        #expect(missing.status == 403)
        #expect((missing.json["error"] as? String)?.contains("X-LiveRules-Token") == true)
        let wrong = try await running.request("POST", "/api/reject", headers: ["X-LiveRules-Token": String(repeating: "0", count: 64)], body: body)
        #expect(wrong.status == 403)
        let short = try await running.request("POST", "/api/accept", headers: ["X-LiveRules-Token": String(running.token.prefix(10))], body: body)
        #expect(short.status == 403)
    }

    @Test func refusesTraversalForeignHostsAndLargeBodies() async throws {
        let running = try await RunningStudio()
        defer { running.stop() }
        let token = ["X-LiveRules-Token": running.token]
        let pack = try await running.packPath()
        for target in ["/../../etc/passwd", "/%2e%2e/%2e%2e/etc/passwd", "/..%2f..%2fetc%2fpasswd", "/api/../../etc/passwd"] {
            let response = try await running.api("GET", target)
            #expect([400, 404].contains(response.status), "\(target): \(response.status)")
            #expect(!response.body.contains("root:"))
        }
        for name in ["meetings/../../../../etc/passwd", "../golden/done", "meetings/done.json/../../pack"] {
            let response = try await running.request("POST", "/api/accept", headers: token, body: #"{"pack": "\#(pack)", "case": "\#(name)"}"#)
            #expect(response.status == 404, "\(name): \(response.status)")
        }
        let otherPack = try await running.request("POST", "/api/accept", headers: token, body: #"{"pack": "/etc", "case": "meetings/done"}"#)
        #expect(otherPack.status == 404)
        let rebound = try await HTTPTestClient.request(port: running.port, "GET", "/", host: "attacker.example:\(running.port)")
        #expect(rebound.status == 421)
        #expect(!rebound.body.contains(running.token))
        let large = try await running.request("POST", "/api/accept", headers: token, body: String(repeating: "x", count: 64 * 1024 + 1))
        #expect(large.status == 413)
        let malformed = try await running.request("POST", "/api/accept", headers: token, body: "{")
        #expect(malformed.status == 400)
    }

    @Test func acceptWritesTheGoldenAndRejectKeepsIt() async throws {
        let running = try await RunningStudio()
        defer { running.stop() }
        let token = ["X-LiveRules-Token": running.token]
        let pack = try await running.packPath()
        let golden = running.rules.appendingPathComponent("meetings/golden/done.json")
        let original = try String(contentsOf: golden, encoding: .utf8)
        try original.replacingOccurrences(of: "\"phase\": \"done\"", with: "\"phase\": \"upcoming\"").write(to: golden, atomically: true, encoding: .utf8)
        let changed = try #require(await running.waitForCase("meetings/done") { $0["status"] as? String == "changed" }).case
        #expect(changed["problems"] as? [String] == [#"phase: "upcoming" → "done""#])

        let stale = try await running.request("POST", "/api/accept", headers: token,
                                              body: #"{"pack": "\#(pack)", "case": "meetings/done", "current": "something else"}"#)
        #expect(stale.status == 409)
        #expect(try String(contentsOf: golden, encoding: .utf8) != original, "a refused accept writes nothing")

        let rejected = try await running.request("POST", "/api/reject", headers: token, body: #"{"pack": "\#(pack)", "case": "meetings/done"}"#)
        #expect(rejected.status == 200)
        #expect(try String(contentsOf: golden, encoding: .utf8) != original, "reject keeps the golden")

        let current = try #require(changed["current"] as? String)
        let body = String(decoding: try JSONSerialization.data(withJSONObject: ["pack": pack, "case": "meetings/done", "current": current]), as: UTF8.self)
        let accepted = try await running.request("POST", "/api/accept", headers: token, body: body)
        #expect(accepted.status == 200)
        #expect(accepted.json["status"] as? String == "unchanged")
        #expect(try String(contentsOf: golden, encoding: .utf8) == original)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: running.rules.path + "/meetings/golden").filter { $0.hasSuffix(".new") }
        #expect(leftovers.isEmpty)
        let again = try await running.request("POST", "/api/accept", headers: token, body: body)
        #expect(again.status == 409, "nothing left to accept")
    }

    @Test func acceptWritesANewGoldenAndRejectDeletesAPendingOne() async throws {
        let running = try await RunningStudio()
        defer { running.stop() }
        let token = ["X-LiveRules-Token": running.token]
        let pack = try await running.packPath()
        let goldens = running.rules.appendingPathComponent("meetings/golden")
        let golden = goldens.appendingPathComponent("countdown-last.json")
        let original = try String(contentsOf: golden, encoding: .utf8)
        try FileManager.default.removeItem(at: golden)
        #expect(try await running.waitForCase("meetings/countdown-last") { $0["status"] as? String == "new" } != nil)
        let accepted = try await running.request("POST", "/api/accept", headers: token, body: #"{"pack": "\#(pack)", "case": "meetings/countdown-last"}"#)
        #expect(accepted.status == 200)
        #expect(try String(contentsOf: golden, encoding: .utf8) == original)

        let pending = goldens.appendingPathComponent("done.json.new")
        let revision = try await running.revision()
        try "{}\n".write(to: pending, atomically: true, encoding: .utf8)
        #expect(try await running.waitForRevision(after: revision))
        let rejected = try await running.request("POST", "/api/reject", headers: token, body: #"{"pack": "\#(pack)", "case": "meetings/done"}"#)
        #expect(rejected.status == 200)
        #expect(!FileManager.default.fileExists(atPath: pending.path))
        #expect(FileManager.default.fileExists(atPath: goldens.appendingPathComponent("done.json").path))
    }

    @Test func refusesDecisionsWhenCIIsSet() async throws {
        let running = try await RunningStudio(ci: true)
        defer { running.stop() }
        let golden = running.rules.appendingPathComponent("meetings/golden/done.json")
        try FileManager.default.removeItem(at: golden)
        let response = try await running.request("POST", "/api/accept", headers: ["X-LiveRules-Token": running.token],
                                                 body: #"{"pack": "\#(try await running.packPath())", "case": "meetings/done"}"#)
        #expect(response.status == 403)
        #expect((response.json["error"] as? String)?.contains("CI") == true)
        #expect(!FileManager.default.fileExists(atPath: golden.path))
        #expect(try await running.snapshot()["readOnly"] as? Bool == true)
    }

    @Test func servesATimeline() async throws {
        let running = try await RunningStudio()
        defer { running.stop() }
        let query = "pack=\(try await running.packPath().addingPercentEncoding(withAllowedCharacters: .alphanumerics)!)&case=meetings%2Fcombo-back-to-back-5-min"
        let response = try await running.api("GET", "/api/timeline?" + query)
        #expect(response.status == 200)
        let moments = response.json["moments"] as? [[String: Any]] ?? []
        #expect(response.json["steps"] as? Int == 391)
        #expect(response.json["presented"] as? Int == 391)
        #expect(response.json["stopped"] is NSNull)
        #expect(moments.first?["now"] as? String == "2026-03-02T08:00:00Z")
        #expect(moments.contains { $0["now"] as? String == "2026-03-02T10:20:00Z" && ($0["presentation"] as? [String: Any])?["phase"] as? String == "combo" })
        let fields = moments.compactMap { ($0["presentation"] as? [String: Any])?["layout"] as? [String: [String: Any]] }
            .flatMap { $0.values.flatMap { $0["fields"] as? [[String: Any]] ?? [] } }
        #expect(!fields.isEmpty && fields.allSatisfy { $0["slot"] is String && $0["line"] is Int }, "each field says where it is drawn")
        #expect(try await running.api("GET", "/api/timeline?" + query + "&step=0").status == 400)
        #expect(try await running.api("GET", "/api/timeline?" + query + "&from=yesterday").status == 400)
        #expect(try await running.api("GET", "/api/timeline?pack=x&case=y").status == 404)
    }

    @Test func drawsEachCaseAtItsStaleDateAndShowsWhenTheRulesFailThere() async throws {
        let running = try await RunningStudio(packs: ["match"])
        defer { running.stop() }
        let live = try await running.studioCase("match/live-67-min")
        let stale = live?["stale"] as? [String: Any]
        #expect((stale?["presentation"] as? [String: Any])?["phase"] as? String == "stale")
        #expect(stale?["problems"] as? [String] == [])
        // A badge that fails only at that case's stale date (2026-05-16T15:15:00Z), a moment no
        // fixture is at: the reloader activates it, and only the stale rendering fails.
        let badge = running.rules.appendingPathComponent("match/badge.lua")
        try String(contentsOf: badge, encoding: .utf8)
            .replacingOccurrences(of: "return function(input)\n", with: "return function(input)\n  if input.now == 1778944500 then error(\"no stale badge\") end\n")
            .write(to: badge, atomically: true, encoding: .utf8)
        let failing = try await running.waitForCase("match/live-67-min") {
            ($0["stale"] as? [String: Any])?["presentation"] == nil
        }?.case["stale"] as? [String: Any]
        #expect(failing != nil)
        #expect((failing?["problems"] as? [String])?.first?.contains("match/badge.lua:8:") == true, "\(failing ?? [:])")
        #expect((failing?["problems"] as? [String])?.first?.contains("no stale badge") == true)
    }
}
#endif
