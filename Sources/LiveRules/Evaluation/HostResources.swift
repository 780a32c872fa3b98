/// The host's Lua files, compiled into this module by the EmbedLua plugin from `Helpers/` and
/// `Driver/` (nothing is looked up at run time).
package enum HostResources {
    /// The name rules `require` the helper modules under: `require "liverules.text"`.
    package static let modulePrefix = "liverules"

    /// The helper modules' texts by path (`liverules/text.lua`).
    package static let helpers: [String: String] = EmbeddedLua.modules

    /// The evaluation driver (`Driver/driver.lua`).
    static let driverSource: String = EmbeddedLua.driver

    /// The driver's chunk name.
    static let driverChunk = "liverules/driver.lua"
}
