package dev.liverules.android

import org.json.JSONObject

/**
 * One field a placement shows: its [id], its [text] at the push's moment, an optional [glyph],
 * and what to draw ([content]).
 *
 * Reads `{"id", "text", "glyph"?, "timer"?, "progress"?}`; fails (the presentation skips the field)
 * when it is not an object or its `id` or `text` is not a string. A glyph that is not a string is
 * left out; a `timer` or `progress` that does not read, both at once, or an unknown live kind
 * leave the field as [LiveContent.Text]; other members are ignored.
 */
data class LiveField(val id: String, val text: String, val glyph: LiveGlyph?, val content: LiveContent) {
    companion object {
        internal fun read(value: Any?): LiveField? {
            val field = value as? JSONObject ?: return null
            val id = JsonRead.string(field.opt("id")) ?: return null
            val text = JsonRead.string(field.opt("text")) ?: return null
            val content = when {
                field.has("timer") && !field.has("progress") -> LiveTimer.read(field.opt("timer"))?.let { LiveContent.Timer(it) }
                field.has("progress") && !field.has("timer") -> LiveProgress.read(field.opt("progress"))?.let { LiveContent.Progress(it) }
                else -> null
            }
            return LiveField(id, text, JsonRead.string(field.opt("glyph"))?.let(LiveGlyph.Companion::of), content ?: LiveContent.Text)
        }
    }
}
