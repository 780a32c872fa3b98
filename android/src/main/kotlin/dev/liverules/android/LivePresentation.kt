package dev.liverules.android

import org.json.JSONArray
import org.json.JSONObject

/**
 * What a push tells the app to show: the decisions of the backend's rules in the wire form the
 * message's `presentation` carries, version 1 (`schemas/live-presentation-v1.schema.json`), read
 * by the same rules as the iOS library `LiveRulesActivity`:
 * - a missing or non-integer `v` reads as 1; a newer `v` is read as far as this version
 *   understands it; unknown members anywhere are ignored;
 * - a missing or non-string `phase` reads as empty; a `badge` that is not an object as no badge;
 * - a field that does not read is skipped (see [LiveField]);
 * - a placement's index that is not an integer, is out of range, names a skipped field, or repeats
 *   a field id the placement already shows is skipped; a placement that is not a list, or is left
 *   with nothing, is as one not sent; unknown placements are kept;
 * - a region that is not `"slot:line"`, or a placement's regions not one per entry of its list, is
 *   as none sent: the field has no region;
 * - a `palette` that is not an object reads as neutral colours; a missing or incomplete appearance
 *   takes its fallback's colours (see [colours]).
 *
 * Only text that is not a JSON object does not read ([read] answers null).
 */
class LivePresentation private constructor(
    /** The wire form version the push gives ([FORM_VERSION] when it gives none). */
    val version: Int,
    /** What the activity is doing, one of the pack's phases; empty when not sent. */
    val phase: String,
    /** The label the activity wears. */
    val badge: LiveBadge,
    private val fields: List<LiveField>,
    private val placements: Map<LivePlacement, List<Int>>,
    private val regions: Map<LivePlacement, List<LiveRegion?>>,
    private val palette: LivePalette
) {
    /** The fields [placement] shows, in display order; empty when it shows none. */
    fun fields(placement: LivePlacement): List<LiveField> = placements[placement]?.map { fields[it] } ?: emptyList()

    /** Where [placement] draws its field at [position] (of [fields]); null when the push says not (an older backend). */
    fun region(placement: LivePlacement, position: Int): LiveRegion? = regions[placement]?.getOrNull(position)

    /** The colours of [appearance]. */
    fun colours(appearance: LiveAppearance): LiveColours = palette[appearance]

    companion object {
        /** The wire form version this library reads in full. */
        const val FORM_VERSION = 1

        /** The presentation [text] holds; null when it is not a JSON object. Never throws. */
        fun read(text: String): LivePresentation? = JsonRead.objectIn(text)?.let(::read)

        /** The presentation [json] holds. Never throws. */
        fun read(json: JSONObject): LivePresentation {
            val sent = (json.opt("fields") as? JSONArray)?.let { list -> (0 until list.length()).map { LiveField.read(list.opt(it)) } } ?: emptyList()
            val kept = sent.filterNotNull()
            val keptIndex = HashMap<Int, Int>()
            sent.forEachIndexed { position, field -> if (field != null) keptIndex[position] = keptIndex.size }

            val sentRegions = HashMap<String, List<LiveRegion?>>()
            (json.opt("regions") as? JSONObject)?.let { members ->
                for (key in members.keys()) {
                    val list = members.opt(key) as? JSONArray ?: continue
                    sentRegions[key] = (0 until list.length()).map { JsonRead.string(list.opt(it))?.let(LiveRegion.Companion::of) }
                }
            }
            val shown = HashMap<LivePlacement, List<Int>>()
            val placed = HashMap<LivePlacement, List<LiveRegion?>>()
            (json.opt("placements") as? JSONObject)?.let { members ->
                for (key in members.keys()) {
                    val list = members.opt(key) as? JSONArray ?: continue
                    val indices = ArrayList<Int>()
                    val positions = ArrayList<Int>()
                    val ids = HashSet<String>()
                    for (position in 0 until list.length()) {
                        val index = JsonRead.int(list.opt(position))?.let { keptIndex[it] } ?: continue
                        if (!ids.add(kept[index].id)) continue
                        indices.add(index)
                        positions.add(position)
                    }
                    if (indices.isEmpty()) continue
                    val placement = LivePlacement(key)
                    shown[placement] = indices
                    val places = sentRegions[key]
                    if (places != null && places.size == list.length()) placed[placement] = positions.map { places[it] }
                }
            }
            return LivePresentation(
                version = JsonRead.int(json.opt("v")) ?: FORM_VERSION,
                phase = JsonRead.string(json.opt("phase")) ?: "",
                badge = LiveBadge.read(json.opt("badge")),
                fields = kept, placements = shown, regions = placed,
                palette = LivePalette.read(json.opt("palette"))
            )
        }
    }
}
