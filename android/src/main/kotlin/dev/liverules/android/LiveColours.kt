package dev.liverules.android

import org.json.JSONObject

/**
 * The colours of one appearance. An Android notification uses [accent] (`setColor`): a promoted
 * notification may not be colourised, so the system draws its own background and text.
 *
 * Reads `{"background", "foreground", "accent"}` only when all three are colours: an appearance
 * missing one falls back as a whole, so colours chosen to contrast stay together.
 */
data class LiveColours(val background: LiveColour, val foreground: LiveColour, val accent: LiveColour) {
    companion object {
        internal fun read(value: Any?): LiveColours? {
            val colours = value as? JSONObject ?: return null
            fun colour(name: String) = JsonRead.string(colours.opt(name))?.let(LiveColour.Companion::of)
            return LiveColours(colour("background") ?: return null, colour("foreground") ?: return null, colour("accent") ?: return null)
        }

        /** The colours of [appearance] when a presentation gives none: black on white, white on black, red on black at night. */
        internal fun neutral(appearance: LiveAppearance): LiveColours {
            fun colours(background: String, foreground: String, accent: String) =
                LiveColours(LiveColour.of(background)!!, LiveColour.of(foreground)!!, LiveColour.of(accent)!!)
            return when (appearance) {
                LiveAppearance.LIGHT -> colours("#FFFFFF", "#000000", "#8E8E93")
                LiveAppearance.DARK -> colours("#000000", "#FFFFFF", "#8E8E93")
                LiveAppearance.STAND_BY_NIGHT -> colours("#000000", "#FF0000", "#FF0000")
            }
        }
    }
}
