package dev.liverules.android

import org.junit.Assert.assertEquals
import org.junit.Assert.assertTrue
import org.junit.Test
import kotlin.random.Random

/**
 * 10,000 mutations of the bundled fixtures' real messages, from a fixed seed: reading never throws,
 * drawing at any moment never throws, and following [OngoingLayout.refreshAt] from the push moves
 * forward and ends, so an app scheduling redraws never loops. A timer without hours asks for a
 * redraw each minute for as long as its minutes change, a count-up's as long as it counts: with
 * one, the redraws are followed for a day, at most one a minute for each such timer beyond the rest.
 */
class MutationTest {
    @Test
    fun mutatedMessagesReadAndDrawWithoutThrowingOrLooping() {
        val bases = Minutes.fixtures.mapNotNull { it.own }.map { it to FuzzJson.of(org.json.JSONObject(it.getValue("presentation"))) }
        val mutator = MessageMutator(Random(SEED))
        var read = 0
        var refused = 0
        var followedForADay = 0
        val problems = ArrayList<String>()
        for (iteration in 0 until ITERATIONS) {
            val (base, tree) = bases[iteration % bases.size]
            val data = mutator.mutate(base, tree)
            val message = LiveMessage.read(data)
            if (message.presentation == null) refused += 1 else read += 1
            val layout = OngoingLayout(message, setOf("runningLate"))
            val pushed = (data["timestamp"]?.toLongOrNull() ?: 0L) * 1000
            for (millis in listOf(pushed, pushed + 599_999, 0L, Long.MIN_VALUE / 2, Long.MAX_VALUE / 2)) {
                val shown = layout.at(millis)
                val bar = shown.progress
                if (bar != null && (bar.progress < 0 || bar.progress > bar.max)) problems.add("iteration $iteration: bar $bar")
                shown.chronometer?.reading(millis)
            }
            val minuteTimers = message.presentation?.fields(LivePlacement.ANDROID_ONGOING)
                ?.count { (it.content as? LiveContent.Timer)?.timer?.showsHours == false } ?: 0
            val horizon = if (pushed > Long.MAX_VALUE - DAY) Long.MAX_VALUE else pushed + DAY
            var at = pushed
            var redraws = 0
            while (true) {
                val next = layout.refreshAt(at) ?: break
                if (next <= at || ++redraws > MAXIMUM_REDRAWS + minuteTimers * (DAY / 60_000 + 1)) {
                    problems.add("iteration $iteration: refreshAt($at) = $next after $redraws redraws")
                    break
                }
                if (minuteTimers > 0 && next > horizon) {
                    followedForADay += 1
                    break
                }
                at = next
            }
        }
        println("MutationTest: $ITERATIONS mutated messages, $read read, $refused without a presentation, " +
            "$followedForADay redrawn each minute for a day, ${problems.size} problems")
        assertEquals(problems.take(5).joinToString("\n"), 0, problems.size)
        // Both ways out were taken, often.
        assertTrue(read > ITERATIONS / 4)
        assertTrue(refused > ITERATIONS / 20)
    }

    companion object {
        const val SEED = 0x11FEAC7100510044L
        const val ITERATIONS = 10_000
        /** A bar's 100 percents, a timer's start or end, and room to spare. */
        const val MAXIMUM_REDRAWS = 110
        /** How long the redraws of a timer without hours are followed, in milliseconds. */
        const val DAY = 86_400_000L
    }
}
