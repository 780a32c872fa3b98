package dev.liverules.android

import org.json.JSONObject

/**
 * The colours of every appearance, each complete: a `palette` that is not an object reads as
 * neutral colours; an appearance missing or incomplete takes those of its first complete fallback
 * (standByNight, then dark, then light; dark, then light; light, then dark), else its neutral ones.
 */
internal class LivePalette private constructor(private val colours: Map<LiveAppearance, LiveColours>) {
    operator fun get(appearance: LiveAppearance): LiveColours = colours.getValue(appearance)

    companion object {
        val NEUTRAL = LivePalette(LiveAppearance.values().associate { it to LiveColours.neutral(it) })

        fun read(value: Any?): LivePalette {
            val palette = value as? JSONObject ?: return NEUTRAL
            val given = LiveAppearance.values().associate { it to LiveColours.read(palette.opt(it.rawValue)) }
            return LivePalette(LiveAppearance.values().associate { appearance ->
                appearance to (appearance.fallbacks.mapNotNull { given[it] }.firstOrNull() ?: LiveColours.neutral(appearance))
            })
        }
    }
}
