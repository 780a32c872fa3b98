import Foundation

/// An encoder that writes nothing: what Codable's own walk over a value costs (the synthesized
/// `encode(to:)`, the standard library's container boxes, generic dispatch, the metadata of each
/// `KeyedEncodingContainer<Key>`), which every `Encoder` pays before it stores anything. As lean
/// as an encoder can be: one kept container per key type, one unkeyed container, dates as
/// scalars. `visit` returns how many scalars it passed.
final class CodableWalk: Encoder, UnkeyedEncodingContainer, SingleValueEncodingContainer {
    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }
    /// Scalars passed so far.
    var scalars = 0
    /// (As an unkeyed container: the scalars passed, its elements among them.)
    var count: Int { scalars }
    private var kept: [ObjectIdentifier: AnyObject] = [:]

    func visit<T: Encodable>(_ value: T) -> Int {
        scalars = 0
        try! visitValue(value)
        return scalars
    }

    fileprivate func visitValue<T: Encodable>(_ value: T) throws {
        if T.self == Date.self { scalars += 1 } else { try value.encode(to: self) }
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        if let box = kept[ObjectIdentifier(Key.self)] { return unsafeDowncast(box, to: KeptWalk<Key>.self).container }
        let box = KeptWalk<Key>(KeyedEncodingContainer(KeyedWalk<Key>(walk: self)))
        kept[ObjectIdentifier(Key.self)] = box
        return box.container
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer { self }
    func singleValueContainer() -> any SingleValueEncodingContainer { self }
    func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        container(keyedBy: NestedKey.self)
    }
    func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer { self }
    func superEncoder() -> any Encoder { self }

    func encodeNil() throws { scalars += 1 }
    func encode(_ value: Bool) throws { scalars += 1 }
    func encode(_ value: String) throws { scalars += 1 }
    func encode(_ value: Double) throws { scalars += 1 }
    func encode(_ value: Float) throws { scalars += 1 }
    func encode(_ value: Int) throws { scalars += 1 }
    func encode(_ value: Int8) throws { scalars += 1 }
    func encode(_ value: Int16) throws { scalars += 1 }
    func encode(_ value: Int32) throws { scalars += 1 }
    func encode(_ value: Int64) throws { scalars += 1 }
    func encode(_ value: UInt) throws { scalars += 1 }
    func encode(_ value: UInt8) throws { scalars += 1 }
    func encode(_ value: UInt16) throws { scalars += 1 }
    func encode(_ value: UInt32) throws { scalars += 1 }
    func encode(_ value: UInt64) throws { scalars += 1 }
    func encode<T: Encodable>(_ value: T) throws { try visitValue(value) }
}

/// A kept keyed container of the walk, for key type `Key`.
private final class KeptWalk<Key: CodingKey> {
    let container: KeyedEncodingContainer<Key>
    init(_ container: KeyedEncodingContainer<Key>) { self.container = container }
}

/// The walk's keyed container: counts scalars, descends into nested values.
private struct KeyedWalk<Key: CodingKey>: KeyedEncodingContainerProtocol {
    unowned let walk: CodableWalk
    var codingPath: [any CodingKey] { [] }

    mutating func encodeNil(forKey key: Key) throws {}
    mutating func encode(_ value: Bool, forKey key: Key) throws { walk.scalars += 1 }
    mutating func encode(_ value: String, forKey key: Key) throws { walk.scalars += 1 }
    mutating func encode(_ value: Double, forKey key: Key) throws { walk.scalars += 1 }
    mutating func encode(_ value: Float, forKey key: Key) throws { walk.scalars += 1 }
    mutating func encode(_ value: Int, forKey key: Key) throws { walk.scalars += 1 }
    mutating func encode(_ value: Int8, forKey key: Key) throws { walk.scalars += 1 }
    mutating func encode(_ value: Int16, forKey key: Key) throws { walk.scalars += 1 }
    mutating func encode(_ value: Int32, forKey key: Key) throws { walk.scalars += 1 }
    mutating func encode(_ value: Int64, forKey key: Key) throws { walk.scalars += 1 }
    mutating func encode(_ value: UInt, forKey key: Key) throws { walk.scalars += 1 }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { walk.scalars += 1 }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { walk.scalars += 1 }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { walk.scalars += 1 }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { walk.scalars += 1 }
    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws { try walk.visitValue(value) }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type, forKey key: Key
    ) -> KeyedEncodingContainer<NestedKey> {
        walk.container(keyedBy: NestedKey.self)
    }
    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer { walk }
    mutating func superEncoder() -> any Encoder { walk }
    mutating func superEncoder(forKey key: Key) -> any Encoder { walk }
}
