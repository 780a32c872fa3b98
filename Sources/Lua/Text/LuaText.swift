import CLuaShim

/// Text checks the sandbox and the host's C code make, for Swift code that must agree with them:
/// what counts as a colour, which known name a typo most likely meant, and which bytes are text.
public enum LuaText {
    /// The bytes (a Lua string's) as a string when they are valid UTF-8, nil otherwise. ASCII,
    /// the common case, is copied without validating it a second time.
    @inlinable public static func string(validating bytes: UnsafeRawBufferPointer) -> String? {
        if bytes.allSatisfy({ $0 < 0x80 }) { return String(decoding: bytes, as: UTF8.self) }
        return String(validating: bytes, as: UTF8.self)
    }

    /// Whether `text` is a colour `#RRGGBB` (hex digits in either case).
    public static func isColour(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { bytes in
            bytes.withMemoryRebound(to: CChar.self) { lrs_iscolourtext($0.baseAddress, $0.count) != 0 }
        }
    }

    /// The longest name ``closestName(to:among:)`` compares, in bytes.
    public static let longestComparedName = Int(LRS_NAME_LONGEST)

    /// The name in `known` closest to `name` by edit distance (ASCII case ignored, a swap of
    /// neighbours one edit), when it is close enough to be a typo: one edit for names under six
    /// bytes, two otherwise. The first of equally close names; nil when none is close or a name
    /// is longer than 255 bytes.
    public static func closestName(to name: String, among known: some Sequence<String>) -> String? {
        let candidates = Array(known)
        guard !candidates.isEmpty else { return nil }
        var packed: [CChar] = []
        var lengths: [Int] = []
        lengths.reserveCapacity(candidates.count)
        for candidate in candidates {
            let bytes = candidate.utf8CString.dropLast()
            packed.append(contentsOf: bytes)
            lengths.append(bytes.count)
        }
        var name = name
        let index = name.withUTF8 { bytes in
            bytes.withMemoryRebound(to: CChar.self) { target in
                lrs_closestname(target.baseAddress, target.count, packed, lengths, lengths.count)
            }
        }
        return index < 0 ? nil : candidates[index]
    }

    /// The hint that names a suggestion, as the sandbox's errors word it: " — did you mean x?"
    /// for the name ``closestName(to:among:)`` finds, or "" when none is close.
    public static func didYouMean(_ name: String, among known: some Sequence<String>) -> String {
        closestName(to: name, among: known).map { LRS_HINT_BEFORE + $0 + LRS_HINT_AFTER } ?? ""
    }
}
