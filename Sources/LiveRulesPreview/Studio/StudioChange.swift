#if Studio
/// A pack of the studio was rendered again or refused a save.
package struct StudioChange: Sendable, Hashable, Encodable {
    /// The studio's revision after the change.
    package var revision: Int
    /// The pack's path.
    package var pack: String
}
#endif
