package dev.liverules.android

import org.json.JSONArray
import org.json.JSONObject
import java.io.File

/**
 * The FCM messages `android/test.sh` had the CLI write: every bundled fixture's own, and one per
 * minute of its timeline (see `android/minutes.py`), each as its `data`, or null where the rules
 * failed.
 */
object Minutes {
    /** One bundled fixture: its pack, name, first minute (Unix seconds), own message and one message per minute. */
    class Fixture(val pack: String, val name: String, val from: Long, val own: Map<String, String>?, val minutes: List<Map<String, String>?>)

    /** The repository's root. */
    val root: File by lazy { File(System.getProperty("liverules.root") ?: error("run through android/test.sh: liverules.root is not set")) }

    /** Every bundled fixture, in pack and name order. */
    val fixtures: List<Fixture> by lazy {
        val folder = File(System.getProperty("liverules.minutes") ?: error("run through android/test.sh: liverules.minutes is not set"))
        val chunks = HashMap<String, List<Map<String, String>?>>()
        fun message(pack: String, where: JSONArray): Map<String, String>? {
            val lines = chunks.getOrPut("$pack.${where.getInt(0)}") { File(folder, "$pack.${where.getInt(0)}.out").readLines().map(::data) }
            return lines[where.getInt(1)]
        }
        val index = JSONArray(File(folder, "fixtures.json").readText())
        (0 until index.length()).map { position ->
            val entry = index.getJSONObject(position)
            val pack = entry.getString("pack")
            val minutes = entry.getJSONArray("minutes")
            Fixture(pack, entry.getString("fixture"), entry.getLong("from"), message(pack, entry.getJSONArray("own")),
                (0 until minutes.length()).map { message(pack, minutes.getJSONArray(it)) })
        }
    }

    /** The quick replies each bundled pack's app would name. */
    fun quickReplies(pack: String): Set<String> = if (pack == "meetings") setOf("runningLate") else emptySet()

    /** The `data` of one output line, or null for an `{"error", "line"}` line. */
    private fun data(line: String): Map<String, String>? {
        val data = JSONObject(line).optJSONObject("message")?.getJSONObject("data") ?: return null
        return data.keys().asSequence().associateWith { data.getString(it) }
    }
}
