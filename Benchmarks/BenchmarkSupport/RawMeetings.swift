import CLua
import LiveRulesExamples

/// Pushes a meetings content state as a plain table, field by field with the raw C API: the
/// hand-written marshaling the benchmarks measure the host against. [-0, +1]
public func pushRawMeetings(_ L: OpaquePointer, _ state: MeetingsContentState) {
    lua_createtable(L, 0, 2)
    lua_createtable(L, Int32(state.meetings.count), 0)
    for (index, meeting) in state.meetings.enumerated() {
        lua_createtable(L, 0, 6)
        setRawField(L, "id", meeting.id)
        setRawField(L, "title", meeting.title)
        lua_pushnumber(L, meeting.start.timeIntervalSince1970)
        lua_setfield(L, -2, "start")
        lua_pushnumber(L, meeting.end.timeIntervalSince1970)
        lua_setfield(L, -2, "end")
        if let location = meeting.location { setRawField(L, "location", location) }
        if let color = meeting.calendarColor { setRawField(L, "calendarColor", color) }
        lua_rawseti(L, -2, lua_Integer(index + 1))
    }
    lua_setfield(L, -2, "meetings")
    if let notice = state.lateNotice {
        lua_createtable(L, 0, 3)
        setRawField(L, "meetingId", notice.meetingId)
        lua_pushnumber(L, notice.sentAt.timeIntervalSince1970)
        lua_setfield(L, -2, "sentAt")
        setRawField(L, "channel", notice.channel)
        lua_setfield(L, -2, "lateNotice")
    }
}

/// Sets field `name` of the table on top to a string, bytes as they are. [-0, +0]
public func setRawField(_ L: OpaquePointer, _ name: String, _ value: String) {
    var value = value
    value.withUTF8 { _ = lua_pushlstring(L, $0.baseAddress, $0.count) }
    lua_setfield(L, -2, name)
}
