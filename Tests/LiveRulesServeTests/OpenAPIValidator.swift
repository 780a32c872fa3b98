#if Service
import Foundation
import HTTPTestSupport
import TestPacks

/// Checks answers against `openapi/liverules-serve.json` with a real validator: the `jsonschema`
/// module of the `python3` on the PATH, run in a process of its own. It first checks every
/// schema of the document against JSON Schema's draft 2020-12 (the dialect of OpenAPI 3.1) and,
/// where `openapi_spec_validator` is installed, the document against OpenAPI 3.1. A machine
/// without python3's jsonschema fails the tests that use it, saying what to install.
enum OpenAPIValidator {
    /// The document.
    static let url = Paths.root.appendingPathComponent("openapi/liverules-serve.json")

    /// One value to check: a JSON pointer into the document naming its schema
    /// (`#/components/schemas/Error`) and the JSON text.
    struct Check {
        var schema: String
        var json: String
        var name: String
    }

    /// The errors of each check by name (`path: message`; none for a value the schema accepts),
    /// and the problems of the document itself.
    static func errors(in checks: [Check]) throws -> (values: [String: [String]], document: [String]) {
        let folder = TemporaryFolder.path("openapi")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        var arguments: [String] = []
        for (index, check) in checks.enumerated() {
            let file = folder.appendingPathComponent("\(index).json")
            try Data(check.json.utf8).write(to: file)
            arguments.append(check.schema + "=" + file.path)
        }
        let report = folder.appendingPathComponent("report.json"), log = folder.appendingPathComponent("stderr.txt")
        try Data().write(to: log)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", script, url.path, report.path] + arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = try FileHandle(forWritingTo: log)
        try process.run()
        process.waitUntilExit()
        let errors = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
        switch process.terminationStatus {
        case 0: break
        case 3: throw HTTPTestError("python3 has no jsonschema module: sudo apt-get install python3-jsonschema (\(errors))")
        case let status: throw HTTPTestError("the OpenAPI check exited with status \(status): \(errors)")
        }
        let results = try JSONSerialization.jsonObject(with: Data(contentsOf: report)) as? [String: Any] ?? [:]
        let values = results["values"] as? [String: [String]] ?? [:]
        var named: [String: [String]] = [:]
        for (index, check) in checks.enumerated() { named[check.name, default: []] += values[String(index)] ?? ["not checked"] }
        return (named, results["document"] as? [String] ?? [])
    }

    private static let script = """
        import json, sys
        try:
            import jsonschema
        except ImportError as error:
            sys.stderr.write(str(error) + "\\n")
            sys.exit(3)
        document_path, report_path, *checks = sys.argv[1:]
        with open(document_path, encoding="utf-8") as file:
            document = json.load(file)
        problems = []
        try:
            from openapi_spec_validator import validate
            validate(document)
        except ImportError:
            pass
        except Exception as error:
            problems.append("not valid OpenAPI: " + str(error).split("\\n")[0])
        for name, schema in document["components"]["schemas"].items():
            try:
                jsonschema.Draft202012Validator.check_schema(schema)
            except jsonschema.exceptions.SchemaError as error:
                problems.append(name + ": not a valid schema: " + error.message)
        values = {}
        for index, check in enumerate(checks):
            pointer, path = check.split("=", 1)
            root = dict(document)
            root["$schema"] = "https://json-schema.org/draft/2020-12/schema"
            root["$ref"] = pointer
            validator = jsonschema.Draft202012Validator(root)
            try:
                with open(path, encoding="utf-8") as file:
                    value = json.load(file)
            except ValueError as error:
                values[str(index)] = ["not JSON: " + str(error)]
                continue
            values[str(index)] = sorted("/".join(map(str, error.absolute_path)) + ": " + error.message for error in validator.iter_errors(value))
        with open(report_path, "w", encoding="utf-8") as file:
            json.dump({"values": values, "document": problems}, file)
        """
}
#endif
