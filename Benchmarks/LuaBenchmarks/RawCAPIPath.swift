import CLua
import BenchmarkSupport
import CLuaShim
import Foundation
import LiveRulesExamples

/// The same work written by hand against the raw C API: a plain state with the standard
/// libraries, fields pushed one by one, results read with lua_getfield. The limit for any
/// binding.
final class RawCAPIPath {
    private let L: OpaquePointer
    private let present: lua_Integer

    init() {
        L = luaL_newstate()
        luaL_openlibs(L)
        let rule = ReferenceWorkload.rule
        precondition(luaL_loadbufferx(L, rule, rule.utf8.count, "=rule", "t") == LUA_OK)
        precondition(lua_pcallk(L, 0, 0, 0, 0, nil) == LUA_OK)
        lua_getglobal(L, "present")
        present = lua_Integer(luaL_ref(L, lrs_registryindex()))
    }

    deinit { lua_close(L) }

    /// One evaluation: push the day and `now`, call, read the presentation.
    func evaluate(_ day: MeetingsContentState, now: Double) -> PhaseSummary {
        lua_rawgeti(L, lrs_registryindex(), present)
        pushRawMeetings(L, day)
        lua_pushnumber(L, now)
        precondition(lua_pcallk(L, 2, 1, 0, 0, nil) == LUA_OK)
        lua_getfield(L, -1, "badge")
        let badge = PhaseSummary.Badge(text: field("text"), tone: field("tone"))
        lrs_pop(L, 1)
        lua_getfield(L, -1, "relevance")
        lua_getfield(L, -1, "score")
        let score = lua_tonumberx(L, -1, nil)
        lua_getfield(L, -2, "alert")
        let alert = lua_toboolean(L, -1) != 0
        lrs_pop(L, 3)
        let presentation = PhaseSummary(
            phase: field("phase"), badge: badge,
            relevance: .init(score: score, alert: alert))
        lrs_pop(L, 1)
        return presentation
    }

    /// Pushes the day and drops it again: the marshaling alone. Returns the table's length.
    func pushOnly(_ day: MeetingsContentState) -> Int {
        pushRawMeetings(L, day)
        defer { lrs_pop(L, 1) }
        return Int(lua_rawlen(L, -1))
    }

    private func field(_ name: String) -> String {
        lua_getfield(L, -1, name)
        defer { lrs_pop(L, 1) }
        var length = 0
        let pointer = lua_tolstring(L, -1, &length)
        return String(decoding: UnsafeRawBufferPointer(start: pointer, count: length), as: UTF8.self)
    }
}
