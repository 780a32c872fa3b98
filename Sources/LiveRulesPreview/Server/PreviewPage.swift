#if Studio
import Foundation

/// The page's files, compiled in from `Sources/LiveRulesPreview/Page` (no resource bundle): the
/// HTML with the token or the data put in, and the style sheet, the script and the fonts (with
/// their licence) as they are.
package enum PreviewPage {
    /// The files served by name (their path in the page folder), with their content types.
    static let assets: [String: String] = [
        "studio.css": "text/css; charset=utf-8", "studio.js": "text/javascript; charset=utf-8",
        "fonts/Inter-Regular.woff2": "font/woff2", "fonts/Inter-SemiBold.woff2": "font/woff2",
        "fonts/NotoSansCJKjp-Regular.woff2": "font/woff2", "fonts/OFL.txt": "text/plain; charset=utf-8",
    ]

    /// The bytes of page file `name`, or nil when none is served by that name.
    static func asset(_ name: String) -> Data? {
        guard assets[name] != nil else { return nil }
        return binaries[name] ?? EmbeddedPage.files[name].map { Data($0.utf8) }
    }

    /// The page as the server serves it: it fetches its data and carries `token` for the
    /// requests that change something.
    static func served(token: PreviewToken) -> String {
        html.replacingOccurrences(of: tokenMark, with: token.value)
    }

    /// The page as a static copy: `data` (the studio's JSON) inside it, the style sheet (its
    /// fonts as data URLs) and script inline, no token; it needs no server.
    static func exported(data: String) -> String {
        // No `<` (only ever inside JSON strings) can end the script element early.
        let inline = data.replacingOccurrences(of: "<", with: "\\u003c")
        var style = EmbeddedPage.files["studio.css"] ?? ""
        for (name, base64) in EmbeddedPage.binaries.sorted(by: { $0.key < $1.key }) {
            style = style.replacingOccurrences(of: "url(\"\(name)\")", with: "url(\"data:\(assets[name] ?? "");base64,\(base64)\")")
        }
        return html
            .replacingOccurrences(of: tokenMark, with: "")
            .replacingOccurrences(of: "<link rel=\"stylesheet\" href=\"studio.css\">", with: "<style>\n\(style)</style>")
            .replacingOccurrences(of: dataMark, with: "<script id=\"studio-data\" type=\"application/json\">\(inline)</script>")
            .replacingOccurrences(of: "<script src=\"studio.js\"></script>", with: "<script>\n\(EmbeddedPage.files["studio.js"] ?? "")</script>")
    }

    /// The binary files' bytes, decoded once.
    private static let binaries: [String: Data] = EmbeddedPage.binaries.compactMapValues { Data(base64Encoded: $0) }
    private static let tokenMark = "{{token}}"
    private static let dataMark = "<!-- studio data -->"
    private static var html: String { EmbeddedPage.files["index.html"] ?? "" }
}
#endif
