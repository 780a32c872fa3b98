package dev.liverules.android

import org.json.JSONArray
import org.json.JSONObject

/** A JSON value as the mutator edits it: members kept in order and possibly repeated, numbers as their literal text. */
sealed class FuzzJson {
    object JNull : FuzzJson()
    data class JBool(val value: Boolean) : FuzzJson()
    data class JNumber(val literal: String) : FuzzJson()
    data class JString(val value: String) : FuzzJson()
    data class JArray(val elements: List<FuzzJson>) : FuzzJson()
    data class JObject(val members: List<Pair<String, FuzzJson>>) : FuzzJson()

    /** The value as JSON text. */
    val text: String
        get() = StringBuilder().also { write(it) }.toString()

    private fun write(out: StringBuilder) {
        when (this) {
            JNull -> out.append("null")
            is JBool -> out.append(value)
            is JNumber -> out.append(literal)
            is JString -> out.append(JSONObject.quote(value))
            is JArray -> {
                out.append('[')
                elements.forEachIndexed { index, element ->
                    if (index > 0) out.append(',')
                    element.write(out)
                }
                out.append(']')
            }
            is JObject -> {
                out.append('{')
                members.forEachIndexed { index, member ->
                    if (index > 0) out.append(',')
                    out.append(JSONObject.quote(member.first)).append(':')
                    member.second.write(out)
                }
                out.append('}')
            }
        }
    }

    /** The values directly inside, in order. */
    val children: List<FuzzJson>
        get() = when (this) {
            is JArray -> elements
            is JObject -> members.map { it.second }
            else -> emptyList()
        }

    companion object {
        /** The tree of a value org.json gives. */
        fun of(value: Any?): FuzzJson = when (value) {
            null, JSONObject.NULL -> JNull
            is Boolean -> JBool(value)
            is Number -> JNumber(value.toString())
            is String -> JString(value)
            is JSONArray -> JArray((0 until value.length()).map { of(value.opt(it)) })
            is JSONObject -> JObject(value.keys().asSequence().map { it to of(value.opt(it)) }.toList())
            else -> JString(value.toString())
        }
    }
}
