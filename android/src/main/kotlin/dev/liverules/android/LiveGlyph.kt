package dev.liverules.android

/**
 * A status glyph before a field's text: `"dot"` (a green dot), `"<tone> dot"`, `"icon:NAME"`, or
 * any other spelling a later backend adds, kept as [Unknown] (draw nothing). A notification draws
 * no glyph (see the mapping); an app may use them elsewhere.
 */
sealed class LiveGlyph {
    /** A small filled circle in a tone. */
    data class Dot(val tone: LiveTone) : LiveGlyph()
    /** An icon the app draws, by name. */
    data class Icon(val name: String) : LiveGlyph()
    /** A glyph this version does not know, as spelled. */
    data class Unknown(val spelling: String) : LiveGlyph()

    companion object {
        private const val DOT_SUFFIX = " dot"
        private const val ICON_PREFIX = "icon:"

        /** The glyph [spelling] names. */
        fun of(spelling: String): LiveGlyph {
            if (spelling == "dot") return Dot(LiveTone.GREEN)
            val tone = spelling.removeSuffix(DOT_SUFFIX)
            if (tone.length < spelling.length && tone.isNotEmpty() && ' ' !in tone) return Dot(LiveTone(tone))
            if (spelling.startsWith(ICON_PREFIX) && spelling.length > ICON_PREFIX.length) return Icon(spelling.substring(ICON_PREFIX.length))
            return Unknown(spelling)
        }
    }
}
