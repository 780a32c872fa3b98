import LiveRulesTooling
import Testing

/// luacheck's standard for rules is the sandbox's globals, read from a real state.
@Suite struct LuacheckStandardTests {
    @Test func itHoldsWhatRulesCanReachAndNothingElse() throws {
        let standard = try LuacheckStandard.sandbox()
        for name in ["require", "pairs", "ipairs", "tostring", "error", "pcall", "string", "table", "math", "utf8"] {
            #expect(standard.globals[name] != nil, "\(name)")
        }
        for name in ["io", "os", "debug", "package", "load", "loadfile", "dofile", "coroutine", "warn"] {
            #expect(standard.globals[name] == nil, "\(name)")
        }
        #expect(standard.globals["string"]?.contains("format") == true)
        #expect(standard.globals["string"]?.contains("dump") == false)
        #expect(standard.globals["math"]?.contains("floor") == true)
        #expect(standard.globals["math"]?.contains("random") == false)
        #expect(!standard.globals.keys.contains { $0.hasPrefix("liverules_host_") })
        #expect(standard.configuration.contains("[\"math\"] = { fields = { "))
        #expect(standard.configuration.hasSuffix("std = \"liverules\"\nignore = { \"6\", \"212/input\" }\n"))
    }
}
