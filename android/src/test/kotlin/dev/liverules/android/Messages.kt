package dev.liverules.android

/** Hand-written messages for the tests: wire-form presentations around a few fields. */
object Messages {
    /** 2026-03-02T09:30:00Z in seconds since 2001, and in Unix milliseconds. */
    const val START = 794_136_600.0
    const val START_MILLIS = 1_772_443_800_000L

    /** A presentation whose `androidOngoing` shows [fields] (wire-form objects) in [regions] (null: none sent). */
    fun presentation(fields: List<String>, regions: List<String>? = null, palette: String = PALETTE): String =
        """{"v":1,"phase":"progress","badge":{"text":"In progress","tone":"green"},"fields":[${fields.joinToString(",")}],""" +
            """"placements":{"androidOngoing":[${fields.indices.joinToString(",")}]},""" +
            (regions?.let { list -> """"regions":{"androidOngoing":[${list.joinToString(",") { "\"$it\"" }}]},""" } ?: "") +
            """"palette":$palette}"""

    /** The data of an update carrying [presentation]. */
    fun data(presentation: String?, vararg extra: Pair<String, String>): Map<String, String> {
        val data = linkedMapOf("event" to "update", "title" to "Flat title", "text" to "Flat text", "shortCriticalText" to "",
            "ongoing" to "true", "requestPromotedOngoing" to "true", "alert" to "false", "timestamp" to "1772443800")
        if (presentation != null) data["presentation"] = presentation
        data.putAll(extra)
        return data
    }

    /** The layout of a message whose `androidOngoing` shows [fields] in [regions]. */
    fun layout(fields: List<String>, regions: List<String>?, quickReplies: Set<String> = emptySet()) =
        OngoingLayout(LiveMessage.read(data(presentation(fields, regions))), quickReplies)

    const val PALETTE = """{"light":{"background":"#FFFFFF","foreground":"#000000","accent":"#0a84ff"},""" +
        """"dark":{"background":"#000000","foreground":"#FFFFFF","accent":"#FF9500"}}"""
}
