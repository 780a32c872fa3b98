/// A path as the user typed it, without a trailing slash, for naming files in messages.
func displayPath(_ path: String) -> String {
    path.hasSuffix("/") && path.count > 1 ? String(path.dropLast()) : path
}
