/// A value of a list decoded on its own: nil when it does not decode, so one bad element of a
/// list never fails the list, nor stalls its container.
struct Lenient<Value: Decodable>: Decodable {
    /// The element, or nil when it did not decode.
    let value: Value?

    /// Decodes `Value`, keeping nil on any error; never throws.
    init(from decoder: any Decoder) {
        value = try? Value(from: decoder)
    }
}
