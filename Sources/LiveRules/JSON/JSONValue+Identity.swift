import Foundation

/// Identity: the same Lua form, byte for byte. `==` also holds for strings that are only
/// canonically equivalent ("é" composed and decomposed) and for 0 and -0, whose Lua forms
/// differ; pushing fixtures reuses only what is identical to the fixture before (a kept input,
/// the elements of a list), so a presentation never depends on which fixture came first.
extension JSONValue {
    /// Whether `other` is this value with every string the same bytes and every number the same
    /// bits: what has the same Lua form. Containers and strings that share their storage are
    /// identical at once; a walk stops at the first difference.
    func isIdentical(to other: JSONValue) -> Bool {
        switch self {
        case .object(let members):
            guard case .object(let others) = other else { return false }
            return Self.sameMembers(members, others)
        case .string(let text):
            guard case .string(let otherText) = other else { return false }
            return Self.sameBytes(text, otherText)
        case .number(let number):
            guard case .number(let otherNumber) = other else { return false }
            return number.bitPattern == otherNumber.bitPattern
        case .array(let elements):
            guard case .array(let others) = other else { return false }
            if Self.sameBits(elements, others) { return true }
            return elements.count == others.count && zip(elements, others).allSatisfy { $0.isIdentical(to: $1) }
        case .integer, .bool, .null:
            return self == other
        }
    }

    /// Whether two objects have identical members, keys compared byte for byte.
    private static func sameMembers(_ a: [String: JSONValue], _ b: [String: JSONValue]) -> Bool {
        if sameBits(a, b) { return true }
        guard a.count == b.count else { return false }
        for (key, value) in a {
            guard let index = b.index(forKey: key), sameBytes(key, b.keys[index]), value.isIdentical(to: b.values[index]) else {
                return false
            }
        }
        return true
    }

    /// Whether two values are the same bits: for a collection or a string, the same storage (or
    /// the same small string), which means the same contents.
    private static func sameBits<T>(_ a: T, _ b: T) -> Bool {
        withUnsafeBytes(of: a) { a in withUnsafeBytes(of: b) { b in memcmp(a.baseAddress!, b.baseAddress!, a.count) == 0 } }
    }

    /// Whether two strings are the same UTF-8 bytes.
    private static func sameBytes(_ a: String, _ b: String) -> Bool {
        if sameBits(a, b) { return true }
        guard a.utf8.count == b.utf8.count else { return false }
        var (a, b) = (a, b)
        return a.withUTF8 { a in b.withUTF8 { b in a.isEmpty || memcmp(a.baseAddress!, b.baseAddress!, a.count) == 0 } }
    }
}
