extension SchemaType {
    /// A value in rule form (as ``Fixture`` holds it: dates as Unix seconds, absent optionals
    /// left out) as the app's default `JSONDecoder` decodes it: each field under the key
    /// `settings` gives it, dates as seconds since 2001-01-01.
    func deviceValue(_ value: JSONValue, settings: PushSettings?) -> JSONValue {
        switch (self, value) {
        case (.optional(let wrapped), _):
            return wrapped.deviceValue(value, settings: settings)
        case (.date, .number(let seconds)):
            return .number(DeviceTime.since2001(seconds))
        case (.date, .integer(let seconds)):
            return .number(DeviceTime.since2001(Double(seconds)))
        case (.array(let element), .array(let items)):
            return .array(items.map { element.deviceValue($0, settings: settings) })
        case (.object(let name, let fields), .object(let members)):
            var encoded: [String: JSONValue] = [:]
            for field in fields {
                guard let member = members[field.name], member != .null else { continue }
                encoded[settings?.key(for: field.name, in: name) ?? field.name] = field.type.deviceValue(member, settings: settings)
            }
            return .object(encoded)
        default:
            return value
        }
    }
}
