import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reading JSON files with errors that name the file, line and column.
enum JSONFile {
    /// The bytes of the regular file at `url`, refused without reading them when it has more
    /// than `limit`; `displayPath` names the file in diagnostics and `kind` says what it is
    /// ("a fixture"). Never blocks on a pipe or device: those are refused as not files.
    static func contents(of url: URL, displayPath: String, limit: Int, kind: String) throws(DiagnosticError) -> Data {
        func refused(_ message: String) -> DiagnosticError { DiagnosticError([Diagnostic(file: displayPath, message: message)]) }
        func tooLarge(_ size: String) -> DiagnosticError {
            refused("the file has \(size) bytes; \(kind) may have at most \(limit) (\(limit >> 10) KiB)")
        }
        let descriptor = open(url.path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { throw refused("cannot read the file") }
        let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        var info = stat()
        guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { throw refused("cannot read the file: not a file") }
        guard info.st_size <= limit else { throw tooLarge("\(info.st_size)") }
        let data: Data
        do {
            // One byte past the limit, for a file that grew since fstat.
            data = try handle.read(upToCount: limit + 1) ?? Data()
        } catch {
            throw refused("cannot read the file: \(error.localizedDescription)")
        }
        guard data.count <= limit else { throw tooLarge("more than \(limit)") }
        return data
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
