import Foundation
import TestPacks

/// The wire form's JSON Schema, checked by a real validator: the `jsonschema` module of the
/// `python3` on the PATH (Debian's python3-jsonschema), run in a process of its own on a small
/// inline script. A machine without it fails the tests that use it, saying what to install,
/// rather than skipping them.
enum SchemaValidator {
    /// Why the validator could not run.
    struct Unavailable: Error, CustomStringConvertible {
        let description: String
    }

    /// Checks the schema against its metaschema (draft 2020-12), then each body: the errors the
    /// validator reports for each, by name, as `path: message` (none for a body it accepts).
    /// `searchPath` replaces the PATH python3 is looked up in.
    static func errors(in bodies: [String: Data], searchPath: String? = nil) throws -> [String: [String]] {
        let folder = TemporaryFolder.path("live-presentation-schema")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        var paths: [String: String] = [:]
        for (index, (name, body)) in bodies.sorted(by: { $0.key < $1.key }).enumerated() {
            let file = folder.appendingPathComponent("\(index).json")
            try body.write(to: file)
            paths[file.path] = name
        }
        let report = folder.appendingPathComponent("report.json"), log = folder.appendingPathComponent("stderr.txt")
        try Data().write(to: log)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", script, PackageFolders.schema.path, report.path] + paths.keys.sorted()
        if let searchPath { process.environment = ProcessInfo.processInfo.environment.merging(["PATH": searchPath]) { $1 } }
        process.standardOutput = FileHandle.nullDevice
        process.standardError = try FileHandle(forWritingTo: log)
        do {
            try process.run()
        } catch {
            throw Unavailable(description: "cannot run /usr/bin/env python3 (\(error)): sudo apt-get install python3-jsonschema")
        }
        process.waitUntilExit()
        let errors = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
        switch process.terminationStatus {
        case 0: break
        case 127: throw Unavailable(description: "python3 is not installed: sudo apt-get install python3-jsonschema (\(errors))")
        case 3: throw Unavailable(description: "python3 has no jsonschema module: sudo apt-get install python3-jsonschema (\(errors))")
        case let status: throw Unavailable(description: "the schema check exited with status \(status): \(errors)")
        }
        let results = try JSONDecoder().decode([String: [String]].self, from: Data(contentsOf: report))
        return Dictionary(uniqueKeysWithValues: results.map { (paths[$0.key] ?? $0.key, $0.value) })
    }

    /// Validates each body file with the schema's own draft (a file that is not JSON gets that
    /// one error); exits 3 without jsonschema, 4 when the schema is not draft 2020-12 or not a
    /// valid schema.
    private static let script = """
        import json, sys
        try:
            import jsonschema
        except ImportError as error:
            sys.stderr.write(str(error) + "\\n")
            sys.exit(3)
        schema_path, report_path, *bodies = sys.argv[1:]
        with open(schema_path, encoding="utf-8") as file:
            schema = json.load(file)
        validator_class = jsonschema.validators.validator_for(schema)
        if validator_class is not jsonschema.Draft202012Validator:
            sys.stderr.write("the schema is not draft 2020-12: " + validator_class.__name__ + "\\n")
            sys.exit(4)
        try:
            validator_class.check_schema(schema)
        except jsonschema.exceptions.SchemaError as error:
            sys.stderr.write("not a valid schema: " + str(error) + "\\n")
            sys.exit(4)
        validator = validator_class(schema)
        report = {}
        for path in bodies:
            try:
                with open(path, encoding="utf-8") as file:
                    body = json.load(file)
            except ValueError as error:
                report[path] = ["not JSON: " + str(error)]
                continue
            report[path] = sorted("/".join(map(str, error.absolute_path)) + ": " + error.message for error in validator.iter_errors(body))
        with open(report_path, "w", encoding="utf-8") as file:
            json.dump(report, file)
        """
}
