package dev.liverules.android

import org.json.JSONObject
import org.junit.Assert.assertEquals
import org.junit.Assert.assertNotNull
import org.junit.Test
import java.io.File
import java.time.Instant

/**
 * Every bundled fixture's FCM message, as the CLI writes it, reads whole: each placement's fields
 * (texts, glyphs, live forms, regions), the phase, the badge and every appearance's colours are
 * those of the fixture's golden file.
 */
class BundledMessageTest {
    @Test
    fun everyFixturesMessageReadsAsItsGolden() {
        var placements = 0
        for (fixture in Minutes.fixtures) {
            val name = "${fixture.pack}/${fixture.name}"
            val message = LiveMessage.read(fixture.own ?: error("$name: the rules fail"))
            val presentation = message.presentation
            assertNotNull("$name: the presentation reads", presentation)
            val golden = JSONObject(File(Minutes.root, "rules/${fixture.pack}/golden/${fixture.name}.json").readText())
            assertEquals(name, golden.getString("phase"), presentation!!.phase)
            val badge = golden.getJSONObject("badge")
            assertEquals(name, LiveBadge(badge.getString("text"), LiveTone(badge.getString("tone"))), presentation.badge)
            val layout = golden.getJSONObject("layout")
            for (placement in layout.keys()) {
                val expected = layout.getJSONObject(placement).getJSONArray("fields").let { fields ->
                    (0 until fields.length()).map { describe(fields.getJSONObject(it)) }
                }
                val live = LivePlacement(placement)
                val read = presentation.fields(live).mapIndexed { position, field -> describe(field, presentation.region(live, position)) }
                assertEquals("$name $placement", expected, read)
                placements += 1
            }
            val palette = golden.getJSONObject("palette")
            for (appearance in LiveAppearance.values()) {
                val colours = palette.getJSONObject(appearance.rawValue)
                val read = presentation.colours(appearance)
                assertEquals("$name ${appearance.rawValue}", listOf("background", "foreground", "accent").map { colours.getString(it).toUpperCase() },
                    listOf(read.background.hex, read.foreground.hex, read.accent.hex))
            }
        }
        println("BundledMessageTest: ${Minutes.fixtures.size} fixtures' messages read as their goldens, $placements placements")
    }

    /** A golden field: `id text [glyph] slot:line live`, its dates as Unix seconds. */
    private fun describe(field: JSONObject): String {
        val live = field.optJSONObject("live")
        val form = live?.optJSONObject("timer")?.let { timer ->
            "timer ${timer.getString("counts")} ${unix(timer.getString("date"))} '${timer.optString("prefix")}' '${timer.optString("suffix")}'" +
                if (timer.optBoolean("showsHours", true)) "" else " without hours"
        } ?: live?.optJSONObject("progress")?.let { "progress ${unix(it.getString("start"))} ${unix(it.getString("finish"))}" } ?: "text"
        return "${field.getString("id")} ${field.getString("text")} [${field.optString("glyph")}] ${field.getString("slot")}:${field.getInt("line")} $form"
    }

    /** A field read from a message, described as [describe] describes a golden one. */
    private fun describe(field: LiveField, region: LiveRegion?): String {
        val form = when (val content = field.content) {
            is LiveContent.Timer -> content.timer.let {
                "timer ${if (it.countsDown) "down" else "up"} ${unix(it.date)} '${it.prefix}' '${it.suffix}'${if (it.showsHours) "" else " without hours"}"
            }
            is LiveContent.Progress -> "progress ${unix(content.progress.start)} ${unix(content.progress.finish)}"
            LiveContent.Text -> "text"
        }
        val glyph = when (val glyph = field.glyph) {
            is LiveGlyph.Dot -> if (glyph.tone == LiveTone.GREEN) "dot" else "${glyph.tone.rawValue} dot"
            is LiveGlyph.Icon -> "icon:${glyph.name}"
            is LiveGlyph.Unknown -> glyph.spelling
            null -> ""
        }
        return "${field.id} ${field.text} [$glyph] ${region?.slot}:${region?.line} $form"
    }

    private fun unix(iso: String): Long = Instant.parse(iso).epochSecond

    private fun unix(seconds2001: Double): Long = Math.round(seconds2001) + 978_307_200L
}
