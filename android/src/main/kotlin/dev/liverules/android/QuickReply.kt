package dev.liverules.android

/**
 * An action with a text reply (`RemoteInput`, result key [fieldId]), labelled [label]: the text the
 * rules gave the field the app names as a quick reply ("Running late?").
 */
data class QuickReply(val fieldId: String, val label: String)
