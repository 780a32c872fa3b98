import Foundation

/// The host's Lua files, shipped as resources of this module.
enum HostResources {
    /// The folder of the helper modules rules `require` as `liverules.*`.
    static let helpers: URL? = Bundle.module.url(forResource: "Helpers", withExtension: nil)

    /// The evaluation driver (`Driver/driver.lua`).
    static let driverSource: String = {
        guard let url = Bundle.module.url(forResource: "driver", withExtension: "lua", subdirectory: "Driver"),
              let text = try? String(contentsOf: url, encoding: .utf8)
        else { return "error('liverules: the driver resource is missing from this build')" }
        return text
    }()
}
