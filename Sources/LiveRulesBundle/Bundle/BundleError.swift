#if Service
import LiveRules

/// Why a bundle cannot be written or opened: the file inside it concerned (nil: the whole
/// bundle) and what is wrong.
package struct BundleError: Error, Sendable, CustomStringConvertible {
    /// The path inside the bundle (`badge.lua`, `.signature`), or nil.
    package let member: String?
    /// What is wrong, as a sentence without its subject.
    package let message: String

    init(member: String? = nil, _ message: String) {
        self.member = member
        self.message = message
    }

    package var description: String {
        member.map { "\($0): \(message)" } ?? message
    }

    /// The diagnostic of this error in the bundle `source` (its file or URL):
    /// `https://…/meetings.tar: error: badge.lua: …`.
    package func diagnostic(source: String) -> Diagnostic {
        Diagnostic(about: source, message: description)
    }
}
#endif
