import CLiveRules
import Lua

/// What `liverules.text` takes from the host: grapheme clusters (Swift's `Character`), which
/// Lua cannot segment, and their width classes. All of it is pure: the same string gives the
/// same answer on every host.
extension HostFunctions {
    /// Registers the text host functions in `lua`, each on a valid UTF-8 string of at most the
    /// sandbox's string cap:
    /// - `liverules_host_text_units(s) -> integer`: the width of `s` in hundredths of the font
    ///   size (`units(of:)`);
    /// - `liverules_host_text_prefix(s, width, fontSize) -> integer`: the byte length of the
    ///   prefix `text.truncate` keeps (`prefix(of:width:fontSize:)`);
    /// - `liverules_host_text_initials(s, count) -> string` (`initials(of:count:)`);
    /// - `liverules_host_text_length(s) -> integer`: the number of grapheme clusters;
    /// - `liverules_host_text_trim(s, collapse) -> string` (`trimmed(_:collapse:)`).
    /// Each charges the calling rule's step budget ``stepsPerByte`` per byte of `s`. The first
    /// four have native forms for simple text, which text.lua calls first and which return nothing
    /// for other text (`liverules_host_text_simple_units`, `_prefix`, `_length` and `_trim`:
    /// `lrl_text_units` and its neighbours), charging one step per byte.
    static func installText(in lua: LuaState) {
        /// Argument 1, the text, with its segmenting charged.
        func text(of call: LuaCall) throws -> String {
            let text = try call.argument(1, as: String.self)
            call.charge(stepsPerByte * text.utf8.count)
            return text
        }
        lua.register("liverules_host_text_simple_units", function: lrl_text_units)
        lua.register("liverules_host_text_simple_prefix", function: lrl_text_prefix)
        lua.register("liverules_host_text_simple_length", function: lrl_text_length)
        lua.register("liverules_host_text_simple_trim", function: lrl_text_trim)
        lua.register("liverules_host_text_units") { call in
            try call.return(units(of: try text(of: call)))
        }
        lua.register("liverules_host_text_prefix") { call in
            let text = try text(of: call)
            let width = try call.argument(2, as: Double.self)
            let fontSize = try call.argument(3, as: Double.self)
            try call.return(prefix(of: text, width: width, fontSize: fontSize))
        }
        lua.register("liverules_host_text_initials") { call in
            let text = try text(of: call)
            let count = try call.argument(2, as: Int.self)
            try call.return(initials(of: text, count: count))
        }
        lua.register("liverules_host_text_length") { call in
            try call.return(try text(of: call).count)
        }
        lua.register("liverules_host_text_trim") { call in
            let text = try text(of: call)
            try call.return(trimmed(text, collapse: try call.argument(2, as: Bool.self)))
        }
    }

    /// Steps charged per byte of text a host function segments: several times the string
    /// library's one per byte, as segmenting into grapheme clusters is several times the work.
    static let stepsPerByte = 4

    /// The advance of `…`, which `text.truncate` appends, in hundredths of the font size: as
    /// wide as `M`, as the system fonts draw it.
    static let ellipsisUnits = Int(LRL_ELLIPSIS_UNITS)

    /// Advances of the ASCII characters in hundredths of the font size (the Latin rule of
    /// <doc:Placements>), as the native layout measures them (`lrl_ascii_advance`, their one
    /// definition): 30 for `i l . , : ; ' | !` and the space, 80 for `M W m w @`, 65 for the
    /// other capitals, 55 for everything else, every digit included.
    private static let asciiUnits: [Int] = (0..<128).map { Int(lrl_ascii_advance(UInt8($0))) }

    /// The advance of one grapheme cluster in hundredths of the font size:
    /// - 100 (wide) for emoji (a cluster with an emoji-presentation scalar, an emoji modifier or
    ///   the emoji variation selector: flags, ZWJ families, skin tones, keycaps) and for the
    ///   wide East Asian scripts (`isWide(_:)`);
    /// - 0 for a cluster that is only a format or control character outside ASCII (a lone
    ///   zero-width joiner or space);
    /// - ``ellipsisUnits`` for `…`;
    /// - otherwise the advance of its first scalar: the ASCII table, 55 beyond ASCII. Combining
    ///   marks add nothing: "é" is 55 whether composed or not.
    static func units(of character: Character) -> Int {
        let scalars = character.unicodeScalars
        let first = scalars.first!
        if first.isASCII, scalars.count == 1 { return asciiUnits[Int(first.value)] }
        for scalar in scalars {
            let properties = scalar.properties
            if scalar.value == 0xFE0F || properties.isEmojiPresentation || properties.isEmojiModifier { return 100 }
        }
        if first.isASCII { return asciiUnits[Int(first.value)] }
        if first.value == 0x2026 { return ellipsisUnits }
        if isWide(first.value) { return 100 }
        switch first.properties.generalCategory {
        case .format, .control: return scalars.count == 1 ? 0 : 55
        default: return 55
        }
    }

    /// Whether `scalar` belongs to a wide East Asian script: CJK ideographs and their
    /// punctuation, radicals and compatibility forms, kana, bopomofo, hangul, Yi and the
    /// fullwidth forms.
    static func isWide(_ scalar: UInt32) -> Bool {
        switch scalar {
        case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
             0xA000...0xA4CF, 0xA960...0xA97F, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F,
             0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x1B000...0x1B2FF, 0x20000...0x3FFFD:
            return true
        default:
            return false
        }
    }

    /// The width of `text` in hundredths of the font size: the sum of its clusters' advances.
    static func units(of text: String) -> Int {
        var total = 0
        for character in text { total += units(of: character) }
        return total
    }

    /// The byte length of the longest prefix of whole grapheme clusters of `text` that, with `…`
    /// after it, fits `width` points at `fontSize` (an exact fit fits, to 1e-9 pt) and does not
    /// end in whitespace; 0 when no such prefix fits. A cut never splits a cluster, so it never
    /// leaves half a flag, part of a family or a lone joiner.
    static func prefix(of text: String, width: Double, fontSize: Double) -> Int {
        var total = ellipsisUnits, bytes = 0, cut = 0
        for character in text {
            total += units(of: character)
            guard Double(total) * fontSize / 100 <= width + 1e-9 else { break }
            bytes += character.utf8.count
            if !character.isWhitespace { cut = bytes }
        }
        return cut
    }

    /// The first grapheme cluster of each of the first `count` words of `text` (words are
    /// separated by whitespace), upper-cased and joined: "DR" for "Design review", "🇩🇪T" for
    /// "🇩🇪 team".
    static func initials(of text: String, count: Int) -> String {
        var result = ""
        for word in text.split(whereSeparator: \.isWhitespace).prefix(max(count, 0)) {
            result += String(word.first!).uppercased()
        }
        return result
    }

    /// Whether `character` shows nothing: whitespace, or only invisible format characters (a
    /// zero-width space, a byte order mark, a lone joiner).
    static func isBlank(_ character: Character) -> Bool {
        character.isWhitespace || character.unicodeScalars.allSatisfy { $0.properties.generalCategory == .format }
    }

    /// `text` without blank clusters (`isBlank(_:)`) at either end; with `collapse`, every run of
    /// whitespace inside is one space too. "" when nothing else is left.
    static func trimmed(_ text: String, collapse: Bool) -> String {
        guard let start = text.firstIndex(where: { !isBlank($0) }),
              let end = text.lastIndex(where: { !isBlank($0) }) else { return "" }
        let kept = text[start...end]
        guard collapse else { return String(kept) }
        var result = "", space = false
        for character in kept {
            if character.isWhitespace {
                space = true
            } else {
                if space { result.append(" ") }
                result.append(character)
                space = false
            }
        }
        return result
    }
}
