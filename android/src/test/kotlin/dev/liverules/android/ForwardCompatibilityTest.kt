package dev.liverules.android

import org.junit.Assert.assertEquals
import org.junit.Assert.assertNull
import org.junit.Test

/**
 * A message a newer (or broken) backend writes never stops the notification updating: each part
 * reads by the rules `LiveRulesActivity` follows on iOS, and only text that is not a JSON object
 * leaves the message without a presentation.
 */
class ForwardCompatibilityTest {
    private fun read(fields: String, placements: String, extra: String = "") =
        LivePresentation.read("""{"fields":$fields,"placements":$placements$extra}""")!!

    private fun shown(presentation: LivePresentation, placement: LivePlacement = LivePlacement.LOCK_SCREEN) =
        presentation.fields(placement).map { "${it.id}: ${it.text}" }

    @Test
    fun onlyTextThatIsNotAnObjectDoesNotRead() {
        for (text in listOf("[]", "\"presentation\"", "1", "null", "true", "", "{", "{\"v\": 1", "[".repeat(600) + "]".repeat(600))) {
            assertNull(text, LivePresentation.read(text))
        }
        val deep = "{\"x\":".repeat(600) + "{}" + "}".repeat(600)
        assertNull("nested deeper than the parser is allowed to go", LivePresentation.read(deep))
        assertEquals(1, LivePresentation.read("{}")!!.version)
    }

    @Test
    fun aNewerVersionWithUnknownMembersReadsAsFarAsItIsUnderstood() {
        val presentation = LivePresentation.read("""{"v":2,"phase":"live","sparkle":{"x":[1]},"badge":{"text":"Goal!","tone":"celebration","pulse":true},
            "fields":[{"id":"score","text":"3–1","glyph":"sparkle","emphasis":"strong"}],"placements":{"carPlay":[0],"lockScreen":[0]}}""")!!
        assertEquals(2, presentation.version)
        assertEquals("live", presentation.phase)
        assertEquals(LiveBadge("Goal!", LiveTone("celebration")), presentation.badge)
        assertEquals(listOf("score: 3–1"), shown(presentation))
        assertEquals(listOf("score: 3–1"), shown(presentation, LivePlacement("carPlay")))
        assertEquals(LiveGlyph.Unknown("sparkle"), presentation.fields(LivePlacement.LOCK_SCREEN)[0].glyph)
        assertEquals(LiveBadge.NONE, LivePresentation.read("""{"badge":[1]}""")!!.badge)
        assertEquals(LiveBadge("", LiveTone.NEUTRAL), LivePresentation.read("""{"badge":{"tone":3}}""")!!.badge)
    }

    @Test
    fun glyphsAreReadAsSpelled() {
        assertEquals(LiveGlyph.Dot(LiveTone.GREEN), LiveGlyph.of("dot"))
        assertEquals(LiveGlyph.Dot(LiveTone.GREEN), LiveGlyph.of("green dot"))
        assertEquals(LiveGlyph.Dot(LiveTone("purple")), LiveGlyph.of("purple dot"))
        assertEquals(LiveGlyph.Icon("bell"), LiveGlyph.of("icon:bell"))
        for (spelling in listOf("icon:", "very warning dot", " dot", "sparkle")) assertEquals(LiveGlyph.Unknown(spelling), LiveGlyph.of(spelling))
        val field = read("""[{"id":"a","text":"A","glyph":7}]""", """{"lockScreen":[0]}""").fields(LivePlacement.LOCK_SCREEN)
        assertEquals(listOf(LiveField("a", "A", null, LiveContent.Text)), field)
    }

    @Test
    fun aMalformedLiveFormShowsTheText() {
        val timers = listOf(
            """{"date":"2026-03-02T09:30:00Z","counts":"down"}""", """{"counts":"down"}""", """{"date":794136600}""",
            """{"date":794136600,"counts":"sideways"}""", """{"date":794136600,"counts":"down","prefix":5}""",
            """{"date":794136600,"counts":"down","suffix":["left"]}""", """{"date":794136600,"counts":"up","showsHours":"false"}""",
            """{"date":794136600,"counts":"up","showsHours":0}""", """[794136600,"down"]""", "null"
        )
        for (timer in timers) {
            val field = read("""[{"id":"clock","text":"9:59","timer":$timer}]""", """{"lockScreen":[0]}""").fields(LivePlacement.LOCK_SCREEN)
            assertEquals(timer, LiveContent.Text, field.single().content)
        }
        for (progress in listOf("""{"start":794136600,"finish":794135700}""", """{"start":794136600,"finish":794136600}""",
            """{"start":"09:15","finish":794136600}""", """{"start":794135700}""", "true")) {
            val field = read("""[{"id":"bar","text":"33%","progress":$progress}]""", """{"lockScreen":[0]}""").fields(LivePlacement.LOCK_SCREEN)
            assertEquals(progress, LiveContent.Text, field.single().content)
        }
        val both = read("""[{"id":"x","text":"9:59","timer":{"date":794136600,"counts":"down"},"progress":{"start":1,"finish":2}}]""",
            """{"lockScreen":[0]}""")
        assertEquals(LiveContent.Text, both.fields(LivePlacement.LOCK_SCREEN).single().content)
        val nullWords = read("""[{"id":"x","text":"9:59","timer":{"date":794136600,"counts":"down","prefix":null}}]""", """{"lockScreen":[0]}""")
        assertEquals(LiveContent.Timer(LiveTimer(794136600.0, true, "", "")), nullWords.fields(LivePlacement.LOCK_SCREEN).single().content)
    }

    @Test
    fun badIndicesFieldsAndRepeatedIdsAreSkipped() {
        val indices = read("""[{"id":"a","text":"A"},{"id":"b","text":"B"}]""",
            """{"lockScreen":[0,99,-1,1.5,"1",null,1,true],"islandMinimal":[99],"standBy":"0"}""")
        assertEquals(listOf("a: A", "b: B"), shown(indices))
        assertEquals(emptyList<String>(), shown(indices, LivePlacement.ISLAND_MINIMAL))
        val fields = read("""[{"id":"a"},5,{"id":3,"text":"x"},null,{"text":"no id"},{"id":"b","text":"B"},{"id":"c","text":["C"]}]""",
            """{"lockScreen":[0,1,2,3,4,5,6],"islandMinimal":[5]}""")
        assertEquals(listOf("b: B"), shown(fields))
        assertEquals(listOf("b: B"), shown(fields, LivePlacement.ISLAND_MINIMAL))
        val repeated = read("""[{"id":"title","text":"Design review"},{"id":"title","text":"DR"},{"id":"where","text":"Studio"}]""",
            """{"lockScreen":[0,0,2,1],"islandCompactLeading":[1]}""")
        assertEquals(listOf("title: Design review", "where: Studio"), shown(repeated))
        assertEquals(listOf("title: DR"), shown(repeated, LivePlacement("islandCompactLeading")))
    }

    @Test
    fun regionsReadOnlyWhenThereIsOneForEachEntry() {
        val fields = """[{"id":"a","text":"A"},{"id":"b","text":"B"}]"""
        val placed = read(fields, """{"androidOngoing":[0,7,1]}""", ""","regions":{"androidOngoing":["title:1",3,"chip:1"]}""")
        assertEquals(LiveRegion("title", 1), placed.region(LivePlacement.ANDROID_ONGOING, 0))
        assertEquals(LiveRegion("chip", 1), placed.region(LivePlacement.ANDROID_ONGOING, 1))
        val short = read(fields, """{"androidOngoing":[0,1]}""", ""","regions":{"androidOngoing":["title:1"]}""")
        assertNull(short.region(LivePlacement.ANDROID_ONGOING, 0))
        for (spelling in listOf("title", "title:0", ":1", "title:x", "title:1:2", "title:-1", "title:١")) {
            val odd = read(fields, """{"androidOngoing":[0,1]}""", ""","regions":{"androidOngoing":["$spelling","text:2"]}""")
            assertNull(spelling, odd.region(LivePlacement.ANDROID_ONGOING, 0))
            assertEquals(LiveRegion("text", 2), odd.region(LivePlacement.ANDROID_ONGOING, 1))
        }
    }

    @Test
    fun colourFallBackAppearanceByAppearance() {
        val red = """{"background":"#000000","foreground":"#FF0000","accent":"#ff0000"}"""
        val onlyDark = LivePresentation.read("""{"palette":{"dark":$red,"light":{"background":"#FFFFFF","accent":"#000000"}}}""")!!
        assertEquals("#FF0000", onlyDark.colours(LiveAppearance.LIGHT).accent.hex)
        assertEquals("#FF0000", onlyDark.colours(LiveAppearance.STAND_BY_NIGHT).foreground.hex)
        val none = LivePresentation.read("""{"palette":"dark"}""")!!
        assertEquals(listOf("#FFFFFF", "#000000", "#8E8E93"), none.colours(LiveAppearance.LIGHT).let { listOf(it.background.hex, it.foreground.hex, it.accent.hex) })
        assertNull(LiveColour.of("#GGGGGG"))
        assertNull(LiveColour.of("FFFFFF"))
        assertNull(LiveColour.of("#１２３４５６"))
        assertEquals(0xFF0A84FF.toInt(), LiveColour.of("#0a84ff")!!.argb)
    }

    @Test
    fun theMessagesFlagsReadLeniently() {
        val bare = LiveMessage.read(emptyMap())
        assertEquals(listOf("update", "", true, true, false), listOf(bare.event, bare.title, bare.ongoing, bare.requestPromotedOngoing, bare.alert))
        assertNull(bare.presentation)
        val ended = LiveMessage.read(mapOf("event" to "end", "ongoing" to "yes", "timestamp" to "soon", "alert" to "TRUE"))
        assertEquals(listOf(false, false, null), listOf(ended.ongoing, ended.alert, ended.timestamp))
    }
}
