import Foundation
@testable import LiveRules
import TestPacks

/// The hostile corpus of push payloads (`Resources/hostile-push-texts.json`): texts a rule or a
/// fixture can put into a payload that a shell, a JSON reader or a text replacement would take
/// for something else (token placeholders, command substitutions, quotes, backslashes, line
/// breaks, format directives, braces, NUL and other controls, escapes that look like invalid
/// UTF-8), and a long text made of several of them.
enum HostilePushTexts {
    static let file = Paths.resources.appendingPathComponent("hostile-push-texts.json")

    /// 520 bytes: long enough to cross any buffer of a line's size, short enough that four copies
    /// still fit a 4096-byte push.
    static let long = String(repeating: "$FCM_TOKEN'`\\", count: 40)

    /// The file's texts, then ``long``.
    static func all() throws -> [String] {
        guard case .array(let values) = try JSONParser.parse(Data(contentsOf: file)).value else { throw Malformed() }
        return try values.map { value in
            guard case .string(let text) = value else { throw Malformed() }
            return text
        } + [long]
    }

    struct Malformed: Error, CustomStringConvertible {
        var description: String { "\(HostilePushTexts.file.path) must be a JSON array of strings" }
    }
}
