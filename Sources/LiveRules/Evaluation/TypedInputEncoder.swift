import Foundation

/// Encodes an app's typed `Codable` input as the JSON value of what rules are handed: the form
/// the Lua encoder gives it, so the Swift schema check (``SchemaType/lower(_:at:dates:into:)``
/// with dates as `.unixSeconds`) sees what the C check saw. Used only once the C check has
/// refused an input, to name every mismatch in it; never on the way of a good input.
///
/// Mapping, as `LuaEncoder` pushes values: keyed containers are objects, unkeyed containers
/// arrays; integers of every width are `.integer` (a `UInt64` above `Int64.max` is an error);
/// `Double` and `Float` are `.number`, even when integral; `Date` is `.number` of Unix seconds;
/// `URL` is its absolute string, `Data` a string of its bytes; a nil optional property is an
/// absent member; a ``JSONValue`` is itself.
enum TypedInputEncoder {
    /// `value` as the JSON value of what rules are handed.
    static func json(of value: some Encodable) throws -> JSONValue {
        try Node.encoding(value, at: []).value
    }

    /// A value being encoded: containers hold nodes their nested encoders fill in later.
    fileprivate final class Node {
        enum Content {
            case value(JSONValue)
            case object([String: Node])
            case array([Node])
        }

        var content: Content = .value(.null)

        /// The finished value.
        var value: JSONValue {
            switch content {
            case .value(let value): value
            case .object(let members): .object(members.mapValues(\.value))
            case .array(let elements): .array(elements.map(\.value))
            }
        }

        /// A node holding `value`, encoded at `path`.
        static func encoding<T: Encodable>(_ value: T, at path: [any CodingKey]) throws -> Node {
            let node = Node()
            if let special = special(value) {
                node.content = .value(special)
            } else {
                try value.encode(to: NodeEncoder(node: node, codingPath: path))
            }
            return node
        }

        /// The types whose rule form differs from their `Encodable` form.
        private static func special(_ value: some Encodable) -> JSONValue? {
            switch value {
            case let date as Date: .number(date.timeIntervalSince1970)
            case let url as URL: .string(url.absoluteString)
            case let data as Data: .string(String(decoding: data, as: UTF8.self))
            case let json as JSONValue: json
            default: nil
            }
        }
    }
}

/// The `Encoder` filling in one ``TypedInputEncoder/Node``.
private struct NodeEncoder: Encoder, SingleValueEncodingContainer {
    let node: TypedInputEncoder.Node
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        if case .object = node.content {} else { node.content = .object([:]) }
        return KeyedEncodingContainer(KeyedNodeContainer<Key>(node: node, codingPath: codingPath))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        if case .array = node.content {} else { node.content = .array([]) }
        return UnkeyedNodeContainer(node: node, codingPath: codingPath)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer { self }

    func encodeNil() throws { node.content = .value(.null) }
    func encode(_ value: Bool) throws { node.content = .value(.bool(value)) }
    func encode(_ value: String) throws { node.content = .value(.string(value)) }
    func encode(_ value: Double) throws { node.content = .value(.number(value)) }
    func encode(_ value: Float) throws { node.content = .value(.number(Double(value))) }
    func encode(_ value: Int) throws { node.content = .value(.integer(Int64(value))) }
    func encode(_ value: Int8) throws { node.content = .value(.integer(Int64(value))) }
    func encode(_ value: Int16) throws { node.content = .value(.integer(Int64(value))) }
    func encode(_ value: Int32) throws { node.content = .value(.integer(Int64(value))) }
    func encode(_ value: Int64) throws { node.content = .value(.integer(value)) }
    func encode(_ value: UInt) throws { node.content = .value(.integer(try integer(value))) }
    func encode(_ value: UInt8) throws { node.content = .value(.integer(Int64(value))) }
    func encode(_ value: UInt16) throws { node.content = .value(.integer(Int64(value))) }
    func encode(_ value: UInt32) throws { node.content = .value(.integer(Int64(value))) }
    func encode(_ value: UInt64) throws { node.content = .value(.integer(try integer(value))) }
    func encode<T: Encodable>(_ value: T) throws {
        node.content = try TypedInputEncoder.Node.encoding(value, at: codingPath).content
    }

    private func integer(_ value: some BinaryInteger) throws -> Int64 {
        guard let integer = Int64(exactly: value) else {
            throw EncodingError.invalidValue(value, .init(codingPath: codingPath, debugDescription: "\(value) does not fit a Lua integer"))
        }
        return integer
    }
}

/// A keyed container writing members into an object node.
private struct KeyedNodeContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let node: TypedInputEncoder.Node
    let codingPath: [any CodingKey]

    private func set(_ child: TypedInputEncoder.Node, for key: Key) {
        guard case .object(var members) = node.content else { return }
        members[key.stringValue] = child
        node.content = .object(members)
    }

    private func child(for key: Key) -> TypedInputEncoder.Node {
        let child = TypedInputEncoder.Node()
        set(child, for: key)
        return child
    }

    /// A nil member is an absent key, as in Lua.
    mutating func encodeNil(forKey key: Key) throws {
        guard case .object(var members) = node.content else { return }
        members[key.stringValue] = nil
        node.content = .object(members)
    }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        set(try TypedInputEncoder.Node.encoding(value, at: codingPath + [key]), for: key)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key)
        -> KeyedEncodingContainer<NestedKey> {
        NodeEncoder(node: child(for: key), codingPath: codingPath + [key]).container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        NodeEncoder(node: child(for: key), codingPath: codingPath + [key]).unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder {
        NodeEncoder(node: child(for: Key(stringValue: "super")!), codingPath: codingPath)
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        NodeEncoder(node: child(for: key), codingPath: codingPath + [key])
    }
}

/// An unkeyed container appending elements to an array node.
private struct UnkeyedNodeContainer: UnkeyedEncodingContainer {
    let node: TypedInputEncoder.Node
    let codingPath: [any CodingKey]

    var count: Int {
        if case .array(let elements) = node.content { elements.count } else { 0 }
    }

    private func append(_ child: TypedInputEncoder.Node) {
        guard case .array(var elements) = node.content else { return }
        elements.append(child)
        node.content = .array(elements)
    }

    private var here: [any CodingKey] { codingPath + [ElementKey(intValue: count)] }

    private func child() -> TypedInputEncoder.Node {
        let child = TypedInputEncoder.Node()
        append(child)
        return child
    }

    mutating func encodeNil() throws { append(TypedInputEncoder.Node()) }

    mutating func encode<T: Encodable>(_ value: T) throws {
        append(try TypedInputEncoder.Node.encoding(value, at: here))
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        let path = here
        return NodeEncoder(node: child(), codingPath: path).container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let path = here
        return NodeEncoder(node: child(), codingPath: path).unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder {
        let path = here
        return NodeEncoder(node: child(), codingPath: path)
    }

    /// An element's place in a coding path.
    private struct ElementKey: CodingKey {
        let intValue: Int?
        var stringValue: String { "\(intValue ?? 0)" }
        init(intValue: Int) { self.intValue = intValue }
        init?(stringValue: String) { nil }
    }
}
