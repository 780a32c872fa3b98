#if Studio
/// What the page draws: every pack (or one), the surfaces and appearances to draw them on, and a
/// revision that grows with every change.
package struct StudioSnapshot: Sendable, Encodable {
    /// Grows by one with every re-rendering or refused save.
    package var revision: Int
    /// Whether accepting and rejecting are refused (`CI` is set, or a static copy).
    package var readOnly: Bool
    /// Why, when ``readOnly``.
    package var readOnlyReason: String?
    /// The phone classes surfaces are drawn for, by screen width in points.
    package var phoneClasses: [Int]
    /// The surfaces, in the order the page draws them.
    package var surfaces: [PreviewSurface]
    /// The appearances each surface is drawn in.
    package var appearances: [PreviewAppearance]
    /// The packs, in path order.
    package var packs: [StudioPack]
}
#endif
