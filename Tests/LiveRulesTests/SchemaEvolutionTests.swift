import Foundation
@testable import LiveRules
import Testing

/// Content-state changes between two versions of a schema, as activities already running on
/// devices see them: each kind found where it happens, and changes their decoder accepts left out.
@Suite struct SchemaEvolutionTests {
    /// A manifest whose state type is `State`, with `types` (JSON members) beside it.
    private func manifest(_ types: String, push: String = "") throws -> PackManifest {
        let text = """
            {"name": "p", "version": "1.0.0", "hostAPI": 1, \(push)
             "schema": {"attributes": "Attributes", "state": "State",
                        "types": {"Attributes": {}, \(types)}},
             "phases": ["on"], "fields": ["value"],
             "rules": {"phase": "a.lua", "badge": "a.lua", "relevance": "a.lua", "layout": "a.lua", "palette": "a.lua"}}
            """
        return try PackManifest.read(Data(text.utf8), displayPath: "pack.json")
    }

    private func changes(from old: String, to new: String) throws -> [SchemaChange] {
        try manifest(new).schema.changes(since: manifest(old).schema)
    }

    private func kinds(from old: String, to new: String) throws -> [String: SchemaChange.Kind] {
        Dictionary(uniqueKeysWithValues: try changes(from: old, to: new).map { ($0.field, $0.kind) })
    }

    @Test func theSameSchemaHasNoChanges() throws {
        let types = #""State": {"a": "string", "b": "date?", "items": "[Item]"}, "Item": {"x": "integer"}"#
        #expect(try changes(from: types, to: types).isEmpty)
    }

    @Test func aNewFieldBreaksOnlyWhenRequired() throws {
        let old = #""State": {"a": "string"}"#
        #expect(try kinds(from: old, to: #""State": {"a": "string", "b": "integer"}"#) == ["b": .addedRequired])
        #expect(try changes(from: old, to: #""State": {"a": "string", "b": "integer?"}"#).isEmpty)
        #expect(try changes(from: old, to: #""State": {"a": "string", "b": "integer"}"#).allSatisfy(\.isBreaking))
    }

    @Test func aRemovedRequiredFieldBreaksAndARemovedOptionalOneWarns() throws {
        let changes = try changes(from: #""State": {"a": "string", "b": "integer", "c": "bool?"}"#,
                                  to: #""State": {"a": "string"}"#)
        #expect(changes.map(\.kind) == [.removed(wasOptional: false), .removed(wasOptional: true)])
        #expect(changes.map(\.field) == ["b", "c"])
        #expect(changes.map(\.isBreaking) == [true, false])
    }

    @Test func renamesAreFoundByATypoOrByTheOnlyFieldOfTheirTypeLeft() throws {
        #expect(try kinds(from: #""State": {"startsAt": "date", "n": "integer"}"#,
                          to: #""State": {"startAt": "date", "n": "integer"}"#) == ["startAt": .renamed(from: "startsAt")])
        #expect(try kinds(from: #""State": {"start": "date", "n": "integer"}"#,
                          to: #""State": {"begin": "date", "n": "integer"}"#) == ["begin": .renamed(from: "start")])
        // Two removed dates and two new ones, none a typo of another: no guess.
        let ambiguous = try kinds(from: #""State": {"start": "date", "end": "date"}"#, to: #""State": {"begin": "date", "finish": "date"}"#)
        #expect(ambiguous == ["begin": .addedRequired, "finish": .addedRequired, "start": .removed(wasOptional: false),
                          "end": .removed(wasOptional: false)])
        // A new field of another type is no rename.
        #expect(try kinds(from: #""State": {"start": "date"}"#, to: #""State": {"begin": "string"}"#)
            == ["begin": .addedRequired, "start": .removed(wasOptional: false)])
    }

    @Test func typeChangesTheOlderDecoderCannotFollowAreReported() throws {
        #expect(try kinds(from: #""State": {"a": "string"}"#, to: #""State": {"a": "integer"}"#)
            == ["a": .typeChanged(from: "string", to: "integer")])
        #expect(try kinds(from: #""State": {"a": "integer"}"#, to: #""State": {"a": "number"}"#)
            == ["a": .typeChanged(from: "integer", to: "number")])
        #expect(try kinds(from: #""State": {"a": "colour"}"#, to: #""State": {"a": "string"}"#)
            == ["a": .typeChanged(from: "colour", to: "string")])
        #expect(try kinds(from: #""State": {"a": "[string]"}"#, to: #""State": {"a": "string"}"#)
            == ["a": .typeChanged(from: "[string]", to: "string")])
        #expect(try kinds(from: #""State": {"a": "Item"}, "Item": {"x": "string"}"#, to: #""State": {"a": "Item"}, "Item": ["x"]"#)
            == ["a": .typeChanged(from: "object Item", to: "enum Item")])
    }

    @Test func narrowingsTheOlderDecoderAcceptsAreNotReported() throws {
        for (old, new) in [("number", "integer"), ("string", "colour")] {
            #expect(try changes(from: #""State": {"a": "\#(old)"}"#, to: #""State": {"a": "\#(new)"}"#).isEmpty, "\(old) → \(new)")
        }
        #expect(try changes(from: #""State": {"a": "string"}"#, to: #""State": {"a": "Kind"}, "Kind": ["x", "y"]"#).isEmpty)
    }

    @Test func optionalityChangesBothWays() throws {
        #expect(try kinds(from: #""State": {"a": "string?"}"#, to: #""State": {"a": "string"}"#) == ["a": .madeRequired])
        let loosened = try changes(from: #""State": {"a": "string"}"#, to: #""State": {"a": "string?"}"#)
        #expect(loosened.map(\.kind) == [.madeOptional])
        #expect(loosened.map(\.isBreaking) == [false])
    }

    @Test func nestedFieldsAreComparedThroughListsAndObjectsWhateverTheirTypeNames() throws {
        let old = #""State": {"items": "[Item]", "note": "Note?"}, "Item": {"id": "string", "at": "date"}, "Note": {"by": "string"}"#
        let new = #""State": {"items": "[Entry]", "note": "Note?"}, "Entry": {"id": "string", "at": "number"}, "Note": {"by": "string", "seen": "bool"}"#
        let changes = try changes(from: old, to: new)
        #expect(changes.map(\.field) == ["items[].at", "note.seen"])
        #expect(changes.map(\.typeName) == ["Entry", "Note"])
        #expect(changes.map(\.kind) == [.typeChanged(from: "date", to: "number"), .addedRequired])
    }

    @Test func enumValuesTheOlderDecoderDoesNotKnowWarn() throws {
        let changes = try changes(from: #""State": {"k": "Kind"}, "Kind": ["a", "b"]"#, to: #""State": {"k": "Kind"}, "Kind": ["a", "c"]"#)
        #expect(changes.map(\.kind) == [.valueAdded("c")])
        #expect(changes.map(\.isBreaking) == [false])
    }

    @Test func messagesNameTheFieldWhatBreaksAndTheFix() throws {
        let change = try changes(from: #""State": {"score": "string"}"#, to: #""State": {"goals": "string"}"#)
        #expect(change.map(\.description) == [
            "content state field 'score' was renamed to 'goals' (goals): activities already running look for 'score' and cannot decode updates; keep sending 'score' (a CodingKeys entry in the app) until they have ended",
        ])
    }

    @Test func fieldsAreMatchedByTheKeysThePushKeyMapGivesThem() throws {
        let push = { (keys: String) in #""push": {"bundleID": "com.example.app", "attributesType": "A", "keys": {"State": {\#(keys)}}},"# }
        // The schema renames a field but the app keeps decoding the same key: nothing changes.
        let kept = try manifest(#""State": {"lastEvent": "string"}"#, push: push(#""lastEvent": "last_event""#))
            .contentStateChanges(since: manifest(#""State": {"latest": "string"}"#, push: push(#""latest": "last_event""#)))
        #expect(kept.isEmpty)
        // Same field name, another key: running activities look for the old key.
        let moved = try manifest(#""State": {"lastEvent": "string"}"#, push: push(#""lastEvent": "last_event""#))
            .contentStateChanges(since: manifest(#""State": {"lastEvent": "string"}"#))
        #expect(moved.map(\.kind) == [.renamed(from: "lastEvent")])
        #expect(moved.map(\.field) == ["last_event"])
        #expect(moved.map(\.fieldName) == ["lastEvent"])
    }
}
