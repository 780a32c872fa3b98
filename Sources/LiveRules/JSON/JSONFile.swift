import Foundation
import Lua

/// Reading JSON files with errors that name the file, line and column.
enum JSONFile {
    /// The bytes of the file at `url`, read by ``BoundedFile``: a file of `kind` ("a fixture")
    /// over `limit` bytes is refused unread; `displayPath` names the file in diagnostics.
    static func contents(of url: URL, displayPath: String, limit: Int, kind: String) throws(DiagnosticError) -> Data {
        do {
            return try BoundedFile.read(url.path, limit: limit)
        } catch {
            throw DiagnosticError([Diagnostic(file: displayPath, message: error.message(kind: kind, limit: limit))])
        }
    }

    /// Parses JSON bytes read from the file `displayPath` names and reads the document with
    /// `read`, which returns nil when it reported a problem. The bytes are parsed without
    /// positions first; only a document with problems is parsed again with them and read again,
    /// so its problems are located.
    static func read<Value>(
        _ data: Data, displayPath: String, with read: (inout DocumentReader) -> Value?
    ) throws(DiagnosticError) -> Value {
        var reader = DocumentReader(document: try parse(data, displayPath: displayPath, positions: false), file: displayPath)
        if let value = read(&reader), reader.diagnostics.isEmpty { return value }
        reader = DocumentReader(document: try parse(data, displayPath: displayPath), file: displayPath)
        guard let value = read(&reader) else { throw DiagnosticError(reader.diagnostics) }
        return value
    }

    /// Parses JSON bytes read from the file `displayPath` names; `positions` as in
    /// ``JSONParser/parse(_:positions:)``.
    static func parse(_ data: Data, displayPath: String, positions: Bool = true) throws(DiagnosticError) -> JSONDocument {
        do {
            return try JSONParser.parse(data, positions: positions)
        } catch {
            throw DiagnosticError([Diagnostic(file: displayPath, line: error.position.line, column: error.position.column,
                                              message: "invalid JSON: \(error.message)")])
        }
    }
}
