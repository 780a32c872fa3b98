import CLua
import BenchmarkSupport
import CLuaShim
import Foundation
import LiveRules
import LiveRulesExamples

/// The work of `Presenter.present` for the meetings pack, written by hand against the raw C
/// API: a plain state with the standard libraries, the same rule files and helper modules
/// (through stock `require`), the state pushed field by field, the five rules called in order
/// and the presentation read back field by field. No schema check, no read-only views, no
/// budgets, no sandbox: the limit the host is measured against.
final class RawPresentationPath {
    private let L: OpaquePointer
    private var rules: [lua_Integer] = []

    init(pack: URL, helpers: URL) {
        L = luaL_newstate()
        luaL_openlibs(L)
        run("package.path = '\(pack.path)/?.lua;\(helpers.path)/?.lua'")
        lua_getglobal(L, "require")
        pushString("liverules.time")
        precondition(lua_pcallk(L, 1, 1, 0, 0, nil) == LUA_OK)
        lua_pushcclosure(L, rawClock, 0)
        lua_setfield(L, -2, "clock")
        lrs_pop(L, 1)
        for stage in RuleStage.allCases {
            precondition(luaL_loadfilex(L, pack.appendingPathComponent("\(stage.rawValue).lua").path, "t") == LUA_OK)
            precondition(lua_pcallk(L, 0, 1, 0, 0, nil) == LUA_OK)
            rules.append(lua_Integer(luaL_ref(L, lrs_registryindex())))
        }
    }

    deinit { lua_close(L) }

    /// One presentation: push the input, run phase, badge, relevance, layout and palette.
    func present(_ attributes: MeetingsAttributes, _ state: MeetingsContentState, now: Double, previous: String?) -> Presentation {
        lua_createtable(L, 0, 6)                       // input
        let input = lua_gettop(L)
        lua_createtable(L, 0, 1)
        setRawField(L, "timeZone", attributes.timeZone)
        lua_setfield(L, input, "attributes")
        pushRawMeetings(L, state)
        lua_setfield(L, input, "state")
        lua_pushnumber(L, now)
        lua_setfield(L, input, "now")
        if let previous { pushString(previous); lua_setfield(L, input, "previous") }
        call(0, input, results: 2)                     // phase, facts
        lua_setfield(L, input, "facts")
        let phase = string(at: -1)
        lua_setfield(L, input, "phase")
        call(1, input, results: 1)
        let badge = Badge(text: field("text"), tone: Tone(rawValue: field("tone"))!)
        lrs_pop(L, 1)
        call(2, input, results: 1)
        lua_getfield(L, -1, "score")
        lua_getfield(L, -2, "alert")
        let relevance = Relevance(score: lua_tonumberx(L, -2, nil), alert: lua_toboolean(L, -1) != 0)
        lrs_pop(L, 3)
        call(3, input, results: 1)
        var layout: [Placement: PlacementLayout] = [:]
        for placement in Placement.allCases {
            lua_getfield(L, -1, placement.rawValue)
            layout[placement] = PlacementLayout(fields: list("fields") { LayoutField(id: field("id"), text: field("text")) },
                                                dropped: list("dropped") { string(at: -1) })
            lrs_pop(L, 1)
        }
        lrs_pop(L, 1)
        call(4, input, results: 1)
        let palette = Palette(light: appearance("light"), dark: appearance("dark"), standByNight: appearance("standByNight"))
        lrs_pop(L, 2)
        return Presentation(phase: phase, badge: badge, relevance: relevance, layout: layout, palette: palette)
    }

    /// Calls rule `index` with the input at `input`. [-0, +results]
    private func call(_ index: Int, _ input: Int32, results: Int32) {
        lua_rawgeti(L, lrs_registryindex(), rules[index])
        lua_pushvalue(L, input)
        precondition(lua_pcallk(L, 1, results, 0, 0, nil) == LUA_OK, string(at: -1))
    }

    /// The sequence in field `name` of the table on top, each element read by `read` with the
    /// element on top.
    private func list<T>(_ name: String, _ read: () -> T) -> [T] {
        lua_getfield(L, -1, name)
        defer { lrs_pop(L, 1) }
        let count = lua_rawlen(L, -1)
        var items: [T] = []
        items.reserveCapacity(Int(count))
        for index in stride(from: 1, through: count, by: 1) {
            lua_rawgeti(L, -1, lua_Integer(index))
            items.append(read())
            lrs_pop(L, 1)
        }
        return items
    }

    private func appearance(_ name: String) -> Appearance {
        lua_getfield(L, -1, name)
        defer { lrs_pop(L, 1) }
        lua_getfield(L, -1, "fallback")
        let fallback = lua_type(L, -1) == LUA_TSTRING ? string(at: -1) : nil
        lrs_pop(L, 1)
        return Appearance(background: colour("background"), foreground: colour("foreground"), accent: colour("accent"), fallback: fallback)
    }

    private func colour(_ name: String) -> Colour {
        let text = field(name)
        guard let colour = Colour(hex: text) else { preconditionFailure("\(name): not a colour: \(text)") }
        return colour
    }

    private func run(_ source: String) {
        precondition(luaL_loadstring(L, source) == LUA_OK)
        precondition(lua_pcallk(L, 0, 0, 0, 0, nil) == LUA_OK)
    }

    private func pushString(_ value: String) {
        var value = value
        value.withUTF8 { _ = lua_pushlstring(L, $0.baseAddress, $0.count) }
    }


    private func field(_ name: String) -> String {
        lua_getfield(L, -1, name)
        defer { lrs_pop(L, 1) }
        return string(at: -1)
    }

    private func string(at index: Int32) -> String {
        var length = 0
        let pointer = lua_tolstring(L, index, &length)
        return String(decoding: UnsafeRawBufferPointer(start: pointer, count: length), as: UTF8.self)
    }
}

/// time.clock(date, zone) for the raw path: "HH:mm" in an IANA zone.
private let rawClock: lua_CFunction = { L in
    guard let L else { return 0 }
    let seconds = lua_tonumberx(L, 1, nil)
    var length = 0
    let name = String(cString: lua_tolstring(L, 2, &length))
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: name) ?? .gmt
    let parts = calendar.dateComponents([.hour, .minute], from: Date(timeIntervalSince1970: seconds.rounded(.down)))
    _ = lua_pushstring(L, String(format: "%02d:%02d", parts.hour ?? 0, parts.minute ?? 0))
    return 1
}
