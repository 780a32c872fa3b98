package dev.liverules.android

/**
 * Where an activity shows. Open: a placement a later backend adds reads as itself and is kept; an
 * app never asks for it. This library draws [ANDROID_ONGOING].
 */
data class LivePlacement(val rawValue: String) {
    companion object {
        /** Android's promoted ongoing notification and its status-bar chip. */
        @JvmField val ANDROID_ONGOING = LivePlacement("androidOngoing")
        /** The iOS lock screen card. */
        @JvmField val LOCK_SCREEN = LivePlacement("lockScreen")
        /** The Dynamic Island's minimal presentation. */
        @JvmField val ISLAND_MINIMAL = LivePlacement("islandMinimal")
    }
}
