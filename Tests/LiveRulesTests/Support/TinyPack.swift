import Foundation
import TestPacks

/// A small pack whose every output names its version `k`: the badge reads `v<k>`, every
/// placement shows `v<k>:<n>` and the score is `k % 100`. Fast to present, so tests can run
/// many presentations; its versions are told apart by content.
enum TinyPack {
    enum Breakage {
        case syntax, runtimeAtLoad
    }

    static func files(version k: Int, broken: Breakage? = nil) -> [String: String] {
        var badge = "return function(input) return { text = \"v\(k)\", tone = \"neutral\" } end\n"
        switch broken {
        case .syntax: badge = "return function(input) return { text = \"v\(k)\"\n"
        case .runtimeAtLoad: badge = "error(\"v\(k) breaks at load\")\n"
        case nil: break
        }
        return [
            "pack.json": """
                {
                  "name": "tiny", "version": "1.0.\(k)", "hostAPI": 1,
                  "schema": { "attributes": "TinyAttributes", "state": "TinyState",
                              "types": { "TinyAttributes": {}, "TinyState": { "n": "integer" } } },
                  "phases": ["on"],
                  "rules": { "phase": "phase.lua", "badge": "badge.lua", "relevance": "relevance.lua",
                             "layout": "layout.lua", "palette": "palette.lua" },
                  "fields": ["value"]
                }
                """,
            "phase.lua": "return function(input) return \"on\" end\n",
            "badge.lua": badge,
            "relevance.lua": "return function(input) return { score = \(k % 100), alert = false } end\n",
            "layout.lua": """
                local placements = require "liverules.placements"
                return function(input)
                  local layout = {}
                  for _, id in ipairs(placements.ids) do
                    layout[id] = { fields = { { id = "value", text = "v\(k):" .. input.state.n } }, dropped = {} }
                  end
                  return layout
                end
                """,
            "palette.lua": """
                local look = { background = "#000000", foreground = "#FFFFFF", accent = "#0A84FF" }
                return function(input) return { light = look, dark = look, standByNight = look } end
                """,
            "fixtures/one.json": "{\"now\": \"2026-03-02T09:00:00Z\", \"attributes\": {}, \"state\": {\"n\": 1}}\n",
        ]
    }

    /// Writes the files of version `k` into `folder` (each by a temp file and a rename, as
    /// editors save).
    static func write(version k: Int, broken: Breakage? = nil, to folder: URL) throws {
        for (path, text) in files(version: k, broken: broken) {
            let url = folder.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url, options: .atomic)
        }
    }

    /// A fresh temporary folder of packs holding `tiny` at version `k`; returns the root.
    static func folder(version k: Int) throws -> URL {
        let root = TemporaryFolder.path("tiny")
        try write(version: k, to: root.appendingPathComponent("tiny"))
        return root
    }

    struct Attributes: Codable {}
    struct State: Codable { var n: Int }
}
