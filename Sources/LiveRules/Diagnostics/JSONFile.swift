import Foundation

/// Reading JSON files with errors that name the file, line and column.
enum JSONFile {
    /// Parses the file at `url`; `displayPath` names it in diagnostics.
    static func read(_ url: URL, displayPath: String) throws(DiagnosticError) -> JSONDocument {
        guard let data = FileManager.default.contents(atPath: url.path) else {
            throw DiagnosticError([Diagnostic(file: displayPath, message: "cannot read the file")])
        }
        return try parse(data, displayPath: displayPath)
    }

    /// Parses JSON bytes read from the file `displayPath` names.
    static func parse(_ data: Data, displayPath: String) throws(DiagnosticError) -> JSONDocument {
        do {
            return try JSONParser.parse(data)
        } catch {
            throw DiagnosticError([Diagnostic(file: displayPath, line: error.position.line, column: error.position.column,
                                              message: "invalid JSON: \(error.message)")])
        }
    }
}
