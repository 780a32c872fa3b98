package dev.liverules.android

import org.json.JSONObject
import org.junit.Assert.assertEquals
import org.junit.Assert.assertTrue
import org.junit.Test
import java.util.IdentityHashMap

/**
 * Every minute of every bundled fixture's timeline, on a device that gets a push only when the
 * notification's content changes in a way it cannot derive, and redraws itself when [OngoingLayout.refreshAt]
 * says: at each minute it shows what the rules' `androidOngoing` of that minute maps to.
 */
class TimelineTest {
    @Test
    fun theNotificationFollowsTheRulesAtEveryMinute() {
        var minutes = 0
        var pushes = 0
        var redraws = 0
        val mismatches = ArrayList<String>()
        // A message shared by fixtures (the same moment of the same state) is read once.
        val presentations = IdentityHashMap<Map<String, String>, JSONObject>()
        val contents = IdentityHashMap<Map<String, String>, String>()
        for (fixture in Minutes.fixtures) {
            val replies = Minutes.quickReplies(fixture.pack)
            var layout: OngoingLayout? = null
            var pushedContent: String? = null
            var drawnAt = 0L
            fixture.minutes.forEachIndexed { step, data ->
                val millis = (fixture.from + 60L * step) * 1000
                assertTrue("${fixture.pack}/${fixture.name}: the rules fail at minute $step", data != null)
                val presentation = presentations.getOrPut(data!!) { JSONObject(data.getValue("presentation")) }
                val content = contents.getOrPut(data) { content(data, presentation) }
                if (content != pushedContent) {
                    layout = OngoingLayout(LiveMessage.read(data), replies)
                    pushedContent = content
                    drawnAt = millis
                    pushes += 1
                } else {
                    while (true) {
                        val next = layout!!.refreshAt(drawnAt) ?: break
                        if (next > millis) break
                        assertTrue("refreshAt moves on", next > drawnAt)
                        drawnAt = next
                        redraws += 1
                    }
                }
                val shown = Shown.of(layout!!.at(drawnAt), millis)
                val expected = RulesMapping.shown(data, presentation, millis, replies)
                if (shown != expected) mismatches.add("${fixture.pack}/${fixture.name} at ${java.time.Instant.ofEpochMilli(millis)}:\n  shows $shown\n  rules $expected")
                minutes += 1
            }
        }
        println("TimelineTest: ${Minutes.fixtures.size} fixtures, $minutes minutes compared, $pushes pushes, $redraws local redraws, ${mismatches.size} mismatches")
        assertEquals(mismatches.take(5).joinToString("\n"), 0, mismatches.size)
    }

    /**
     * What a push carries that the device cannot derive: the `androidOngoing` fields (a live
     * field's text aside, which its form gives), the colours, and the message's flags. A new
     * value needs a push; the alert is left out (the lines are presented without a previous phase).
     */
    private fun content(data: Map<String, String>, presentation: JSONObject): String {
        val fields = presentation.getJSONArray("fields")
        val indices = presentation.getJSONObject("placements").optJSONArray("androidOngoing")
        val regions = presentation.optJSONObject("regions")?.optJSONArray("androidOngoing")
        val shown = (0 until (indices?.length() ?: 0)).map { position ->
            val field = JSONObject(fields.getJSONObject(indices!!.getInt(position)).toString())
            if (field.has("timer") || field.has("progress")) field.remove("text")
            "$field@${regions?.optString(position)}"
        }
        val palette = presentation.getJSONObject("palette")
        return listOf(shown, palette.opt("light"), palette.opt("dark"), data["event"], data["ongoing"], data["requestPromotedOngoing"], data["dismissAt"])
            .joinToString("\n")
    }
}
