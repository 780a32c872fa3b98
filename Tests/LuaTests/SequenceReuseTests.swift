import Lua
import Testing

/// Pushing a changed value with a ``LuaSequenceReuse`` encodes only the sequence elements that
/// changed: the others are the Lua values their place holds from the last push (the same
/// tables), and the whole reads exactly as a fresh encoding.
@Suite struct SequenceReuseTests {
    struct Guest: Codable, Equatable {
        var name: String
    }

    struct Meeting: Codable, Equatable {
        var title: String
        var guests: [Guest] = []
    }

    struct Day: Codable, Equatable {
        var meetings: [Meeting]
        var count: UInt64 = 0
    }

    /// Equal by title, and a class: its elements are never reused.
    final class Note: Codable, Equatable {
        var title: String
        init(title: String) { self.title = title }
        static func == (a: Note, b: Note) -> Bool { a.title == b.title }
    }

    struct Holder<Items: Codable>: Codable {
        var items: Items
    }

    /// A tree that writes itself (as `LuaTreeWriter` values do), the same form as its `Codable`.
    enum Tree: LuaTreeEncodable, Decodable, Equatable {
        case leaf(String)
        case list([Tree])
        case object([String: Tree])

        func write(to writer: LuaTreeWriter) throws(LuaError) {
            switch self {
            case .leaf(let text): writer.string(text)
            case .list(let elements):
                try writer.list(elements, same: ==) { element, writer throws(LuaError) in try element.write(to: writer) }
            case .object(let members):
                try writer.object(count: members.count) { object throws(LuaError) in
                    for (key, value) in members.sorted(by: { $0.key < $1.key }) {
                        try object.member(key) { writer throws(LuaError) in try value.write(to: writer) }
                    }
                }
            }
        }

        func encode(to encoder: any Encoder) throws {
            switch self {
            case .leaf(let text):
                var single = encoder.singleValueContainer()
                try single.encode(text)
            case .list(let elements):
                var list = encoder.unkeyedContainer()
                for element in elements { try list.encode(element) }
            case .object(let members):
                var object = encoder.container(keyedBy: Key.self)
                for (key, value) in members { try object.encode(value, forKey: Key(stringValue: key)) }
            }
        }

        init(from decoder: any Decoder) throws {
            if let text = try? decoder.singleValueContainer().decode(String.self) {
                self = .leaf(text)
            } else if let elements = try? decoder.singleValueContainer().decode([Tree].self) {
                self = .list(elements)
            } else {
                let object = try decoder.container(keyedBy: Key.self)
                self = .object(Dictionary(uniqueKeysWithValues: try object.allKeys.map { ($0.stringValue, try object.decode(Tree.self, forKey: $0)) }))
            }
        }

        struct Key: CodingKey {
            var stringValue: String
            var intValue: Int? { nil }
            init(stringValue: String) { self.stringValue = stringValue }
            init?(intValue: Int) { nil }
        }
    }

    let state: LuaState
    /// same(a, b, path): whether the value at `path` (`t.meetings[2].title`) is the same in a and b.
    let same: LuaRef

    init() throws {
        state = try LuaState()
        same = try state.run("""
            local function get(t, path)
              for key in path:gmatch("[^.%[%]]+") do
                if key ~= "t" then t = t[tonumber(key) or key] end
              end
              return t
            end
            return function(a, b, path) return rawequal(get(a, path), get(b, path)) end
            """, chunkName: "same.lua", returning: LuaRef.self)
    }

    func isSame(_ a: LuaRef, _ b: LuaRef, at path: String) throws -> Bool {
        try state.call(same, a, b, path, returning: Bool.self)
    }

    /// The value `reference` holds, decoded.
    func decode<T: Decodable>(_ type: T.Type, from reference: LuaRef) throws -> T {
        let identity = try state.run("return function(t) return t end", chunkName: "identity.lua", returning: LuaRef.self)
        return try state.call(identity, reference, returning: T.self)
    }

    static let day = Day(meetings: [
        Meeting(title: "Standup", guests: [Guest(name: "Ana"), Guest(name: "Bo")]),
        Meeting(title: "Review", guests: [Guest(name: "Cy")]),
        Meeting(title: "Retro"),
    ])

    @Test func unchangedElementsAreTheTablesPushedLastTime() throws {
        let reuse = LuaSequenceReuse()
        let first = try state.reference(Self.day, reusing: reuse)
        var changed = Self.day
        changed.meetings[1].title = "Design review"
        let second = try state.reference(changed, reusing: reuse)
        #expect(try isSame(first, second, at: "t.meetings[1]"))
        #expect(try !isSame(first, second, at: "t.meetings[2]"))
        #expect(try isSame(first, second, at: "t.meetings[3]"))
        #expect(try !isSame(first, second, at: "t.meetings"))
        // Inside the changed meeting, its unchanged guests are reused at their own place.
        #expect(try isSame(first, second, at: "t.meetings[2].guests[1]"))
        #expect(reuse.reusedCount == 3, "meetings 1 and 3, and the changed meeting's guest")
        #expect(try decode(Day.self, from: second) == changed)
        #expect(try decode(Day.self, from: first) == Self.day)
        #expect(state.stackDepth == 0)
    }

    /// Elements are matched by position: one inserted at the front shifts the others, and only
    /// equal elements at equal positions are reused.
    @Test func elementsAreReusedByPositionAndEquality() throws {
        let reuse = LuaSequenceReuse()
        let first = try state.reference(Self.day, reusing: reuse)
        var shifted = Self.day
        shifted.meetings.insert(Meeting(title: "Breakfast"), at: 0)
        let second = try state.reference(shifted, reusing: reuse)
        for position in 1...3 {
            #expect(try !isSame(first, second, at: "t.meetings[\(position)]"))
        }
        #expect(try decode(Day.self, from: second) == shifted)
        let third = try state.reference(shifted, reusing: reuse)
        for position in 1...4 {
            #expect(try isSame(second, third, at: "t.meetings[\(position)]"))
        }
        var shorter = shifted
        shorter.meetings.removeLast(2)
        let fourth = try state.reference(shorter, reusing: reuse)
        #expect(try decode(Day.self, from: fourth) == shorter)
        #expect(try isSame(third, fourth, at: "t.meetings[2]"))
    }

    /// A reused position holds what its place holds now: a host that replaced an element after
    /// the push gets its replacement back at that place.
    @Test func aReusedElementIsWhatItsPlaceHoldsNow() throws {
        let reuse = LuaSequenceReuse()
        let first = try state.reference(Self.day, reusing: reuse)
        let replace = try state.run("return function(t) t.meetings[3] = { replaced = true } end", chunkName: "replace.lua", returning: LuaRef.self)
        try state.call(replace, first)
        let second = try state.reference(Self.day, reusing: reuse)
        let read = try state.run("return function(t) return t.meetings[3].replaced end", chunkName: "read.lua", returning: LuaRef.self)
        #expect(try state.call(read, second, returning: Bool.self))
    }

    @Test func aFailedPushOrForgetLeavesNothingToReuse() throws {
        let reuse = LuaSequenceReuse()
        let first = try state.reference(Self.day, reusing: reuse)
        var broken = Self.day
        broken.count = .max  // past Int64.max: not a Lua integer
        #expect(throws: LuaError.self) { try state.reference(broken, reusing: reuse) }
        let second = try state.reference(Self.day, reusing: reuse)
        #expect(try !isSame(first, second, at: "t.meetings[1]"))
        let third = try state.reference(Self.day, reusing: reuse)
        #expect(try isSame(second, third, at: "t.meetings[1]"))
        reuse.forget()
        let fourth = try state.reference(Self.day, reusing: reuse)
        #expect(try !isSame(third, fourth, at: "t.meetings[1]"))
        #expect(try decode(Day.self, from: fourth) == Self.day)
        #expect(state.stackDepth == 0)
    }

    /// A reuse is for one state: pushed into another, it reuses nothing there (and the first
    /// state's tables stay its own).
    @Test func anotherStateReusesNothing() throws {
        let reuse = LuaSequenceReuse()
        let other = try LuaState()
        _ = try state.reference(Self.day, reusing: reuse)
        let there = try other.reference(Self.day, reusing: reuse)
        let identity = try other.run("return function(t) return t end", chunkName: "identity.lua", returning: LuaRef.self)
        #expect(try other.call(identity, there, returning: Day.self) == Self.day)
        let first = try state.reference(Self.day, reusing: reuse)
        let second = try state.reference(Self.day, reusing: reuse)
        #expect(try isSame(first, second, at: "t.meetings[1]"))
        #expect(other.stackDepth == 0 && state.stackDepth == 0)
    }

    @Test func classElementsAndElementsOfAnotherTypeAreEncodedAgain() throws {
        let reuse = LuaSequenceReuse()
        let notes = Holder(items: [Note(title: "a")])
        let first = try state.reference(notes, reusing: reuse)
        let second = try state.reference(notes, reusing: reuse)
        #expect(try !isSame(first, second, at: "t.items[1]"))
        let guests = Holder(items: [Guest(name: "a")])
        let third = try state.reference(guests, reusing: reuse)
        let fourth = try state.reference(Holder(items: [Meeting(title: "a")]), reusing: reuse)
        #expect(try !isSame(third, fourth, at: "t.items[1]"))
        #expect(try decode(Holder<[Meeting]>.self, from: fourth).items == [Meeting(title: "a")])
    }

    @Test func listsATreeWritesAreReusedTheSameWay() throws {
        let reuse = LuaSequenceReuse()
        let day = Tree.object(["meetings": .list([
            .object(["title": .leaf("Standup"), "guests": .list([.leaf("Ana"), .object(["name": .leaf("Bo")])])]),
            .object(["title": .leaf("Review"), "guests": .list([.object(["name": .leaf("Cy")])])]),
        ])])
        let first = try state.reference(day, reusing: reuse)
        let changed = Tree.object(["meetings": .list([
            .object(["title": .leaf("Standup"), "guests": .list([.leaf("Ana"), .object(["name": .leaf("Bo")])])]),
            .object(["title": .leaf("Design review"), "guests": .list([.object(["name": .leaf("Cy")])])]),
        ])])
        let second = try state.reference(changed, reusing: reuse)
        #expect(try isSame(first, second, at: "t.meetings[1]"))
        #expect(try !isSame(first, second, at: "t.meetings[2]"))
        #expect(try isSame(first, second, at: "t.meetings[2].guests[1]"))
        #expect(try decode(Tree.self, from: second) == changed)
        // The same tree inside an encoded value: its places start at the value's own.
        let held = try state.reference(Holder(items: [day, changed]), reusing: reuse)
        let again = try state.reference(Holder(items: [changed, changed]), reusing: reuse)
        #expect(try isSame(held, again, at: "t.items[2]"))
        #expect(try isSame(held, again, at: "t.items[1].meetings[1]"))
        #expect(try !isSame(held, again, at: "t.items[1].meetings[2]"))
        #expect(try decode(Holder<[Tree]>.self, from: again).items == [changed, changed])
        #expect(state.stackDepth == 0)
    }
}
