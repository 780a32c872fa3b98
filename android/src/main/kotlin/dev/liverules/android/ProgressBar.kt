package dev.liverules.android

/** The notification's one progress bar: `setProgress(max, progress, indeterminate)`, drawn for the field [fieldId]. */
data class ProgressBar(val max: Int, val progress: Int, val indeterminate: Boolean, val fieldId: String)
