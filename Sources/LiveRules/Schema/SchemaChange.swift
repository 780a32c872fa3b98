/// One difference between an older and a newer content-state schema that matters to activities
/// already running on devices: they keep decoding updates with the app version that started them,
/// so a change the older decoder cannot follow breaks them silently until they end.
public struct SchemaChange: Sendable, Hashable, CustomStringConvertible {
    /// What changed.
    public enum Kind: Sendable, Hashable {
        /// A field the older schema does not have, and not optional.
        case addedRequired
        /// A field the older schema has and the newer does not; `wasOptional` when it could be absent.
        case removed(wasOptional: Bool)
        /// A field that looks renamed: the older `from` is gone and the newer field has its type
        /// and a name a typo away, or is the only new field of that type.
        case renamed(from: String)
        /// The field's type changed (optionality aside).
        case typeChanged(from: String, to: String)
        /// An optional field became required.
        case madeRequired
        /// A required field became optional: updates may now leave it out.
        case madeOptional
        /// An enum gained a value the older decoder does not know.
        case valueAdded(String)
    }

    /// What changed.
    public var kind: Kind
    /// The field in the content state, by the keys the app decodes (the schema's names unless
    /// the pack's push key map says otherwise): `meetings[].start`.
    public var field: String
    /// The object type of the newer schema that declares the field (for a removed field, the
    /// type that declared it before).
    public var typeName: String
    /// The field's name in `typeName`, as the schema declares it.
    public var fieldName: String

    /// Whether activities already running fail to decode updates after this change (an error),
    /// or only some of them, or some updates (a warning).
    public var isBreaking: Bool {
        switch kind {
        case .addedRequired, .renamed, .typeChanged, .madeRequired, .removed(wasOptional: false): true
        case .removed(wasOptional: true), .madeOptional, .valueAdded: false
        }
    }

    /// What changed and what it does to running activities, with the fix.
    public var description: String {
        switch kind {
        case .addedRequired:
            "content state field '\(field)' is new and not optional: activities already running cannot decode updates that carry it; make it optional ('?') or start new activities for it"
        case .removed(wasOptional: false):
            "content state field '\(field)' was removed: activities already running require it and cannot decode updates without it; keep sending it until they have ended"
        case .removed(wasOptional: true):
            "optional content state field '\(field)' was removed: activities already running will show it as absent"
        case .renamed(let from):
            "content state field '\(from)' was renamed to '\(field.split(separator: ".").last ?? "")' (\(field)): activities already running look for '\(from)' and cannot decode updates; keep sending '\(from)' (a CodingKeys entry in the app) until they have ended"
        case .typeChanged(let from, let to):
            "content state field '\(field)' changed type from \(from) to \(to): activities already running cannot decode updates; add a new field instead"
        case .madeRequired:
            "content state field '\(field)' was optional and is now required: activities already running hold states without it; keep it optional"
        case .madeOptional:
            "content state field '\(field)' was required and is now optional: an update that leaves it out cannot be decoded by activities already running"
        case .valueAdded(let value):
            "content state field '\(field)' can now be '\(value)': activities already running cannot decode an update that uses it"
        }
    }
}
