package dev.liverules.android

import kotlin.random.Random

/**
 * Mutates a real message the ways a broken or hostile sender would: in its presentation, members
 * deleted, duplicated, retyped, renamed or swapped for other parts of it, values nested deep, then
 * sometimes its bytes flipped, inserted, deleted or cut; in its data, keys dropped, renamed or given
 * other values.
 */
class MessageMutator(private val random: Random) {
    /**
     * [data] (whose presentation is [body]) with 1 to 3 mutations of its presentation's tree and,
     * one time in three, of its bytes; one time in four, of the data itself.
     */
    fun mutate(data: Map<String, String>, body: FuzzJson): Map<String, String> {
        val result = LinkedHashMap(data)
        if (random.nextInt(4) == 0) {
            mutateData(result)
            return result
        }
        var tree = body
        repeat(1 + random.nextInt(3)) { tree = mutate(tree, body) }
        var text = tree.text
        if (random.nextInt(3) == 0) repeat(1 + random.nextInt(2)) { text = mutateBytes(text) }
        result["presentation"] = text
        return result
    }

    private fun mutateData(data: MutableMap<String, String>) {
        val keys = data.keys.toList()
        val key = keys[random.nextInt(keys.size)]
        when (random.nextInt(4)) {
            0 -> data.remove(key)
            1 -> data[key] = SCALARS[random.nextInt(SCALARS.size)].text.trim('"')
            2 -> data[NAMES[random.nextInt(NAMES.size)]] = data.getValue(key)
            else -> data[key] = data.getValue(keys[random.nextInt(keys.size)])
        }
    }

    /** [node] with one mutation at a node found by descending at random. */
    private fun mutate(node: FuzzJson, donor: FuzzJson): FuzzJson {
        val children = node.children
        if (children.isNotEmpty() && random.nextInt(4) != 0) {
            val index = random.nextInt(children.size)
            val changed = mutate(children[index], donor)
            return when (node) {
                is FuzzJson.JArray -> FuzzJson.JArray(node.elements.toMutableList().also { it[index] = changed })
                is FuzzJson.JObject -> FuzzJson.JObject(node.members.toMutableList().also { it[index] = it[index].first to changed })
                else -> node
            }
        }
        return mutateHere(node, donor)
    }

    /** [node] deleted from, duplicated into, retyped, renamed, replaced or nested. */
    private fun mutateHere(node: FuzzJson, donor: FuzzJson): FuzzJson {
        val choice = random.nextInt(6)
        return when {
            choice == 0 && node is FuzzJson.JArray && node.elements.isNotEmpty() ->
                FuzzJson.JArray(node.elements.toMutableList().also { it.removeAt(random.nextInt(it.size)) })
            choice == 0 && node is FuzzJson.JObject && node.members.isNotEmpty() ->
                FuzzJson.JObject(node.members.toMutableList().also { it.removeAt(random.nextInt(it.size)) })
            choice == 1 && node is FuzzJson.JArray && node.elements.isNotEmpty() ->
                FuzzJson.JArray(node.elements + node.elements[random.nextInt(node.elements.size)])
            choice == 1 && node is FuzzJson.JObject && node.members.isNotEmpty() ->
                FuzzJson.JObject(node.members + node.members[random.nextInt(node.members.size)])
            choice == 2 -> SCALARS[random.nextInt(SCALARS.size)]
            choice == 3 -> if (node is FuzzJson.JObject && node.members.isNotEmpty()) {
                FuzzJson.JObject(node.members.toMutableList().also {
                    val index = random.nextInt(it.size)
                    it[index] = NAMES[random.nextInt(NAMES.size)] to it[index].second
                })
            } else FuzzJson.JObject(emptyList())
            choice == 4 -> randomNode(donor)
            choice == 5 -> (0 until 1 + random.nextInt(600)).fold(node) { inner, _ ->
                if (random.nextBoolean()) FuzzJson.JArray(listOf(inner)) else FuzzJson.JObject(listOf("x" to inner))
            }
            else -> node
        }
    }

    /** A node of [tree], reached by descending at random. */
    private fun randomNode(tree: FuzzJson): FuzzJson {
        val children = tree.children
        if (children.isEmpty() || random.nextInt(3) == 0) return tree
        return randomNode(children[random.nextInt(children.size)])
    }

    /** [text] with a character flipped, random ones inserted, a range deleted or repeated, or the end cut off. */
    private fun mutateBytes(text: String): String {
        if (text.length == 0) return text
        val position = random.nextInt(text.length)
        return when (random.nextInt(5)) {
            0 -> text.substring(0, position) + (text[position].toInt() xor (1 shl random.nextInt(8))).toChar() + text.substring(position + 1)
            1 -> text.substring(0, position) + String(CharArray(1 + random.nextInt(8)) { random.nextInt(0x100).toChar() }) + text.substring(position)
            2 -> text.removeRange(position, minOf(text.length, position + 1 + random.nextInt(16)))
            3 -> text.substring(0, position) + text.substring(position, minOf(text.length, position + 1 + random.nextInt(32))) + text.substring(position)
            else -> text.substring(0, position)
        }
    }

    companion object {
        /** Scalars a mutation writes in place of a value: the form's own words, edge numbers, awkward strings. */
        val SCALARS = listOf(
            FuzzJson.JNull, FuzzJson.JBool(true), FuzzJson.JBool(false),
            FuzzJson.JNumber("0"), FuzzJson.JNumber("-1"), FuzzJson.JNumber("1"), FuzzJson.JNumber("2"), FuzzJson.JNumber("99"),
            FuzzJson.JNumber("0.5"), FuzzJson.JNumber("-0"), FuzzJson.JNumber("1e308"), FuzzJson.JNumber("-1e308"), FuzzJson.JNumber("1e400"),
            FuzzJson.JNumber("9223372036854775807"), FuzzJson.JNumber("9223372036854775808"), FuzzJson.JNumber("794136600"),
            FuzzJson.JNumber("1772443800123"),
            FuzzJson.JString(""), FuzzJson.JString("down"), FuzzJson.JString("up"), FuzzJson.JString("sideways"), FuzzJson.JString("dot"),
            FuzzJson.JString("warning dot"), FuzzJson.JString("icon:"), FuzzJson.JString("icon:bell"), FuzzJson.JString("#FFFFFF"),
            FuzzJson.JString("#GGGGGG"), FuzzJson.JString("androidOngoing"), FuzzJson.JString("chip:1"), FuzzJson.JString("title:0"),
            FuzzJson.JString("75%"), FuzzJson.JString("\u0000"), FuzzJson.JString("e\u0301"), FuzzJson.JString("\uD83C\uDFDF\uFE0F"),
            FuzzJson.JString("\uD800"), FuzzJson.JString("x".repeat(1000))
        )

        /** Member names a rename writes: the form's own, and the message's. */
        val NAMES = listOf(
            "v", "phase", "badge", "fields", "placements", "regions", "palette", "id", "text", "glyph", "timer", "progress", "date", "counts",
            "prefix", "suffix", "showsHours", "start", "finish", "light", "dark", "standByNight", "androidOngoing", "lockScreen", "accent",
            "event", "title", "ongoing", "alert", "dismissAt", "shortCriticalText", "presentation"
        )
    }
}
