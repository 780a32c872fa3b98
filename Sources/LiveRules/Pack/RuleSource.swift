/// The text of one rule file of a pack.
package struct RuleSource: Sendable, Hashable {
    package var stage: RuleStage
    /// The file, relative to the pack folder.
    package var file: String
    /// How errors name the file: `rules/meetings/badge.lua`.
    package var chunkName: String
    package var text: String
}
