package dev.liverules.android.adapter

import android.Manifest
import android.app.AlarmManager
import android.app.PendingIntent
import android.content.Context
import android.content.Intent
import android.content.pm.PackageManager
import android.content.res.Configuration
import android.os.Build
import androidx.core.app.NotificationCompat
import androidx.core.app.NotificationManagerCompat
import androidx.core.app.RemoteInput
import androidx.core.content.ContextCompat
import dev.liverules.android.LiveMessage
import dev.liverules.android.OngoingLayout
import dev.liverules.android.OngoingNotification
import dev.liverules.android.QuickReply
import org.json.JSONObject

/**
 * Posts the ongoing notification a LiveRules message describes, and redraws it when
 * [OngoingLayout.refreshAt] says, so its bar and a timer without hours move between pushes.
 * Source for apps to compile with androidx.core (1.17 or later for `setRequestPromotedOngoing`
 * and `setShortCriticalText`): the project does not build it, having no Android SDK.
 *
 * Call [post] from `FirebaseMessagingService.onMessageReceived` with `message.data`; declare
 * [OngoingRefreshReceiver] in the manifest.
 */
class OngoingNotifications(
    private val context: Context,
    private val channelId: String,
    private val notificationId: Int,
    private val smallIcon: Int,
    /** The fields drawn as quick replies, and the intent that receives each reply (mutable: the system adds the reply to it). */
    private val quickReplies: Map<String, (QuickReply) -> PendingIntent> = emptyMap()
) {
    /** Shows [data], a message just pushed: it alerts if the message says so. */
    fun post(data: Map<String, String>) {
        store(data)
        draw(data, System.currentTimeMillis(), pushed = true)
    }

    /** Draws the last message pushed again, at [millis], without alerting: the alarm [schedule] set calls it. */
    fun refresh(millis: Long = System.currentTimeMillis()) {
        stored()?.let { draw(it, millis, pushed = false) }
    }

    private fun draw(data: Map<String, String>, millis: Long, pushed: Boolean) {
        if (Build.VERSION.SDK_INT >= 33 &&
            ContextCompat.checkSelfPermission(context, Manifest.permission.POST_NOTIFICATIONS) != PackageManager.PERMISSION_GRANTED) return
        val layout = OngoingLayout(LiveMessage.read(data), quickReplies.keys)
        NotificationManagerCompat.from(context).notify(notificationId, builder(layout.at(millis), millis, pushed).build())
        schedule(layout.refreshAt(millis))
    }

    /** The builder for [shown] at [millis]: each member of [OngoingNotification] is one call. */
    fun builder(shown: OngoingNotification, millis: Long, pushed: Boolean): NotificationCompat.Builder {
        val night = context.resources.configuration.uiMode and Configuration.UI_MODE_NIGHT_MASK == Configuration.UI_MODE_NIGHT_YES
        val builder = NotificationCompat.Builder(context, channelId)
            .setSmallIcon(smallIcon)
            .setContentTitle(shown.title)
            .setContentText(shown.text.takeIf { it.isNotEmpty() })
            .setSubText(shown.subText.takeIf { it.isNotEmpty() })
            .setOngoing(shown.ongoing)
            .setRequestPromotedOngoing(shown.requestPromotedOngoing)
            .setShortCriticalText(shown.shortCriticalText)
            .setOnlyAlertOnce(!(pushed && shown.alert))
            .setColor((if (night) shown.dark else shown.light).accent.argb)
        val chronometer = shown.chronometer
        if (chronometer != null) {
            builder.setUsesChronometer(true).setChronometerCountDown(chronometer.countsDown).setWhen(chronometer.baseMillis).setShowWhen(true)
        } else {
            builder.setUsesChronometer(false).setShowWhen(false)
        }
        shown.progress?.let { builder.setProgress(it.max, it.progress, it.indeterminate) }
        for (reply in shown.actions) {
            val intent = quickReplies[reply.fieldId]?.invoke(reply) ?: continue
            val input = RemoteInput.Builder(reply.fieldId).setLabel(reply.label).build()
            builder.addAction(NotificationCompat.Action.Builder(smallIcon, reply.label, intent).addRemoteInput(input).build())
        }
        shown.dismissAtMillis?.let { builder.setTimeoutAfter(maxOf(0, it - millis)) }
        return builder
    }

    /**
     * Sets the alarm that redraws the notification at [millis] (none when null), replacing the
     * last one. Exact where the app may set exact alarms (a countdown must stop at zero on time),
     * else within a second's window.
     */
    private fun schedule(millis: Long?) {
        val alarms = context.getSystemService(AlarmManager::class.java)
        val intent = PendingIntent.getBroadcast(context, notificationId, Intent(context, OngoingRefreshReceiver::class.java),
            PendingIntent.FLAG_UPDATE_CURRENT or PendingIntent.FLAG_IMMUTABLE)
        alarms.cancel(intent)
        if (millis == null) return
        if (Build.VERSION.SDK_INT < 31 || alarms.canScheduleExactAlarms()) {
            alarms.setExactAndAllowWhileIdle(AlarmManager.RTC_WAKEUP, millis, intent)
        } else {
            alarms.setWindow(AlarmManager.RTC_WAKEUP, millis, 1_000, intent)
        }
    }

    private fun store(data: Map<String, String>) {
        context.getSharedPreferences(PREFERENCES, Context.MODE_PRIVATE).edit().putString("$notificationId", JSONObject(data).toString()).apply()
    }

    private fun stored(): Map<String, String>? {
        val text = context.getSharedPreferences(PREFERENCES, Context.MODE_PRIVATE).getString("$notificationId", null) ?: return null
        val json = JSONObject(text)
        return json.keys().asSequence().associateWith { json.getString(it) }
    }

    private companion object {
        const val PREFERENCES = "dev.liverules.android.messages"
    }
}
