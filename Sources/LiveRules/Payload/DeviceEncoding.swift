/// A pack's schema as the app's default `JSONDecoder` reads it: each field of an object type
/// under the key ``PushSettings`` gives it, dates as seconds since 2001-01-01. Writes values in
/// rule form (as a ``Fixture`` holds them: dates as Unix seconds, absent optionals left out) in
/// that form, each object's members in the order their keys sort.
struct DeviceEncoding: Sendable {
    /// A field of an object type, under the key the app gives it.
    private struct Field: Sendable {
        let name: String
        let key: String
        let type: SchemaType
        /// Whether a value of the field can hold a date.
        let holdsDates: Bool
    }

    private let settings: PushSettings?
    /// The fields of each object type of the schema, by type name, in the order their keys sort.
    private let objects: [String: [Field]]

    /// The encoding of `schema`'s types with the keys of `settings` (none: the field names).
    init(schema: Schema, settings: PushSettings?) {
        self.settings = settings
        var objects: [String: [Field]] = [:]
        for type in [schema.attributes, schema.state] + Array(schema.types.values) {
            if case .object(let name, let fields) = type { objects[name] = Self.fields(fields, of: name, settings: settings) }
        }
        self.objects = objects
    }

    /// Writes `value`, of `type`, in device form.
    func write(_ value: JSONValue, as type: SchemaType, to output: inout some JSONOutput) {
        switch (type, value) {
        case (.optional(let wrapped), _):
            write(value, as: wrapped, to: &output)
        case (.date, .number(let seconds)):
            output.scalar(.number(DeviceTime.since2001(seconds)))
        case (.date, .integer(let seconds)):
            output.scalar(.number(DeviceTime.since2001(Double(seconds))))
        case (.array(let element), .array(let items)):
            output.beginArray()
            for item in items { write(item, as: element, to: &output) }
            output.endArray()
        case (.object(let name, let fields), .object(let members)):
            writeObject(members, name: name, fields: fields, adding: nil as (key: String, value: JSONValue)?, to: &output)
        default:
            value.write(to: &output)
        }
    }

    /// Writes `value`, of `type`, in device form with the member `key` holding `extra` (in place
    /// of a field sent under that key); `null` when the value is not an object.
    func write(_ value: JSONValue, as type: SchemaType, adding key: String, _ extra: some JSONShaped, to output: inout some JSONOutput) {
        guard case .object(var members) = value else {
            output.scalar(.null)
            return
        }
        var type = type
        while case .optional(let wrapped) = type { type = wrapped }
        guard case .object(let name, let fields) = type else {
            members[key] = extra.json
            JSONValue.object(members).write(to: &output)
            return
        }
        writeObject(members, name: name, fields: fields, adding: (key, extra), to: &output)
    }

    /// Whether every date in `value`, of `type`, reads as seconds since 2001 at `now` (Unix
    /// seconds) once written, as the ``PayloadValidator`` judges content-state dates; false for
    /// a date that is not a number.
    func datesArePlain(in value: JSONValue, as type: SchemaType, now: Double) -> Bool {
        switch (type, value) {
        case (.optional(let wrapped), _):
            return datesArePlain(in: value, as: wrapped, now: now)
        case (.date, .number(let seconds)):
            return DeviceTime.isPlainSince2001(DeviceTime.since2001(seconds), now: now)
        case (.date, .integer(let seconds)):
            return DeviceTime.isPlainSince2001(DeviceTime.since2001(Double(seconds)), now: now)
        case (.date, _):
            return false
        case (.array(let element), .array(let items)):
            return items.allSatisfy { datesArePlain(in: $0, as: element, now: now) }
        case (.object(let name, let fields), .object(let members)):
            return sortedFields(name: name, fields: fields).allSatisfy { field in
                guard field.holdsDates, let member = members[field.name], member != .null else { return true }
                return datesArePlain(in: member, as: field.type, now: now)
            }
        default:
            return true
        }
    }

    /// The members of an object of the type `name` with `fields`, each present one under its
    /// key, and `extra`'s member among them.
    private func writeObject<Extra: JSONShaped>(_ members: [String: JSONValue], name: String, fields: [SchemaField],
                                                adding extra: (key: String, value: Extra)?, to output: inout some JSONOutput) {
        output.beginObject()
        var pending = extra
        for field in sortedFields(name: name, fields: fields) {
            guard let member = members[field.name], member != .null else { continue }
            if let (key, value) = pending, !field.key.utf8.lexicographicallyPrecedes(key.utf8) {
                output.key(text: key)
                value.write(to: &output)
                pending = nil
                if field.key == key { continue }
            }
            output.key(text: field.key)
            write(member, as: field.type, to: &output)
        }
        if let (key, value) = pending {
            output.key(text: key)
            value.write(to: &output)
        }
        output.endObject()
    }

    /// The fields of the object type `name`, in the order their keys sort.
    private func sortedFields(name: String, fields: [SchemaField]) -> [Field] {
        objects[name] ?? Self.fields(fields, of: name, settings: settings)
    }

    private static func fields(_ fields: [SchemaField], of name: String, settings: PushSettings?) -> [Field] {
        fields.map { Field(name: $0.name, key: settings?.key(for: $0.name, in: name) ?? $0.name, type: $0.type, holdsDates: $0.type.holdsDates) }
            .sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }
    }
}

extension SchemaType {
    /// Whether a value of the type can hold a date.
    fileprivate var holdsDates: Bool {
        switch self {
        case .date: true
        case .optional(let wrapped), .array(let wrapped): wrapped.holdsDates
        case .object(_, let fields): fields.contains { $0.type.holdsDates }
        case .string, .integer, .number, .bool, .colour, .enumeration: false
        }
    }
}
