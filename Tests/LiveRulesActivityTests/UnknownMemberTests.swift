import Foundation
import LiveRulesActivity
import Testing

/// Unknown members are ignored wherever they stand, whatever they hold: a member added to any
/// object of a sample body, holding names or texts that are not valid Unicode (lone surrogate
/// escapes, which JSON's grammar allows), decodes to the presentation of the body without it.
/// A member whose own name is not valid Unicode makes its object one `JSONDecoder` cannot open:
/// the object reads as `null`, or, at the top and in `placements`, the update is not decoded
/// (the activity keeps its last one).
@Suite struct UnknownMemberTests {
    /// Unknown members whose names are valid, holding what a strict reader chokes on.
    static let holding = [
        #""zzFuture": {"\ud800": 1, "a\udc00b": {"\udbff": "\ud800"}}"#,
        #""zzFuture": "\ud800""#,
        #""zzFuture": ["\udfff", {"\ud800\ud800": []}]"#,
    ]
    /// Unknown members whose own names are not valid Unicode.
    static let named = [#""zz\ud800": 1"#, #""\udc00": {"\ud800": "\udc00"}"#, #""\udbff\udbff": null"#]

    @Test(arguments: holding)
    func anUnknownMemberAnywhereChangesNothing(member: String) throws {
        for name in Samples.valid + Samples.lenient {
            let body = try JSONDecoder().decode(FuzzJSON.self, from: Samples.data(name))
            let expected = try Samples.presentation(name)
            for (target, path) in body.objectPaths().enumerated() {
                let text = body.text(editing: target, .insert(member))
                #expect((try? Samples.decode(text)) == expected, "\(name), \(path): \(text)")
            }
        }
    }

    @Test(arguments: named)
    func aNameFoundationCannotReadMakesItsObjectNull(member: String) throws {
        // What Foundation does, which the rules below answer: it cannot open such an object.
        struct Anything: Decodable { let v: Int? }
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(Anything.self, from: Data("{\(member), \"v\": 1}".utf8)) }
        for name in Samples.valid + Samples.lenient {
            let body = try JSONDecoder().decode(FuzzJSON.self, from: Samples.data(name))
            for (target, path) in body.objectPaths().enumerated() {
                let text = body.text(editing: target, .insert(member))
                if path == "" || path == "placements" {
                    #expect(throws: DecodingError.self, "\(name), \(path)") { try Samples.decode(text) }
                } else {
                    let asNull = try Samples.decode(body.text(editing: target, .replace("null")))
                    #expect((try? Samples.decode(text)) == asNull, "\(name), \(path): \(text)")
                }
            }
        }
    }
}

extension FuzzJSON {
    /// How ``text(editing:_:)`` changes an object.
    enum Edit {
        /// Adds a member (JSON text) first.
        case insert(String)
        /// Writes this JSON text in its place.
        case replace(String)
    }

    /// The path of each object in the value, itself included, in document order: member names
    /// and list positions joined by dots ("" for the value itself, "fields.0.timer").
    func objectPaths(at path: String = "") -> [String] {
        let prefix = path.isEmpty ? "" : path + "."
        switch self {
        case .array(let elements):
            return elements.enumerated().flatMap { $1.objectPaths(at: prefix + "\($0)") }
        case .object(let members):
            return [path] + members.flatMap { $0.value.objectPaths(at: prefix + $0.key) }
        default:
            return []
        }
    }

    /// The value as JSON text, its object number `target` (in ``objectPaths(at:)``'s order)
    /// edited.
    func text(editing target: Int, _ edit: Edit) -> String {
        var counter = 0
        return text(editing: target, edit, counter: &counter)
    }

    private func text(editing target: Int, _ edit: Edit, counter: inout Int) -> String {
        switch self {
        case .array(let elements):
            var parts: [String] = []
            for element in elements { parts.append(element.text(editing: target, edit, counter: &counter)) }
            return "[" + parts.joined(separator: ",") + "]"
        case .object(let members):
            let here = counter == target
            counter += 1
            var parts: [String] = []
            if here, case .insert(let member) = edit { parts.append(member) }
            for (key, value) in members {
                parts.append(FuzzJSON.string(key).text + ":" + value.text(editing: target, edit, counter: &counter))
            }
            if here, case .replace(let replacement) = edit { return replacement }
            return "{" + parts.joined(separator: ",") + "}"
        default:
            return text
        }
    }
}
