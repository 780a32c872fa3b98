package dev.liverules.android

import dev.liverules.android.Messages.START
import dev.liverules.android.Messages.START_MILLIS
import org.junit.Assert.assertEquals
import org.junit.Assert.assertNull
import org.junit.Test

/** The mapping of `androidOngoing` onto one notification, part by part, and when it must be drawn again. */
class OngoingLayoutTest {
    private val title = """{"id":"title","text":"Design review"}"""
    private val bar = """{"id":"progress","text":"0%","progress":{"start":$START,"finish":${START + 1200}}}"""
    private val remaining = """{"id":"remaining","text":"20:00 left","timer":{"counts":"down","date":${START + 1200},"suffix":" left"}}"""
    private val late = """{"id":"runningLate","text":"Running late?"}"""

    @Test
    fun aMeetingInProgress() {
        val layout = Messages.layout(listOf(title, bar, remaining, late), listOf("title:1", "progress:1", "text:1", "text:1"), setOf("runningLate"))
        val shown = layout.at(START_MILLIS + 599_000)
        assertEquals("Design review", shown.title)
        assertEquals("", shown.text)
        assertEquals("left", shown.subText)
        assertEquals(Chronometer(START_MILLIS + 1_200_000, true, "remaining"), shown.chronometer)
        assertEquals("10:01", shown.chronometer!!.reading(START_MILLIS + 599_000))
        assertEquals(ProgressBar(100, 49, false, "progress"), shown.progress)
        assertEquals(listOf(QuickReply("runningLate", "Running late?")), shown.actions)
        assertNull(shown.shortCriticalText)
        assertEquals("#0A84FF", shown.light.accent.hex)
        assertEquals("#FF9500", shown.dark.accent.hex)
        // Without the app naming it a quick reply, the action's text is text.
        assertEquals("Running late?", Messages.layout(listOf(title, bar, remaining, late), listOf("title:1", "progress:1", "text:1", "text:1"))
            .at(START_MILLIS).text)
    }

    @Test
    fun aTimerInTheChipIsTheChronometerAndAPercentageTextAStillBar() {
        val eta = """{"id":"eta","text":"8:00","timer":{"counts":"down","date":${START + 480}}}"""
        val countdown = """{"id":"countdown","text":"in 5:00","timer":{"counts":"down","date":${START + 300},"prefix":"in "}}"""
        val layout = Messages.layout(listOf("""{"id":"title","text":"Fresh Market"}""", """{"id":"step","text":"Sam is on the way"}""",
            """{"id":"progress","text":"75%"}""", countdown, eta), listOf("title:1", "text:1", "progress:1", "text:1", "chip:1"))
        val shown = layout.at(START_MILLIS)
        assertEquals(Chronometer(START_MILLIS + 480_000, true, "eta"), shown.chronometer)
        assertNull("the chip shows the chronometer", shown.shortCriticalText)
        assertEquals("", shown.subText)
        assertEquals("Sam is on the way", shown.text)  // the second timer is not drawn
        assertEquals(ProgressBar(100, 75, false, "progress"), shown.progress)
        assertEquals(START_MILLIS + 480_000, layout.refreshAt(START_MILLIS))
    }

    @Test
    fun aTextInTheChipIsItsShortCriticalText() {
        val shown = Messages.layout(listOf("""{"id":"score","text":"Arsenal 1–0 Chelsea"}""", """{"id":"clock","text":"HT"}""",
            """{"id":"event","text":"⚽ 20' Goal"}"""), listOf("title:1", "chip:1", "text:1")).at(START_MILLIS)
        assertEquals("HT", shown.shortCriticalText)
        assertEquals("⚽ 20' Goal", shown.text)
        assertNull(shown.chronometer)
        assertNull(shown.progress)
    }

    @Test
    fun aCountdownStopsAtZeroAsText() {
        val countdown = """{"id":"countdown","text":"in 1:00","timer":{"counts":"down","date":${START + 60},"prefix":"in "}}"""
        val layout = Messages.layout(listOf(title, countdown), listOf("title:1", "text:1"))
        assertEquals("in", layout.at(START_MILLIS).subText)
        assertEquals(START_MILLIS + 60_000, layout.refreshAt(START_MILLIS))
        val ended = layout.at(START_MILLIS + 60_000)
        assertNull(ended.chronometer)
        assertEquals("in 0:00", ended.text)
        assertEquals("", ended.subText)
        assertNull(layout.refreshAt(START_MILLIS + 60_000))
    }

    @Test
    fun aCountUpStartsAtItsDate() {
        val clock = """{"id":"clock","text":"0:00","timer":{"counts":"up","date":${START + 120},"suffix":"'"}}"""
        val layout = Messages.layout(listOf(title, clock), listOf("title:1", "chip:1"))
        assertEquals("0:00'", layout.at(START_MILLIS).shortCriticalText)
        assertEquals(START_MILLIS + 120_000, layout.refreshAt(START_MILLIS))
        val running = layout.at(START_MILLIS + 120_000)
        assertEquals(Chronometer(START_MILLIS + 120_000, false, "clock"), running.chronometer)
        assertEquals("'", running.subText)
        assertNull(running.shortCriticalText)
    }

    @Test
    fun aTimerWithoutHoursIsItsMinutesAndNeverTheChronometer() {
        val stoppage = """{"id":"clock","text":"90+3:20","timer":{"counts":"up","date":$START,"prefix":"90+","showsHours":false}}"""
        val second = """{"id":"second","text":"9:59","timer":{"counts":"down","date":${START + 800},"suffix":" left"}}"""
        val layout = Messages.layout(listOf(title, stoppage, second), listOf("title:1", "chip:1", "text:1"))
        val shown = layout.at(START_MILLIS + 200_000)
        assertEquals("90+3'", shown.shortCriticalText)
        assertEquals("the first chip timer has no hours: the other timer is the chronometer",
            Chronometer(START_MILLIS + 800_000, true, "second"), shown.chronometer)
        assertEquals("left", shown.subText)
        assertEquals("", shown.text)
        assertEquals(START_MILLIS + 240_000, layout.refreshAt(START_MILLIS + 200_000))
        assertEquals("90+4'", layout.at(START_MILLIS + 240_000).shortCriticalText)
        assertEquals("90+3'", layout.at(START_MILLIS + 239_999).shortCriticalText)

        val alone = Messages.layout(listOf(stoppage, """{"id":"event","text":"⚽ 64' Goal"}"""), listOf("title:1", "text:1"))
        val onTheTitleLine = alone.at(START_MILLIS + 4_040_000)
        assertEquals("90+67'", onTheTitleLine.title)
        assertNull(onTheTitleLine.chronometer)
        assertEquals("", onTheTitleLine.subText)
        // Redrawn at every whole minute, for as long as it counts up.
        var at = START_MILLIS + 200_000
        repeat(120) {
            val next = alone.refreshAt(at)!!
            assertEquals(START_MILLIS + 60_000L * (4 + it), next)
            at = next
        }
    }

    @Test
    fun aCountdownWithoutHoursStopsAtZeroMinutes() {
        val kickoff = """{"id":"kickoff","text":"in 65:00","timer":{"counts":"down","date":${START + 3900},"prefix":"in ","showsHours":false}}"""
        val layout = Messages.layout(listOf(title, kickoff), listOf("title:1", "chip:1"))
        assertEquals("in 65'", layout.at(START_MILLIS).shortCriticalText)
        assertEquals("its reading is \"in 64:59\" a second on", START_MILLIS + 1_000, layout.refreshAt(START_MILLIS))
        assertEquals("in 64'", layout.at(START_MILLIS + 1_000).shortCriticalText)
        assertEquals(START_MILLIS + 3_841_000, layout.refreshAt(START_MILLIS + 3_840_000))
        assertEquals("in 0'", layout.at(START_MILLIS + 3_841_000).shortCriticalText)
        assertNull(layout.refreshAt(START_MILLIS + 3_841_000))
        assertNull(layout.at(START_MILLIS).chronometer)
    }

    @Test
    fun theBarIsRedrawnAtEachWholePercent() {
        val layout = Messages.layout(listOf(title, bar), listOf("title:1", "progress:1"))
        // 1,200 s: a percent every 12 s.
        assertEquals(START_MILLIS + 12_000, layout.refreshAt(START_MILLIS))
        assertEquals(START_MILLIS + 12_000, layout.refreshAt(START_MILLIS - 3_600_000))
        assertEquals(1, layout.at(START_MILLIS + 12_000).progress!!.progress)
        assertEquals(0, layout.at(START_MILLIS + 11_999).progress!!.progress)
        assertEquals(START_MILLIS + 1_200_000, layout.refreshAt(START_MILLIS + 1_188_000))
        assertEquals(99, layout.at(START_MILLIS + 1_199_999).progress!!.progress)
        assertEquals(100, layout.at(START_MILLIS + 1_200_000).progress!!.progress)
        assertNull(layout.refreshAt(START_MILLIS + 1_200_000))
        var at = START_MILLIS
        var redraws = 0
        while (true) {
            at = layout.refreshAt(at) ?: break
            redraws += 1
        }
        assertEquals(100, redraws)
    }

    @Test
    fun withoutRegionsTheFirstFieldIsTheTitle() {
        val shown = Messages.layout(listOf(title, """{"id":"where","text":"Studio"}""", """{"id":"next","text":"Next: 1:1"}"""), null).at(START_MILLIS)
        assertEquals("Design review", shown.title)
        assertEquals("Studio · Next: 1:1", shown.text)
    }

    @Test
    fun aPercentageOutsideTheProgressSlotOrOverAHundredIsText() {
        val shown = Messages.layout(listOf(title, """{"id":"a","text":"75%"}""", """{"id":"b","text":"150%"}"""),
            listOf("title:1", "text:1", "progress:1")).at(START_MILLIS)
        assertNull(shown.progress)
        assertEquals("75% · 150%", shown.text)
    }

    @Test
    fun aMessageWithoutAPresentationShowsItsOwnTexts() {
        val shown = OngoingLayout(LiveMessage.read(Messages.data("{", "shortCriticalText" to "8 min"))).at(START_MILLIS)
        assertEquals(listOf("Flat title", "Flat text", "8 min"), listOf(shown.title, shown.text, shown.shortCriticalText))
        assertNull(shown.chronometer)
        assertEquals("#8E8E93", shown.light.accent.hex)
    }

    @Test
    fun anEndedMessageIsNotOngoingAndGoesAwayWhenItSays() {
        val data = Messages.data(Messages.presentation(listOf(title)), "event" to "end", "ongoing" to "false", "requestPromotedOngoing" to "false",
            "dismissAt" to "1772447400")
        val shown = OngoingLayout(LiveMessage.read(data)).at(START_MILLIS)
        assertEquals(false, shown.ongoing)
        assertEquals(false, shown.requestPromotedOngoing)
        assertEquals(1_772_447_400_000L, shown.dismissAtMillis)
        assertEquals(true, OngoingLayout(LiveMessage.read(Messages.data(Messages.presentation(listOf(title)), "alert" to "true"))).at(0).alert)
    }
}
