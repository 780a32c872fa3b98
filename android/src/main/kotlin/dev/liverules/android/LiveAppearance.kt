package dev.liverules.android

/** The appearance a presentation gives colours for. A notification is drawn in [LIGHT] or [DARK]. */
enum class LiveAppearance(val rawValue: String) {
    LIGHT("light"),
    DARK("dark"),
    STAND_BY_NIGHT("standByNight");

    /** The appearances whose colours stand in, in order, when a palette lacks this one: itself, then the nearest other. */
    internal val fallbacks: List<LiveAppearance>
        get() = when (this) {
            LIGHT -> listOf(LIGHT, DARK)
            DARK -> listOf(DARK, LIGHT)
            STAND_BY_NIGHT -> listOf(STAND_BY_NIGHT, DARK, LIGHT)
        }
}
