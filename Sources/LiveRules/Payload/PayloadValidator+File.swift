import Foundation
import Lua

extension PayloadValidator {
    /// The bytes of the push body in the file at `path`, which may hold at most
    /// ``InputLimits/payloadBytes``; the error names the file and says why it was not read.
    public static func body(at path: String) throws(DiagnosticError) -> Data {
        do {
            return try BoundedFile.read(path, limit: InputLimits.payloadBytes)
        } catch {
            throw DiagnosticError([Diagnostic(file: path, message: error.message(kind: "a push body", limit: InputLimits.payloadBytes))])
        }
    }
}
