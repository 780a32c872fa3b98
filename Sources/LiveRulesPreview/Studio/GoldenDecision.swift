#if Studio
/// What the page asks of a changed or new case.
package enum GoldenDecision: String, Sendable, Hashable, Codable {
    /// The current presentation becomes the golden.
    case accept
    /// The golden stays; a pending `.new` result beside it is deleted.
    case reject
}
#endif
