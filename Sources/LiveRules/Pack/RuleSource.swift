/// The text of one rule file of a pack.
public struct RuleSource: Sendable, Hashable {
    public var stage: RuleStage
    /// The file, relative to the pack folder.
    public var file: String
    /// How errors name the file: `rules/meetings/badge.lua`.
    public var chunkName: String
    public var text: String
}
