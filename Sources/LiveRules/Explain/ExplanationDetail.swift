/// How much of an explanation to show.
public enum ExplanationDetail: String, Codable, Sendable, CaseIterable {
    /// The rule author's notes and, per output, the one decisive reason (the first matched
    /// row, dropped field or colour fallback recorded for it).
    case notes
    /// Every entry: also the rows passed over, the fields each placement shows and the accents
    /// that did not fall back.
    case full
}
