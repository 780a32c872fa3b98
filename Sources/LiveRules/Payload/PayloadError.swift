/// Why no push payload could be built.
public enum PayloadError: Error, Sendable, CustomStringConvertible {
    /// The pack's `pack.json` has no `"push"` settings.
    case noPushSettings(pack: String)
    /// The app's typed attributes or state do not match the pack's schema.
    case input([SchemaMismatch])
    /// The payload the rules give breaks a rule of APNs or the device (errors only).
    case invalid([PayloadFinding])

    /// What went wrong, one problem per line.
    public var description: String {
        switch self {
        case .noPushSettings(let pack):
            "the pack \(pack) has no \"push\" settings in pack.json: add { \"bundleID\", \"attributesType\" }"
        case .input(let mismatches):
            mismatches.map(\.description).joined(separator: "\n")
        case .invalid(let findings):
            findings.map(\.description).joined(separator: "\n")
        }
    }
}
