import Lua

/// "Did you mean …?" for a name that is almost one of the known names: the one implementation
/// the sandbox's C checks use too (``LuaText``), so every layer suggests and words alike.
package enum Suggestion {
    /// The known name closest to `name` by edit distance (ignoring ASCII case), when it is close
    /// enough to be a typo: one edit for names under six characters, two otherwise.
    package static func closest(to name: String, among known: some Sequence<String>) -> String? {
        LuaText.closestName(to: name, among: known)
    }

    /// " — did you mean x?" or "".
    package static func hint(for name: String, among known: some Sequence<String>) -> String {
        LuaText.didYouMean(name, among: known)
    }
}
