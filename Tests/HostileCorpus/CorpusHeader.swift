/// The header every script of a test corpus starts with: `-- expect: <outcome>` on its first
/// line, explained by a comment on its second.
public enum CorpusHeader {
    /// The `<outcome>` text of `source`'s header; nil when its first two lines are not a header
    /// and a comment.
    public static func outcome(of source: String) -> Substring? {
        let lines = source.split(separator: "\n", maxSplits: 2, omittingEmptySubsequences: false)
        guard lines.count == 3, lines[0].hasPrefix("-- expect: "), lines[1].hasPrefix("-- ") else { return nil }
        return lines[0].dropFirst("-- expect: ".count)
    }
}
