#if Studio
/// The page's files, compiled in from `Sources/LiveRulesPreview/Page` (no resource bundle): the
/// HTML with the token or the data put in, and the style sheet and script as they are.
package enum PreviewPage {
    /// The files served by name, with their content types.
    static let assets: [String: String] = ["studio.css": "text/css; charset=utf-8", "studio.js": "text/javascript; charset=utf-8"]

    /// The text of page file `name`, or nil when there is none.
    static func asset(_ name: String) -> String? {
        assets[name] == nil ? nil : EmbeddedPage.files[name]
    }

    /// The page as the server serves it: it fetches its data and carries `token` for the
    /// requests that change something.
    static func served(token: PreviewToken) -> String {
        html.replacingOccurrences(of: tokenMark, with: token.value)
    }

    /// The page as a static copy: `data` (the studio's JSON) inside it, the style sheet and
    /// script inline, no token; it needs no server.
    static func exported(data: String) -> String {
        // No `<` (only ever inside JSON strings) can end the script element early.
        let inline = data.replacingOccurrences(of: "<", with: "\\u003c")
        return html
            .replacingOccurrences(of: tokenMark, with: "")
            .replacingOccurrences(of: "<link rel=\"stylesheet\" href=\"studio.css\">", with: "<style>\n\(asset("studio.css") ?? "")</style>")
            .replacingOccurrences(of: dataMark, with: "<script id=\"studio-data\" type=\"application/json\">\(inline)</script>")
            .replacingOccurrences(of: "<script src=\"studio.js\"></script>", with: "<script>\n\(asset("studio.js") ?? "")</script>")
    }

    private static let tokenMark = "{{token}}"
    private static let dataMark = "<!-- studio data -->"
    private static var html: String { EmbeddedPage.files["index.html"] ?? "" }
}
#endif
