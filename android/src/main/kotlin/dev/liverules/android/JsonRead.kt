package dev.liverules.android

import org.json.JSONObject

/** Lenient reads of the values org.json gives: each answers null for a value of another kind, and none throws. */
internal object JsonRead {
    /** The deepest nesting parsed: org.json parses recursively, so deeper text is refused before it reaches the parser. */
    const val MAXIMUM_DEPTH = 512

    /** The object [text] holds; null when it is not JSON, not an object, or nested deeper than [MAXIMUM_DEPTH]. */
    fun objectIn(text: String): JSONObject? {
        if (depth(text) > MAXIMUM_DEPTH) return null
        // The platform's parser decides what is JSON: anything it throws means "not readable".
        return try {
            JSONObject(text)
        } catch (e: Exception) {
            null
        }
    }

    /** A string, or null. */
    fun string(value: Any?): String? = value as? String

    /** A JSON integer that fits an [Int] (not a fraction, not a boolean), or null. */
    fun int(value: Any?): Int? = when (value) {
        is Int -> value
        is Long -> if (value >= Int.MIN_VALUE && value <= Int.MAX_VALUE) value.toInt() else null
        else -> null
    }

    /** A finite number, or null. */
    fun finite(value: Any?): Double? = (value as? Number)?.toDouble()?.takeIf { !it.isNaN() && !it.isInfinite() }

    /** How deep arrays and objects nest in [text], outside strings: a bound, not a validation. */
    private fun depth(text: String): Int {
        var depth = 0
        var deepest = 0
        var inString = false
        var escaped = false
        for (char in text) {
            when {
                escaped -> escaped = false
                inString -> when (char) {
                    '\\' -> escaped = true
                    '"' -> inString = false
                }
                char == '"' -> inString = true
                char == '[' || char == '{' -> {
                    depth += 1
                    if (depth > deepest) deepest = depth
                }
                char == ']' || char == '}' -> depth -= 1
            }
        }
        return deepest
    }
}
