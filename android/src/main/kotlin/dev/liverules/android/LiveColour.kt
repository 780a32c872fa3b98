package dev.liverules.android

/**
 * One opaque colour: [hex] `#RRGGBB` (uppercase), and [argb] for Android's colour APIs
 * (`setColor(colour.argb)`).
 */
data class LiveColour private constructor(val hex: String, val argb: Int) {
    /** The red component, 0..255. */
    val red: Int get() = argb shr 16 and 0xFF
    /** The green component, 0..255. */
    val green: Int get() = argb shr 8 and 0xFF
    /** The blue component, 0..255. */
    val blue: Int get() = argb and 0xFF

    companion object {
        /** The colour [hex] names (`#RRGGBB`, hex digits in either case), or null when it names none. */
        fun of(hex: String): LiveColour? {
            if (hex.length != 7 || hex[0] != '#') return null
            var rgb = 0
            for (char in hex.substring(1)) {
                val digit = Character.digit(char, 16)
                if (digit < 0 || char > '\u007F') return null
                rgb = rgb * 16 + digit
            }
            return LiveColour(String(CharArray(hex.length) { Character.toUpperCase(hex[it]) }), rgb or (0xFF shl 24))
        }
    }
}
