package dev.liverules.android

/** Where a placement draws a field: a region (the slot: `"title"`, `"text"`, `"progress"`, `"chip"` on Android) and its line, from 1. */
data class LiveRegion(val slot: String, val line: Int) {
    companion object {
        /** The region `"slot:line"` spells, or null: a name, a colon and a line from 1. */
        internal fun of(spelling: String): LiveRegion? {
            val parts = spelling.split(':')
            if (parts.size != 2 || parts[0] == "") return null
            val line = parts[1].toIntOrNull()?.takeIf { it >= 1 && parts[1].all { char -> char in '0'..'9' || char == '+' } } ?: return null
            return LiveRegion(parts[0], line)
        }
    }
}
