extension Presenter {
    /// Whether the pack's rules see a global `name` (an identifier) once the pack is set up: the
    /// sandbox's libraries, and what the host adds to them.
    package func definesGlobal(_ name: String) -> Bool {
        guard JSONPath.isIdentifier(name) else { return false }
        return (try? lua.run("return \(name) ~= nil", chunkName: "liverules/globals.lua", returning: Bool.self)) == true
    }
}
