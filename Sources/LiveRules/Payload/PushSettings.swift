/// How the app receives pushes for a pack's activities: `"push"` in `pack.json`.
///
/// ```json
/// "push": {
///   "bundleID": "com.example.scores",
///   "attributesType": "MatchAttributes",
///   "keys": { "MatchContentState": { "lastEvent": "last_event" } },
///   "contentState": "both", "presentationKey": "presentation"
/// }
/// ```
/// `keys` maps, per schema type, a field to the key the app's `CodingKeys` give it; a field not
/// listed keeps its schema name, which is what a Swift type without `CodingKeys` uses.
/// `contentState` says what the pushes' content state carries (``ContentStateForm``).
public struct PushSettings: Sendable, Hashable {
    static let members = ["bundleID", "attributesType", "keys", "contentState", "presentationKey"]

    /// The app's bundle identifier; the APNs topic is it with ``topicSuffix``.
    public var bundleID: String
    /// The Swift type name of the app's `ActivityAttributes`: a start push's `attributes-type`.
    public var attributesType: String
    /// The app's key for a field, by schema type name and field name, where it differs from the
    /// field name.
    public var keys: [String: [String: String]]
    /// What the content state carries: the app's state, the presentation, or both.
    public var contentState: ContentStateForm

    /// What Live Activity topics add to the bundle identifier.
    public static let topicSuffix = ".push-type.liveactivity"

    /// Settings for the app `bundleID` whose attributes type is `attributesType`, with its own
    /// `keys` where they differ from the schema's field names, whose pushes carry `contentState`.
    public init(bundleID: String, attributesType: String, keys: [String: [String: String]] = [:], contentState: ContentStateForm = .state) {
        self.bundleID = bundleID
        self.attributesType = attributesType
        self.keys = keys
        self.contentState = contentState
    }

    /// The `apns-topic` header: the bundle identifier and ``topicSuffix``.
    public var topic: String { bundleID + Self.topicSuffix }

    /// The key the app's `Codable` type uses for `field` of the object type `type`.
    public func key(for field: String, in type: String) -> String {
        keys[type]?[field] ?? field
    }
}

extension PushSettings {
    /// Reads `"push"` at `path`, checking names against `schema`; problems go to `reader`.
    static func read(_ value: JSONValue, at path: String, schema: Schema, in reader: inout DocumentReader) -> PushSettings? {
        guard case .object(let members) = value else {
            reader.error("'push' must be an object with \(Self.members.map { "'\($0)'" }.joined(separator: ", "))", at: path)
            return nil
        }
        let before = reader.diagnostics.count
        for key in members.keys.sorted() where !Self.members.contains(key) {
            reader.error("unknown member '\(key)'" + Suggestion.hint(for: key, among: Self.members), at: JSONPath.member(key, in: path))
        }
        var bundleID: String?
        let bundlePath = JSONPath.member("bundleID", in: path)
        if case .string(let text)? = members["bundleID"], isBundleID(text) {
            bundleID = text
        } else {
            reader.error("'bundleID' must be the app's bundle identifier, e.g. \"com.example.app\" (letters, digits, '-' and '.'), got \(members["bundleID"]?.brief ?? "nothing")", at: bundlePath)
        }
        var attributesType: String?
        let typePath = JSONPath.member("attributesType", in: path)
        if case .string(let text)? = members["attributesType"], text.split(separator: ".", omittingEmptySubsequences: false).allSatisfy({ JSONPath.isIdentifier(String($0)) }) {
            attributesType = text
        } else {
            reader.error("'attributesType' must be the Swift type name of the app's ActivityAttributes, e.g. \"MatchAttributes\", got \(members["attributesType"]?.brief ?? "nothing")", at: typePath)
        }
        let keys = readKeys(members["keys"], at: JSONPath.member("keys", in: path), schema: schema, in: &reader)
        let form = readForm(members, at: path, schema: schema, keys: keys, in: &reader)
        guard reader.diagnostics.count == before, let bundleID, let attributesType, let form else { return nil }
        return PushSettings(bundleID: bundleID, attributesType: attributesType, keys: keys, contentState: form)
    }

    /// `"contentState"` (default `"state"`) and, with `"both"`, `"presentationKey"`: an
    /// identifier no field of the content state is sent as.
    private static func readForm(_ members: [String: JSONValue], at path: String, schema: Schema, keys: [String: [String: String]],
                                 in reader: inout DocumentReader) -> ContentStateForm? {
        let formPath = JSONPath.member("contentState", in: path), keyPath = JSONPath.member("presentationKey", in: path)
        var spelling = "state"
        if let value = members["contentState"] {
            guard case .string(let text) = value, ContentStateForm.spellings.contains(text) else {
                let text = if case .string(let text) = value { text } else { "" }
                reader.error("'contentState' must be one of \(ContentStateForm.spellings.map { "\"\($0)\"" }.joined(separator: ", ")), got \(value.brief)"
                    + Suggestion.hint(for: text, among: ContentStateForm.spellings), at: formPath)
                return nil
            }
            spelling = text
        }
        guard spelling == "both" else {
            if members["presentationKey"] != nil {
                reader.error("'presentationKey' names where the presentation goes beside the state: it needs \"contentState\": \"both\"", at: keyPath)
                return nil
            }
            return spelling == "state" ? .state : .presentation
        }
        var key = ContentStateForm.defaultKey
        if let value = members["presentationKey"] {
            guard case .string(let text) = value, JSONPath.isIdentifier(text) else {
                reader.error("'presentationKey' must be a key such as \"presentation\" (letters, digits and '_'), got \(value.brief)", at: keyPath)
                return nil
            }
            key = text
        }
        if case .object(let name, let fields) = schema.state,
           let field = fields.first(where: { (keys[name]?[$0.name] ?? $0.name) == key }) {
            reader.error("'\(key)' is already \(name).\(field.name)'s key in the content state: choose another 'presentationKey'",
                         at: members["presentationKey"] == nil ? formPath : keyPath)
            return nil
        }
        return .both(key: key)
    }

    /// `{ "Type": { "field": "key" } }`: every type an object type of the schema, every field
    /// one of its fields, every key a non-empty string no other field of the type uses.
    private static func readKeys(_ value: JSONValue?, at path: String, schema: Schema, in reader: inout DocumentReader) -> [String: [String: String]] {
        guard let value else { return [:] }
        guard case .object(let types) = value else {
            reader.error("'keys' must map schema type names to { field: key } objects", at: path)
            return [:]
        }
        var objects: [String: [SchemaField]] = [:]
        for type in [schema.attributes, schema.state] + Array(schema.types.values) {
            if case .object(let name, let fields) = type { objects[name] = fields }
        }
        var keys: [String: [String: String]] = [:]
        for typeName in types.keys.sorted() {
            let typePath = JSONPath.member(typeName, in: path)
            guard let fields = objects[typeName] else {
                reader.error("'\(typeName)' is not an object type of the schema" + Suggestion.hint(for: typeName, among: objects.keys), at: typePath)
                continue
            }
            guard case .object(let entries)? = types[typeName] else {
                reader.error("the keys of '\(typeName)' must be an object { field: key }", at: typePath)
                continue
            }
            let names = fields.map(\.name)
            var map: [String: String] = [:]
            for field in entries.keys.sorted() {
                let fieldPath = JSONPath.member(field, in: typePath)
                guard names.contains(field) else {
                    reader.error("'\(field)' is not a field of \(typeName)" + Suggestion.hint(for: field, among: names), at: fieldPath)
                    continue
                }
                guard case .string(let key)? = entries[field], !key.isEmpty else {
                    reader.error("the key of \(typeName).\(field) must be a non-empty string, got \(entries[field]?.brief ?? "nothing")", at: fieldPath)
                    continue
                }
                map[field] = key
            }
            var users: [String: String] = [:]
            for name in names {
                let key = map[name] ?? name
                if let other = users[key] {
                    reader.error("\(typeName).\(other) and \(typeName).\(name) would both be sent as '\(key)'", at: typePath)
                }
                users[key] = name
            }
            if !map.isEmpty { keys[typeName] = map }
        }
        return keys
    }

    /// Letters, digits, `-` and `.`, at least two non-empty parts: `com.example.app`.
    private static func isBundleID(_ text: String) -> Bool {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count >= 2 && parts.allSatisfy { part in
            !part.isEmpty && part.utf8.allSatisfy { byte in
                (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
                    || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "-")
            }
        }
    }
}

// MARK: - ContentStateForm

/// What a pack's pushes carry as the Live Activity's `content-state`: `"contentState"` in
/// `pack.json`'s `"push"` (and `"presentationKey"` with `"both"`).
///
/// The device cannot run the rules: for the badge, the fields of each placement and the colours
/// to reach the screen, the push carries the presentation in its device form
/// (``Presentation/deviceForm``), which the `LiveRulesActivity` library decodes.
public enum ContentStateForm: Sendable, Hashable {
    /// The app's own content state, as the schema describes it (`"state"`, the default).
    case state
    /// The presentation alone (`"presentation"`).
    case presentation
    /// The app's content state with the presentation under `key` (`"both"`, `"presentationKey"`,
    /// by default `"presentation"`), for an app that needs its state as well.
    case both(key: String)

    /// The spellings of `"contentState"`.
    static let spellings = ["state", "presentation", "both"]
    /// The key of the presentation with `"both"` when `pack.json` names none.
    public static let defaultKey = "presentation"
}
