/// Encodes an `Encodable` value into a ``JSONValue``, the shape `JSONEncoder` would write:
/// keyed containers become objects (keys by their `stringValue`), unkeyed ones arrays, strings
/// and booleans themselves, integers that fit `Int64` `.integer`, other numbers `.number`, and
/// `encodeNil` `.null`. A value that encodes nothing is `{}`.
enum JSONValueEncoder {
    static func encode(_ value: some Encodable) throws -> JSONValue {
        try Node.encoding(value, at: []).json
    }
}

/// A container's content while encoding; nested values stay nodes until ``json`` reads them.
/// (A value is encoded before it is stored: storing opens an access that nested encoding must
/// not overlap.)
private final class Node {
    enum Slot {
        case value(JSONValue)
        case node(Node)

        var json: JSONValue {
            switch self {
            case .value(let value): value
            case .node(let node): node.json
            }
        }
    }

    /// At most one of the three is set: the first container asked for decides.
    var single: JSONValue?
    var members: [String: Slot]?
    var elements: [Slot]?

    var json: JSONValue {
        if let single { return single }
        if let elements { return .array(elements.map(\.json)) }
        return .object(members?.mapValues(\.json) ?? [:])
    }

    /// `value` as a slot: scalars directly, anything else encoded into a node of its own.
    static func slot(_ value: some Encodable, at path: [any CodingKey]) throws -> Slot {
        if let scalar = scalar(value) { return .value(scalar) }
        return .node(try encoding(value, at: path))
    }

    static func encoding(_ value: some Encodable, at path: [any CodingKey]) throws -> Node {
        let node = Node()
        try value.encode(to: NodeEncoder(node: node, codingPath: path))
        return node
    }

    private static func scalar(_ value: some Encodable) -> JSONValue? {
        switch value {
        case let value as String: .string(value)
        case let value as Bool: .bool(value)
        case let value as Double: .number(value)
        case let value as Float: .number(Double(value))
        case let value as any BinaryInteger: Int64(exactly: value).map(JSONValue.integer) ?? .number(Double(value))
        default: nil
        }
    }
}

private struct NodeEncoder: Encoder {
    let node: Node
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        if node.members == nil { node.members = [:] }
        return KeyedEncodingContainer(ObjectContainer(node: node, codingPath: codingPath))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        if node.elements == nil { node.elements = [] }
        return ArrayContainer(node: node, codingPath: codingPath)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        ValueContainer(node: node, codingPath: codingPath)
    }
}

private struct ObjectContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let node: Node
    let codingPath: [any CodingKey]

    mutating func encodeNil(forKey key: Key) throws {
        node.members?[key.stringValue] = .value(.null)
    }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        let slot = try Node.slot(value, at: codingPath + [key])
        node.members?[key.stringValue] = slot
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type, forKey key: Key
    ) -> KeyedEncodingContainer<NestedKey> {
        NodeEncoder(node: child(key), codingPath: codingPath + [key]).container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        NodeEncoder(node: child(key), codingPath: codingPath + [key]).unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder {
        NodeEncoder(node: child(SuperKey()), codingPath: codingPath + [SuperKey()])
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        NodeEncoder(node: child(key), codingPath: codingPath + [key])
    }

    private func child(_ key: some CodingKey) -> Node {
        let child = Node()
        node.members?[key.stringValue] = .node(child)
        return child
    }
}

private struct ArrayContainer: UnkeyedEncodingContainer {
    let node: Node
    let codingPath: [any CodingKey]
    var count: Int { node.elements?.count ?? 0 }

    mutating func encodeNil() throws {
        node.elements?.append(.value(.null))
    }

    mutating func encode<T: Encodable>(_ value: T) throws {
        let slot = try Node.slot(value, at: codingPath + [IndexKey(intValue: count)])
        node.elements?.append(slot)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        let path = codingPath + [IndexKey(intValue: count)]
        return NodeEncoder(node: child(), codingPath: path).container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let path = codingPath + [IndexKey(intValue: count)]
        return NodeEncoder(node: child(), codingPath: path).unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder {
        let path = codingPath + [IndexKey(intValue: count)]
        return NodeEncoder(node: child(), codingPath: path)
    }

    private func child() -> Node {
        let child = Node()
        node.elements?.append(.node(child))
        return child
    }
}

private struct ValueContainer: SingleValueEncodingContainer {
    let node: Node
    let codingPath: [any CodingKey]

    mutating func encodeNil() throws {
        node.single = .null
    }

    mutating func encode<T: Encodable>(_ value: T) throws {
        let json = try Node.slot(value, at: codingPath).json
        node.single = json
    }
}

/// The key `super` encoders use.
private struct SuperKey: CodingKey {
    var stringValue: String { "super" }
    var intValue: Int? { nil }
    init() {}
    init?(stringValue: String) { nil }
    init?(intValue: Int) { nil }
}

/// An array index in a coding path.
private struct IndexKey: CodingKey {
    let intValue: Int?
    var stringValue: String { intValue.map(String.init) ?? "" }
    init(intValue: Int) { self.intValue = intValue }
    init?(stringValue: String) { nil }
}
