import CLiveRules
import Lua

/// What the rules' output may legally hold. Both readers (``OutputReader`` in C, and
/// ``PresentationOutput``) check each bound before they allocate or copy, so no output can cost
/// the host more than a legal one does, whatever the rules built: a list's raw length is checked
/// before it is walked, a string's length before it is copied, a table's keys are counted no
/// further than it may hold.
///
/// - A layout holds the placements and nothing else; each placement's `fields`, and its
///   `dropped`, list at most the field ids the manifest declares (each id is shown or dropped
///   once).
/// - A name (an id, the phase, a tone, a glyph, a colour, a slot) has at most ``nameBytes``; a
///   text (the badge's, a field's, a fallback, an alert's title and body) at most ``textBytes``.
/// - All the text of one output, each copy counted (one string the rules put in many places
///   counts each time it is read), at most ``totalTextBytes``.
/// - A date is within ``maximumSeconds`` of 1970; a score within 0...100.
/// - Every table is plain (no metatable; a read-only table is read through to the one behind it)
///   and holds only the keys the reader reads: a list nothing past its length.
package enum OutputLimits {
    /// The longest name a manifest may declare (``InputLimits/nameBytes``).
    static let nameBytes = Int(LRL_OUT_NAME)
    /// The longest text: the 4 KB a whole APNs or FCM payload may carry, so no text longer could
    /// ever reach a device.
    static let textBytes = Int(LRL_OUT_TEXT)
    /// All the text of one output: 256 KiB, 64 times the 4 KB of content state ActivityKit hands
    /// an activity and over 200 times the text of the largest bundled presentation (under
    /// 1.2 KB, names included); copied into Swift strings it stays within a few MiB.
    static let totalTextBytes = Int(LRL_OUT_TEXTS)
    /// The furthest a date may be from 1970, in seconds (about 3,000 years), as for `time.clock`
    /// (``HostFunctions/maximumSeconds``).
    package static let maximumSeconds = LRL_OUT_SECONDS
    /// Keys a layout may hold: its placements (a check of its keys looks at
    /// `LuaTableReader.extraKeys` more, to name a mistaken one).
    static let layoutKeys = Placement.allCases.count

    /// The limits of one read of an output by ``PresentationOutput``.
    static let reading = LuaReadLimits(textBytes: textBytes, totalBytes: totalTextBytes)
}
