package dev.liverules.android

/**
 * How a message's `androidOngoing` placement is drawn as one ongoing notification, which has one
 * title, one text line, one sub-text in its header, one chronometer (no format), one progress bar,
 * actions and a status-bar chip. The mapping, field by field (the article "Android notifications"
 * states it for rule authors):
 * - a timer without hours is text in its slot's place, as below: its prefix, whole minutes and
 *   "'", suffix ("67'", "90+3'"), redrawn each minute. Android's chronometer shows hours from the
 *   60th minute on, so such a timer is never the chronometer;
 * - the chronometer shows the first other timer in the `chip` slot, else the first other timer:
 *   its clock alone, its words (prefix, then suffix, trimmed) as the sub-text. While it cannot run
 *   as the rules read it (a countdown from its date on, a count-up before its date) it is no
 *   chronometer: the field is drawn as its reading ("in 0:00") in its slot's place. Any other
 *   timer with hours is not drawn;
 * - the bar shows the first progress, at its percentage now, else the first `progress`-slot text
 *   that is a percentage ("75%"), still. Any other progress is not drawn;
 * - a field the app names as a quick reply is an action labelled with its text;
 * - every other field is text in its slot's place: the `title` slot's in the title, the `chip`
 *   slot's in the status-bar chip, the others (`text`, `progress`, slots a later backend adds) in
 *   the text line, each joined by " · " in display order. A field without a region (an older
 *   backend) is the title when first, else text;
 * - colours: each appearance's accent; ongoing, promotion and alert as the message says.
 *
 * A message without a presentation shows its own title, text and chip text, and nothing live.
 * The notification changes by itself only through its chronometer: [refreshAt] says when the app
 * must draw it again so the rest follows the rules.
 */
class OngoingLayout(
    /** The last message pushed. */
    val message: LiveMessage,
    /** The ids of the fields the app draws as quick replies ("runningLate"). */
    quickReplies: Set<String> = emptySet()
) {
    /** A field and the slot it is drawn in. */
    private class Placed(val field: LiveField, val slot: String)

    private val quickReplies = quickReplies.toSet()
    private val placed: List<Placed>
    private val timed: Placed?
    private val barred: Placed?
    /** The timers without hours, drawn as their minutes. */
    private val minuteTimers: List<LiveTimer>

    init {
        val presentation = message.presentation
        val fields = presentation?.fields(LivePlacement.ANDROID_ONGOING) ?: emptyList()
        placed = fields.mapIndexed { position, field ->
            Placed(field, presentation?.region(LivePlacement.ANDROID_ONGOING, position)?.slot ?: if (position == 0) TITLE else TEXT)
        }
        val timers = placed.filter { (it.field.content as? LiveContent.Timer)?.timer?.showsHours == true }
        timed = timers.firstOrNull { it.slot == CHIP } ?: timers.firstOrNull()
        minuteTimers = placed.mapNotNull { (it.field.content as? LiveContent.Timer)?.timer?.takeIf { timer -> !timer.showsHours } }
        barred = placed.firstOrNull { it.field.content is LiveContent.Progress }
            ?: placed.firstOrNull { it.slot == PROGRESS && it.field.content == LiveContent.Text && percentage(it.field.text) != null }
    }

    /** The notification to show at [millis] (Unix milliseconds). */
    fun at(millis: Long): OngoingNotification {
        val presentation = message.presentation
        val light = presentation?.colours(LiveAppearance.LIGHT) ?: LiveColours.neutral(LiveAppearance.LIGHT)
        val dark = presentation?.colours(LiveAppearance.DARK) ?: LiveColours.neutral(LiveAppearance.DARK)
        val dismissAtMillis = message.dismissAt?.takeIf { message.event == "end" }?.let { it * 1000 }
        if (presentation == null) {
            return OngoingNotification(message.title, message.text, "", null, null, message.shortCriticalText.takeIf { it.isNotEmpty() }, emptyList(),
                light, dark, message.ongoing, message.requestPromotedOngoing, message.alert, dismissAtMillis)
        }
        val timer = timer()
        val running = timer != null && running(timer, millis)
        val titles = ArrayList<String>()
        val texts = ArrayList<String>()
        val chips = ArrayList<String>()
        val actions = ArrayList<QuickReply>()
        for (each in placed) {
            val content = each.field.content
            val text = when {
                each === timed -> if (running) null else timer!!.reading(millis)
                content is LiveContent.Timer && !content.timer.showsHours -> content.timer.minuteText(millis)
                each === barred || content != LiveContent.Text -> null
                each.field.id in quickReplies -> {
                    actions.add(QuickReply(each.field.id, each.field.text))
                    null
                }
                else -> each.field.text
            } ?: continue
            when (each.slot) {
                TITLE -> titles.add(text)
                CHIP -> chips.add(text)
                else -> texts.add(text)
            }
        }
        val chronometer = if (running) Chronometer(timer!!.dateMillis, timer.countsDown, timed!!.field.id) else null
        val words = if (running) listOf(timer!!.prefix.trim(), timer.suffix.trim()).filter { it.isNotEmpty() }.joinToString(" ") else ""
        return OngoingNotification(
            title = titles.joinToString(SEPARATOR), text = texts.joinToString(SEPARATOR), subText = words,
            chronometer = chronometer, progress = bar(millis), shortCriticalText = chips.takeIf { it.isNotEmpty() }?.joinToString(SEPARATOR),
            actions = actions, light = light, dark = dark, ongoing = message.ongoing,
            requestPromotedOngoing = message.requestPromotedOngoing, alert = message.alert, dismissAtMillis = dismissAtMillis
        )
    }

    /**
     * The first moment after [millis] at which the notification differs from [at] ([millis]) other
     * than by its chronometer ticking: the bar's next whole percent, a countdown reaching zero, a
     * count-up starting, a timer without hours showing other minutes. Null when it never does
     * until the next push. The app schedules a redraw there (AlarmManager or WorkManager); each
     * answer is after [millis], so following them ends, or goes on once a minute while a timer
     * without hours counts up.
     */
    fun refreshAt(millis: Long): Long? {
        val moments = ArrayList<Long>()
        timer()?.dateMillis?.takeIf { it > millis }?.let { moments.add(it) }
        (barred?.field?.content as? LiveContent.Progress)?.progress?.let { progress -> nextPercent(progress, millis)?.let { moments.add(it) } }
        minuteTimers.mapNotNullTo(moments) { it.nextMinuteChange(millis) }
        return moments.sorted().firstOrNull()
    }

    private fun timer(): LiveTimer? = (timed?.field?.content as? LiveContent.Timer)?.timer

    /** Whether the chronometer runs as the rules read [timer] at [millis]. */
    private fun running(timer: LiveTimer, millis: Long): Boolean = if (timer.countsDown) millis < timer.dateMillis else millis >= timer.dateMillis

    private fun bar(millis: Long): ProgressBar? {
        val field = barred?.field ?: return null
        val percent = when (val content = field.content) {
            is LiveContent.Progress -> content.progress.percent(millis)
            else -> percentage(field.text) ?: return null
        }
        return ProgressBar(100, percent, false, field.id)
    }

    /** The first moment after [millis] at which [progress] reads another whole percent; null when it never does. */
    private fun nextPercent(progress: LiveProgress, millis: Long): Long? =
        if (progress.percent(millis) == 100) null else LiveTime.firstChange(millis, LiveTime.millis(progress.finish)) { progress.percent(it) }

    companion object {
        private const val TITLE = "title"
        private const val TEXT = "text"
        private const val PROGRESS = "progress"
        private const val CHIP = "chip"
        private const val SEPARATOR = " · "
        private val PERCENTAGE = Regex("[0-9]{1,3}%")

        /** The value of a percentage text "0%" to "100%", or null. */
        private fun percentage(text: String): Int? =
            if (PERCENTAGE.matches(text)) text.dropLast(1).toInt().takeIf { it <= 100 } else null
    }
}
