@testable import LiveRules

extension JSONValue {
    /// An object's members; empty for anything else.
    var objectMembers: [String: JSONValue] {
        if case .object(let members) = self { members } else { [:] }
    }
}
