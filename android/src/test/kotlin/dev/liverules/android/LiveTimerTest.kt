package dev.liverules.android

import dev.liverules.android.Messages.START
import dev.liverules.android.Messages.START_MILLIS
import org.json.JSONObject
import org.junit.Assert.assertEquals
import org.junit.Assert.assertNotEquals
import org.junit.Assert.assertNull
import org.junit.Test

/** A timer without hours: its reading, the minutes Android draws, and when they change. */
class LiveTimerTest {
    private val up = LiveTimer(START, false, "", "", showsHours = false)
    private val stoppage = LiveTimer(START, false, "90+", "", showsHours = false)
    private val down = LiveTimer(START + 7200, true, "", " left", showsHours = false)

    @Test
    fun withoutHoursItCountsEveryMinute() {
        assertEquals("67:20", up.reading(START_MILLIS + 4_040_000))
        assertEquals("125:03", up.reading(START_MILLIS + 7_503_999))
        assertEquals("1:07:20", up.copy(showsHours = true).reading(START_MILLIS + 4_040_000))
        assertEquals("90+3:20", stoppage.reading(START_MILLIS + 200_000))
        // A countdown counts a partial second whole, a count-up leaves it out, neither below zero.
        assertEquals("119:59 left", down.reading(START_MILLIS + 1_000))
        assertEquals("120:00 left", down.reading(START_MILLIS + 999))
        assertEquals("0:00 left", down.reading(START_MILLIS + 7_300_000))
        assertEquals("0:00", up.reading(START_MILLIS - 5_000))
    }

    @Test
    fun androidDrawsItsWholeMinutes() {
        assertEquals("66'", up.minuteText(START_MILLIS + 3_980_000))
        assertEquals("90+3'", stoppage.minuteText(START_MILLIS + 200_000))
        assertEquals("119' left", down.minuteText(START_MILLIS + 1_000))
        assertEquals("0'", up.minuteText(START_MILLIS - 5_000))
        assertEquals("0' left", down.minuteText(START_MILLIS + 7_300_000))
    }

    @Test
    fun theNextMinuteChangeIsExact() {
        assertEquals(START_MILLIS + 240_000, stoppage.nextMinuteChange(START_MILLIS + 200_000))
        assertEquals(START_MILLIS + 240_000, stoppage.nextMinuteChange(START_MILLIS + 239_999))
        assertEquals(START_MILLIS + 60_000, up.nextMinuteChange(START_MILLIS - 3_600_000))
        // A countdown's minutes drop when its reading leaves the whole minute: "2:00" reads "1:59" at 1:59 left.
        assertEquals(START_MILLIS + 7_081_000, down.nextMinuteChange(START_MILLIS + 7_080_000))
        assertEquals(START_MILLIS + 7_200_000 - 59_000, down.nextMinuteChange(START_MILLIS + 7_140_000))
        assertNull("a countdown stops at zero", down.nextMinuteChange(START_MILLIS + 7_141_000))
        // On dates between milliseconds, at moments all through the minutes: the answer is the first moment reading other minutes.
        for (timer in listOf(LiveTimer(START + 0.4567, false, "", "", false), LiveTimer(START + 3600.0004, true, "", "", false))) {
            for (millis in START_MILLIS - 61_000 until START_MILLIS + 3_661_000 step 6_997) {
                val next = timer.nextMinuteChange(millis) ?: continue
                assertEquals("$timer at $millis", timer.minuteText(millis), timer.minuteText(next - 1))
                assertNotEquals("$timer at $millis", timer.minuteText(millis), timer.minuteText(next))
            }
        }
    }

    @Test
    fun showsHoursReadsLeniently() {
        fun read(showsHours: String) = LiveTimer.read(JSONObject("""{"date":$START,"counts":"up"$showsHours}"""))
        assertEquals(true, read("")!!.showsHours)
        assertEquals(true, read(""","showsHours":null""")!!.showsHours)
        assertEquals(true, read(""","showsHours":true""")!!.showsHours)
        assertEquals(false, read(""","showsHours":false""")!!.showsHours)
        for (odd in listOf("\"false\"", "0", "1", "[false]", "{}")) assertNull(odd, read(""","showsHours":$odd"""))
    }
}
