extension PayloadCheck {
    /// Checks a value as the app's default `JSONDecoder` decodes it into the schema's `type`:
    /// the app's keys (near misses and missing required fields are errors), `null` only for
    /// optionals, dates as numbers of seconds since 2001-01-01, enums and colours as the schema
    /// spells them.
    mutating func value(_ value: JSONValue, as type: SchemaType, at path: String) {
        if case .null = value {
            guard !type.isOptional else { return }
            add(.nullValue, at: path, "null where the app's \(type.spelled) is not optional: the device drops the update",
                fix: type.required == .date ? "send the date as seconds since 2001-01-01" : "send a \(type.spelled)")
            return
        }
        switch (type.required, value) {
        case (.string, .string), (.integer, .integer), (.number, .integer), (.number, .number), (.bool, .bool):
            return
        case (.integer, .number(let number)) where number.rounded() == number:
            return
        case (.date, _):
            date(value, at: path)
        case (.colour, .string(let text)) where Colour.isValid(text):
            return
        case (.enumeration(let name, let values), .string(let text)):
            guard !values.contains(text) else { return }
            add(.wrongType, at: path, "\(text) is not a \(name)" + Suggestion.hint(for: text, among: values),
                fix: "send one of \(values.joined(separator: ", "))")
        case (.array(let element), .array(let items)):
            for (index, item) in items.enumerated() { self.value(item, as: element, at: JSONPath.element(index, in: path)) }
        case (.object(let name, let fields), .object(let members)):
            object(members, name: name, fields: fields, at: path)
        default:
            add(.wrongType, at: path, "expected \(type.expected), got \(value.brief)", fix: "send a \(type.required.spelled)")
        }
    }

    private mutating func object(_ members: [String: JSONValue], name: String, fields: [SchemaField], at path: String) {
        let settings = validator.manifest.push
        let keys = fields.map { settings?.key(for: $0.name, in: name) ?? $0.name }
        unknownKeys(of: members, at: path, known: keys)
        for (field, key) in zip(fields, keys) {
            let fieldPath = JSONPath.member(key, in: path)
            guard let member = members[key] else {
                if !field.type.isOptional {
                    add(.missingField, at: fieldPath, "\(name).\(field.name) is required and '\(key)' is missing: the device drops the update",
                        fix: "send '\(key)': \(field.type.spelled)")
                }
                continue
            }
            value(member, as: field.type, at: fieldPath)
        }
    }

    /// A content-state date: a number of seconds since 2001-01-01, not Unix time or milliseconds.
    mutating func date(_ value: JSONValue, at path: String) {
        guard let seconds = value.number else {
            let what = if case .string(let text) = value, ISO8601.parse(text) != nil { "an ISO-8601 string" } else { value.brief }
            add(.dateNotNumber, at: path, "a Date is \(what); the default JSONDecoder reads a number of seconds since 2001-01-01",
                fix: "send Unix seconds minus 978307200")
            return
        }
        if seconds > DeviceTime.millisecondsAbove {
            add(.dateMilliseconds, at: path, "\(value.brief) looks like milliseconds", fix: "send seconds since 2001-01-01")
        } else if DeviceTime.looksUnix(seconds, now: context.now) {
            add(.dateUnixTime, at: path, "\(value.brief) looks like Unix time: the device reads it as about 31 years later",
                fix: "subtract 978307200: content-state dates count from 2001-01-01")
        }
    }
}
