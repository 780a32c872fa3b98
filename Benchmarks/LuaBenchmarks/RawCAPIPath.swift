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

    /// The day pushed (and dropped) the way a careful hand would write it: literal keys (Lua
    /// caches their strings by address), values' bytes in place, no C-string copies. What is left
    /// is Lua's own table building. Returns the number of meetings pushed.
    func pushTuned(_ day: MeetingsContentState) -> Int {
        lua_createtable(L, 0, 2)
        lua_createtable(L, Int32(day.meetings.count), 0)
        day.meetings.withUnsafeBufferPointer { meetings in
            for index in meetings.indices {
                let meeting = meetings[index]
                lua_createtable(L, 0, 6)
                pushBytes(meeting.id)
                lua_setfield(L, -2, "id")
                pushBytes(meeting.title)
                lua_setfield(L, -2, "title")
                lua_pushnumber(L, meeting.start.timeIntervalSince1970)
                lua_setfield(L, -2, "start")
                lua_pushnumber(L, meeting.end.timeIntervalSince1970)
                lua_setfield(L, -2, "end")
                if let location = meeting.location {
                    pushBytes(location)
                    lua_setfield(L, -2, "location")
                }
                if let color = meeting.calendarColor {
                    pushBytes(color)
                    lua_setfield(L, -2, "calendarColor")
                }
                lua_rawseti(L, -2, lua_Integer(index + 1))
            }
        }
        lua_setfield(L, -2, "meetings")
        if let notice = day.lateNotice {
            lua_createtable(L, 0, 3)
            pushBytes(notice.meetingId)
            lua_setfield(L, -2, "meetingId")
            lua_pushnumber(L, notice.sentAt.timeIntervalSince1970)
            lua_setfield(L, -2, "sentAt")
            pushBytes(notice.channel)
            lua_setfield(L, -2, "channel")
            lua_setfield(L, -2, "lateNotice")
        }
        lua_getfield(L, -1, "meetings")
        defer { lrs_pop(L, 2) }
        return Int(lua_rawlen(L, -1))
    }

    /// Pushes a string's bytes, in place. [-0, +1]
    private func pushBytes(_ text: String) {
        var text = text
        text.withUTF8 { _ = lua_pushlstring(L, $0.baseAddress, $0.count) }
    }

    private func field(_ name: String) -> String {
        lua_getfield(L, -1, name)
        defer { lrs_pop(L, 1) }
        var length = 0
        let pointer = lua_tolstring(L, -1, &length)
        return String(decoding: UnsafeRawBufferPointer(start: pointer, count: length), as: UTF8.self)
    }
}
