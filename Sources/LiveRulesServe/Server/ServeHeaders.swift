#if Service
import HTTPTypes

/// The headers `liverules serve` adds to its answers.
enum ServeHeaders {
    /// The manifest `version` of the pack version that answered.
    static let packVersion = HTTPField.Name("LiveRules-Pack-Version")!
    /// The content hash of the pack version that answered.
    static let packHash = HTTPField.Name("LiveRules-Pack-Hash")!
}
#endif
