import Foundation

/// The strings a JSON text spells, keys and values alike, each as it decodes: what a decoded
/// field's text may be.
enum StringLiterals {
    /// Every string literal in `json`, a JSON text (for other bytes, whatever the scan finds).
    static func all(in json: Data) -> Set<String> {
        var literals: [ArraySlice<UInt8>] = [], start: Int?, escaped = false
        let bytes = [UInt8](json)
        for (position, byte) in bytes.enumerated() {
            guard let opened = start else {
                if byte == UInt8(ascii: "\"") { start = position }
                continue
            }
            if escaped {
                escaped = false
            } else if byte == UInt8(ascii: "\\") {
                escaped = true
            } else if byte == UInt8(ascii: "\"") {
                literals.append(bytes[opened...position])
                start = nil
            }
        }
        // All at once as one array; one by one when some literal does not decode.
        let array = Data([UInt8(ascii: "[")] + literals.joined(separator: [UInt8(ascii: ",")]) + [UInt8(ascii: "]")])
        if let strings = try? JSONDecoder().decode([String].self, from: array) { return Set(strings) }
        return Set(literals.compactMap { try? JSONDecoder().decode(String.self, from: Data($0)) })
    }
}
