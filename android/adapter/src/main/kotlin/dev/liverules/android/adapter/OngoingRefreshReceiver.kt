package dev.liverules.android.adapter

import android.content.BroadcastReceiver
import android.content.Context
import android.content.Intent

/**
 * Redraws the ongoing notification when the alarm [OngoingNotifications] set goes off. Declare it
 * in the manifest (`<receiver android:name="dev.liverules.android.adapter.OngoingRefreshReceiver"
 * android:exported="false"/>`) and build [notifications] as the app's messaging service does.
 */
class OngoingRefreshReceiver : BroadcastReceiver() {
    override fun onReceive(context: Context, intent: Intent) {
        notifications(context).refresh()
    }

    companion object {
        /** How the app builds its [OngoingNotifications]; set it in `Application.onCreate`. */
        lateinit var notifications: (Context) -> OngoingNotifications
    }
}
