package dev.liverules.android

import org.json.JSONArray
import org.json.JSONObject

/**
 * The mapping as the article "Android notifications" states it, applied to what the rules present
 * at a moment (a message written for that moment), with org.json alone and the rules' own texts:
 * what the notification must show then. The library's drawing of an earlier push is held to it.
 */
object RulesMapping {
    private const val SECONDS_1970_TO_2001 = 978_307_200L
    private val PERCENTAGE = Regex("[0-9]{1,3}%")

    /** What the rules' `androidOngoing` in [data] (its presentation parsed: [presentation]) says the notification shows at [millis]. */
    fun shown(data: Map<String, String>, presentation: JSONObject, millis: Long, quickReplies: Set<String>): Shown {
        val sent = presentation.getJSONArray("fields")
        val indices = presentation.getJSONObject("placements").optJSONArray("androidOngoing") ?: JSONArray()
        val regions = presentation.optJSONObject("regions")?.optJSONArray("androidOngoing")
        val fields = (0 until indices.length()).map { sent.getJSONObject(indices.getInt(it)) }
        val slots = fields.indices.map { regions?.getString(it)?.substringBefore(':') ?: if (it == 0) "title" else "text" }
        // A timer without hours is text of its whole minutes, never the chronometer.
        val minutes = fields.indices.filter { fields[it].optJSONObject("timer")?.optBoolean("showsHours", true) == false }
        val timers = fields.indices.filter { fields[it].has("timer") && it !in minutes }
        val timed = timers.firstOrNull { slots[it] == "chip" } ?: timers.firstOrNull()
        val barred = fields.indices.firstOrNull { fields[it].has("progress") }
            ?: fields.indices.firstOrNull { slots[it] == "progress" && !fields[it].has("timer") && PERCENTAGE.matches(fields[it].getString("text")) }

        val drawn = ArrayList<Pair<String, String>>()  // slot and text, in display order
        val actions = ArrayList<String>()
        var chronometer: String? = null
        var subText = ""
        var progress: String? = null
        for (index in fields.indices) {
            val field = fields[index]
            val text = field.getString("text")
            val id = field.getString("id")
            when {
                index == timed -> {
                    val timer = field.getJSONObject("timer")
                    val down = timer.getString("counts") == "down"
                    val base = Math.round((timer.getDouble("date") + SECONDS_1970_TO_2001) * 1000)
                    if (if (down) millis < base else millis >= base) {
                        val prefix = timer.optString("prefix")
                        val suffix = timer.optString("suffix")
                        chronometer = "$id ${if (down) "down to" else "up from"} $base: ${androidClock(text.removePrefix(prefix).removeSuffix(suffix))}"
                        subText = listOf(prefix.trim(), suffix.trim()).filter { it.isNotEmpty() }.joinToString(" ")
                    } else {
                        drawn.add(slots[index] to text)
                    }
                }
                index in minutes -> {
                    val timer = field.getJSONObject("timer")
                    val prefix = timer.optString("prefix")
                    val suffix = timer.optString("suffix")
                    drawn.add(slots[index] to "$prefix${text.removePrefix(prefix).removeSuffix(suffix).substringBefore(':')}'$suffix")
                }
                index == barred -> progress = "$id ${text.removeSuffix("%")}/100"
                field.has("timer") || field.has("progress") -> Unit
                id in quickReplies -> actions.add("$id: $text")
                else -> drawn.add(slots[index] to text)
            }
        }
        fun texts(where: (String) -> Boolean) = drawn.filter { where(it.first) }.map { it.second }
        val palette = presentation.getJSONObject("palette")
        return Shown(
            title = texts { it == "title" }.joinToString(" · "),
            text = texts { it != "title" && it != "chip" }.joinToString(" · "),
            subText = subText, chronometer = chronometer, progress = progress,
            chip = texts { it == "chip" }.takeIf { it.isNotEmpty() }?.joinToString(" · "), actions = actions,
            accents = "${palette.getJSONObject("light").getString("accent")} ${palette.getJSONObject("dark").getString("accent")}",
            ongoing = data["ongoing"] == "true"
        )
    }

    /** The rules' clock as Android writes it: minutes in two digits under an hour ("9:59" → "09:59"). */
    private fun androidClock(clock: String): String = if (clock.count { it == ':' } == 1 && clock.indexOf(':') == 1) "0$clock" else clock
}
