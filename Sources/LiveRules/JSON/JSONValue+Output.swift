extension JSONValue: JSONShaped {
    /// Writes the value, object members sorted by the UTF-8 bytes of their keys.
    func write(to output: inout some JSONOutput) {
        switch self {
        case .null, .bool, .integer, .number, .string:
            output.scalar(self)
        case .array(let elements):
            output.beginArray()
            for element in elements { element.write(to: &output) }
            output.endArray()
        case .object(let members):
            output.beginObject()
            for (key, member) in members.sorted(by: { Self.precedes($0.key, $1.key) }) {
                output.key(text: key)
                member.write(to: &output)
            }
            output.endObject()
        }
    }

    /// The first NaN or infinite number in written order and the steps to it from this value;
    /// nil when every number is finite.
    func firstNonFinite() -> (steps: [JSONPath.Step], value: Double)? {
        switch self {
        case .number(let number): return number.isFinite ? nil : ([], number)
        case .null, .bool, .integer, .string: return nil
        case .array(let elements):
            for (index, element) in elements.enumerated() {
                if let found = element.firstNonFinite() { return ([.element(index)] + found.steps, found.value) }
            }
            return nil
        case .object(let members):
            for (key, member) in members.sorted(by: { Self.precedes($0.key, $1.key) }) {
                if let found = member.firstNonFinite() { return ([.member(key)] + found.steps, found.value) }
            }
            return nil
        }
    }

    /// Whether `key` sorts before `other` by UTF-8 bytes.
    private static func precedes(_ key: String, _ other: String) -> Bool {
        var key = key, other = other
        return key.withUTF8 { left in
            other.withUTF8 { right in
                for (a, b) in zip(left, right) where a != b { return a < b }
                return left.count < right.count
            }
        }
    }
}
