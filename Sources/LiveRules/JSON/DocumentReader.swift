/// Reads a parsed JSON file and collects the problems found in it, each located at the value
/// it is about (or, for a missing member, at the object that lacks it).
struct DocumentReader {
    let document: JSONDocument
    /// How diagnostics name the file.
    let file: String
    private(set) var diagnostics: [Diagnostic] = []

    init(document: JSONDocument, file: String) {
        self.document = document
        self.file = file
    }

    /// Where the value at `path` starts, or its nearest enclosing value that exists.
    func position(of path: String) -> SourcePosition {
        var path = path
        while true {
            if let position = document.positions[path] { return position }
            if path.isEmpty { return SourcePosition(line: 1, column: 1) }
            path = JSONPath.parent(of: path)
        }
    }

    /// Whether ``InputLimits/problemsPerFile`` errors have been reported: later ones are dropped,
    /// unbuilt, so readers may stop looking.
    var isFull: Bool { diagnostics.count > InputLimits.problemsPerFile }

    mutating func error(_ message: @autoclosure () -> String, at path: String) {
        report(.error, message, at: path)
    }

    mutating func warning(_ message: @autoclosure () -> String, at path: String) {
        report(.warning, message, at: path)
    }

    /// Appends the diagnostic, or past the limit one saying the rest were left out, then nothing.
    private mutating func report(_ severity: Diagnostic.Severity, _ message: () -> String, at path: String) {
        guard !isFull else { return }
        guard diagnostics.count < InputLimits.problemsPerFile else {
            diagnostics.append(Diagnostic(file: file, message: "more than \(InputLimits.problemsPerFile) problems; the rest are not reported"))
            return
        }
        let position = position(of: path)
        diagnostics.append(Diagnostic(
            file: file, line: position.line, column: position.column, severity: severity, message: message()))
    }
}
