#if Service
import HTTPTypes
import LiveRules

/// Why `liverules serve` did not answer a request with what it asked for: a kind (the
/// `liverules_errors_total` label and the body's `kind`), an HTTP status, and the problems as
/// the CLI reports them (`body:1:15: error: …`, naming the request body `body`).
package struct ServeError: Error, Sendable {
    /// What went wrong, and whose fault it is.
    package enum Kind: String, Sendable, CaseIterable {
        /// The body is not JSON (400).
        case json
        /// The body's framing is malformed, so it cannot be read as sent: a bad chunk of a
        /// chunked body, or a body that ends before its length (400).
        case framing
        /// The JSON does not match the pack's schema or the request's form (422).
        case schema
        /// A rule failed or ran out of a budget on the input (500).
        case rule
        /// A rule returned something outside the presentation vocabulary (500).
        case output
        /// The presentation makes no valid push, or the pack has no push settings (500).
        case payload
        /// The pack's rules could not be set up (500).
        case setup
        /// No pack of that name is served (404).
        case unknownPack = "unknown_pack"
        /// No such route (404) or method (405).
        case route
        /// A query parameter is not one the route takes (400).
        case query
        /// The body or a batch line is over its limit (413).
        case tooLarge = "too_large"
        /// The client sent its body too slowly (408).
        case timeout
        /// Every place for a request is taken (503, with `Retry-After`).
        case overloaded
        /// Something the server did not expect (500); its log says what.
        case `internal`

        /// The status a request failing this way gets.
        package var status: HTTPResponse.Status {
            switch self {
            case .json, .framing, .query: .badRequest
            case .schema: .unprocessableContent
            case .rule, .output, .payload, .setup, .internal: .internalServerError
            case .unknownPack, .route: .notFound
            case .tooLarge: .contentTooLarge
            case .timeout: .requestTimeout
            case .overloaded: .serviceUnavailable
            }
        }
    }

    /// What went wrong.
    package var kind: Kind
    /// The problems, never empty.
    package var diagnostics: [Diagnostic]
    /// The status; the kind's unless a route says otherwise (405 for a method).
    package var status: HTTPResponse.Status

    /// An error of `kind` with `diagnostics`.
    package init(_ kind: Kind, _ diagnostics: [Diagnostic], status: HTTPResponse.Status? = nil) {
        self.kind = kind
        self.diagnostics = diagnostics
        self.status = status ?? kind.status
    }

    /// An error of `kind` about `subject` (`body`, a pack's name, a route) with no place in a file.
    package init(_ kind: Kind, about subject: String, _ message: String, status: HTTPResponse.Status? = nil) {
        self.init(kind, [Diagnostic(about: subject, message: message)], status: status)
    }

    /// The name requests' bodies go by in diagnostics, as a file's path does in the CLI's.
    package static let body = "body"

    /// A body that could not be read as the request: not JSON (its diagnostic says
    /// `invalid JSON`, as the readers word every syntax error), or not of the pack's schema.
    package static func unreadable(_ error: DiagnosticError) -> ServeError {
        let isSyntax = error.diagnostics.contains { $0.message.hasPrefix("invalid JSON: ") }
        return ServeError(isSyntax ? .json : .schema, error.diagnostics)
    }

    /// A presentation that failed, its input named `body`.
    package static func failed(_ error: PresentationError) -> ServeError {
        let diagnostics = error.diagnostics(inputFile: body)
        switch error {
        case .input: return ServeError(.schema, diagnostics)
        case .rule: return ServeError(.rule, diagnostics)
        case .output: return ServeError(.output, diagnostics)
        case .setup: return ServeError(.setup, diagnostics)
        case .unknownPack(let name, let known): return unknownPack(name, known: known)
        }
    }

    /// No pack named `name` is served; `known` are those that are.
    package static func unknownPack(_ name: String, known: [String]) -> ServeError {
        let message = PresentationError.unknownPack(name: name, known: known).diagnostics(inputFile: name).first?.message ?? ""
        return ServeError(.unknownPack, about: name, message)
    }

    /// The problems as the CLI prints them, one per line (a batch line's `error`).
    package var message: String {
        diagnostics.map(\.description).joined(separator: "\n")
    }

    /// The answer's body: the ``json`` compact, on one line.
    package var answerBody: String {
        (try? JSONWriter.compact(json)).map { $0 + "\n" } ?? "{}\n"
    }

    /// The answer's fields besides its type: `Retry-After` for an overload.
    package var answerFields: HTTPFields {
        kind == .overloaded ? [.retryAfter: "1"] : [:]
    }

    /// The JSON body: `{"kind", "error", "diagnostics": [{"file", "line", "column", "severity",
    /// "message"}]}` (line and column 0 for a problem with no place in a file).
    package var json: JSONValue {
        .object([
            "kind": .string(kind.rawValue),
            "error": .string(message),
            "diagnostics": .array(diagnostics.map { diagnostic in
                .object([
                    "file": .string(diagnostic.file),
                    "line": .integer(Int64(diagnostic.line)),
                    "column": .integer(Int64(diagnostic.column)),
                    "severity": .string(diagnostic.severity.rawValue),
                    "message": .string(diagnostic.message),
                ])
            }),
        ])
    }
}
#endif
