import Foundation
import LiveRules

extension GoldenReport {
    /// The report as canonical JSON: the counts, every case with its outcome, orphans, pending.
    package func json() throws -> String {
        let cases: [JSONValue] = results.map { result in
            var entry: [String: JSONValue] = [
                "id": .string(result.testCase.id),
                "fixture": .string(result.testCase.fixturePath),
                "golden": .string(result.testCase.goldenPath),
                "seconds": .number((result.seconds * 1e6).rounded() / 1e6),
            ]
            switch result.outcome {
            case .passed: entry["outcome"] = .string("passed")
            case .missing: entry["outcome"] = .string("missing")
            case .failed: entry["outcome"] = .string("failed")
            case .undecided: entry["outcome"] = .string("undecided")
            case .changed: entry["outcome"] = .string("changed")
            }
            let failures = Self.failures(of: result)
            if !failures.isEmpty { entry["failures"] = .array(failures) }
            return .object(entry)
        }
        var report: [String: JSONValue] = [
            "passed": .integer(Int64(passed)),
            "failed": .integer(Int64(failed)),
            "undecided": .integer(Int64(undecided)),
            "cases": .array(cases),
            "orphans": .array(orphans.map(JSONValue.string)),
            "pending": .array(pending.map(JSONValue.string)),
        ]
        if let coverage {
            report["coverage"] = .array(coverage.map { file in
                .object([
                    "file": .string(file.file),
                    "percent": .number((file.percent * 10).rounded() / 10),
                    "executable": .integer(Int64(file.executable.count)),
                    "uncovered": .array(file.uncovered.map { .integer(Int64($0)) }),
                ])
            })
        }
        if let explored { report["explored"] = .array(explored.map(Self.json)) }
        return try JSONWriter.canonical(.object(report))
    }

    /// One explored pack: its states and seed, each broken promise (the promise, placement,
    /// message, where it was decided, why, the explored state's index and the smallest state),
    /// the errors that kept it from being explored, and the warnings.
    private static func json(_ pack: PackExploration) -> JSONValue {
        func diagnostics(_ list: [Diagnostic]) -> JSONValue {
            .array(list.map { .object(["file": .string($0.file), "line": .integer(Int64($0.line)), "column": .integer(Int64($0.column)),
                                       "severity": .string($0.severity.rawValue), "message": .string($0.message)]) })
        }
        return .object([
            "pack": .string(pack.pack), "states": .integer(Int64(pack.count)), "seed": .integer(Int64(bitPattern: pack.seed)),
            "findings": .array(pack.findings.map { finding in
                let failure = finding.failure
                var entry: [String: JSONValue] = [
                    "property": .string(failure.property), "message": .string(failure.message), "state": .integer(Int64(finding.index)),
                    "fixture": finding.fixture, "why": .array(finding.why.map(JSONValue.string)),
                ]
                entry["placement"] = failure.placement.map(JSONValue.string)
                entry["file"] = finding.file.map(JSONValue.string)
                entry["line"] = finding.line.map { .integer(Int64($0)) }
                return .object(entry)
            }),
            "errors": diagnostics(pack.errors), "warnings": diagnostics(pack.warnings),
        ])
    }

    /// What went wrong with one case, as structured values: each problem of a case that could
    /// not be presented (`kind` "error", with file, line, column and message); a changed result
    /// (`kind` "changed", the golden's file and first changed line, the field changes and the
    /// unified diff); a missing golden (`kind` "missing").
    static func failures(of result: GoldenResult) -> [JSONValue] {
        let golden = result.testCase.goldenPath
        switch result.outcome {
        case .passed:
            return []
        case .failed(let diagnostics), .undecided(let diagnostics):
            return diagnostics.map { diagnostic in
                .object(["kind": .string("error"), "file": .string(diagnostic.file), "line": .integer(Int64(diagnostic.line)),
                         "column": .integer(Int64(diagnostic.column)), "severity": .string(diagnostic.severity.rawValue),
                         "message": .string(diagnostic.message)])
            }
        case .missing:
            return [.object(["kind": .string("missing"), "file": .string(golden), "line": .integer(1),
                             "message": .string(result.problems.joined(separator: "\n"))])]
        case .changed(let expected, let actual):
            let changes: [JSONValue] = (result.fieldChanges ?? []).map { change in
                var entry: [String: JSONValue] = ["path": .string(change.path)]
                switch change.kind {
                case .changed: entry["change"] = .string("changed")
                case .added: entry["change"] = .string("added")
                case .removed: entry["change"] = .string("removed")
                }
                if let old = change.old { entry["old"] = old }
                if let new = change.new { entry["new"] = new }
                return .object(entry)
            }
            return [.object([
                "kind": .string("changed"), "file": .string(golden), "line": .integer(Int64(firstChangedLine(expected, actual))),
                "changes": .array(changes),
                "diff": .string(LineDiff.unified(old: expected, new: actual, oldName: golden, newName: "actual")),
            ])]
        }
    }

    /// The 1-based line of `expected` where `actual` first differs from it.
    static func firstChangedLine(_ expected: String, _ actual: String) -> Int {
        let old = expected.split(separator: "\n", omittingEmptySubsequences: false)
        let new = actual.split(separator: "\n", omittingEmptySubsequences: false)
        return ((0..<min(old.count, new.count)).first { old[$0] != new[$0] } ?? min(old.count, new.count)) + 1
    }

    /// The report as JUnit XML: one test suite per pack, one test case per fixture, failures
    /// with their details; orphans and pending files as failed cases in ``GoldenMode/ci``.
    package func junit() -> String {
        var packs: [String] = []
        var byPack: [String: [GoldenResult]] = [:]
        for result in results {
            if byPack[result.testCase.packPath] == nil { packs.append(result.testCase.packPath) }
            byPack[result.testCase.packPath, default: []].append(result)
        }
        let errors = results.filter(\.outcome.isError).count
        var xml = ["<?xml version=\"1.0\" encoding=\"UTF-8\"?>",
                   "<testsuites name=\"liverules\" tests=\"\(passed + failed)\" failures=\"\(failed - errors)\" errors=\"\(errors)\">"]
        for pack in packs {
            let cases = byPack[pack]!
            let errors = cases.filter(\.outcome.isError).count
            let failures = cases.filter { !$0.outcome.isPassed }.count - errors
            let time = cases.reduce(0) { $0 + $1.seconds }
            xml.append("  <testsuite name=\"\(escape(pack))\" tests=\"\(cases.count)\" failures=\"\(failures)\" errors=\"\(errors)\" time=\"\(seconds(time))\">")
            for result in cases {
                let open = "    <testcase classname=\"\(escape(pack))\" name=\"\(escape(result.testCase.name))\" "
                    + "file=\"\(escape(result.testCase.fixturePath))\" time=\"\(seconds(result.seconds))\""
                guard !result.outcome.isPassed else {
                    xml.append(open + "/>")
                    continue
                }
                let details = Self.details(of: result)
                let (element, file, line) = junitPlace(of: result)
                xml.append(open + ">")
                xml.append("      <\(element) message=\"\(escape(details.first ?? "failed"))\" file=\"\(escape(file))\" line=\"\(line)\">"
                    + "\(escape(details.joined(separator: "\n")))</\(element)>")
                xml.append("    </testcase>")
            }
            xml.append("  </testsuite>")
        }
        if mode == .ci && !(orphans.isEmpty && pending.isEmpty) {
            xml.append("  <testsuite name=\"stray files\" tests=\"\(orphans.count + pending.count)\" failures=\"\(orphans.count + pending.count)\">")
            for file in orphans { xml.append("    <testcase name=\"\(escape(file))\"><failure message=\"orphan golden: no fixture has this name\"/></testcase>") }
            for file in pending { xml.append("    <testcase name=\"\(escape(file))\"><failure message=\"pending change: run liverules review\"/></testcase>") }
            xml.append("  </testsuite>")
        }
        for pack in explored ?? [] { xml += junit(pack) }
        xml.append("</testsuites>")
        return xml.joined(separator: "\n") + "\n"
    }

    /// An explored pack as a test suite: a failed case per broken promise, an error case when
    /// it could not be explored, and one passed case when every promise held.
    private func junit(_ pack: PackExploration) -> [String] {
        let name = escape("explore \(pack.pack)")
        var xml = ["  <testsuite name=\"\(name)\" tests=\"\(max(pack.findings.count, 1))\" failures=\"\(pack.findings.count)\" "
                   + "errors=\"\(pack.errors.isEmpty ? 0 : 1)\">"]
        if let error = pack.errors.first {
            xml.append("    <testcase classname=\"\(name)\" name=\"set up\" file=\"\(escape(error.file))\">")
            xml.append("      <error message=\"\(escape(error.message))\" file=\"\(escape(error.file))\" line=\"\(error.line)\">"
                       + "\(escape(pack.errors.map(\.description).joined(separator: "\n")))</error>")
            xml.append("    </testcase>")
        } else if pack.findings.isEmpty {
            xml.append("    <testcase classname=\"\(name)\" name=\"\(pack.count) states (seed \(pack.seed))\"/>")
        }
        for finding in pack.findings {
            let failure = finding.failure, headline = PackExploration.headline(of: finding)
            let file = finding.file ?? pack.pack
            let details = [headline] + finding.why.map { "why: " + $0 } + ["smallest state: " + ((try? JSONWriter.compact(finding.fixture)) ?? "")]
            xml.append("    <testcase classname=\"\(name)\" name=\"\(escape(failure.property + (failure.placement.map { " in " + $0 } ?? "")))\" file=\"\(escape(file))\">")
            xml.append("      <failure message=\"\(escape(headline))\" file=\"\(escape(file))\" line=\"\(finding.line ?? 1)\">"
                       + "\(escape(details.joined(separator: "\n")))</failure>")
            xml.append("    </testcase>")
        }
        xml.append("  </testsuite>")
        return xml
    }

    /// The JUnit element for a failed case and where it points: `error` at the first problem
    /// for a case that could not be presented; `failure` at the golden's first changed line
    /// for a changed or missing golden.
    private func junitPlace(of result: GoldenResult) -> (element: String, file: String, line: Int) {
        switch result.outcome {
        case .failed(let diagnostics), .undecided(let diagnostics):
            return ("error", diagnostics.first?.file ?? result.testCase.fixturePath, diagnostics.first?.line ?? 1)
        case .changed(let expected, let actual):
            return ("failure", result.testCase.goldenPath, Self.firstChangedLine(expected, actual))
        case .passed, .missing:
            return ("failure", result.testCase.goldenPath, 1)
        }
    }

    /// The report as GitHub Actions workflow commands, so each problem shows on the line it is
    /// about: `::error file=…,line=…,col=…,title=…::message` for every problem of the cases
    /// that could not be presented (once per mistake, naming the cases it fails), every changed
    /// golden (at its first changed line, with the field changes) and missing golden; orphans
    /// and pending files as warnings (errors in ``GoldenMode/ci``); then the summary line.
    package func github() -> String {
        var lines: [String] = []
        for group in results.groupedByProblem() {
            let result = group[0], ids = group.map(\.testCase.id).joined(separator: ", ")
            switch result.outcome {
            case .failed(let diagnostics), .undecided(let diagnostics):
                for diagnostic in diagnostics {
                    lines.append(Self.annotation(diagnostic.severity.rawValue, file: diagnostic.file, line: diagnostic.line,
                                                 column: diagnostic.column, title: ids, message: diagnostic.message))
                }
            case .changed(let expected, let actual):
                lines.append(Self.annotation("error", file: result.testCase.goldenPath, line: Self.firstChangedLine(expected, actual),
                                             title: "\(ids) changed", message: result.problems.joined(separator: "\n")))
            case .missing, .passed:
                lines.append(Self.annotation("error", file: result.testCase.goldenPath, line: 1, title: ids,
                                             message: result.problems.joined(separator: "\n")))
            }
        }
        let severity = mode == .ci ? "error" : "warning"
        for orphan in orphans { lines.append(Self.annotation(severity, file: orphan, line: 1, message: "orphan golden: no fixture has this name")) }
        for file in pending { lines.append(Self.annotation(severity, file: file, line: 1, message: "pending change: run `liverules review`")) }
        for pack in explored ?? [] {
            for error in pack.errors {
                lines.append(Self.annotation("error", file: error.file, line: error.line, column: error.column, title: "explore \(pack.pack)", message: error.message))
            }
            for finding in pack.findings {
                let failure = finding.failure
                let details = [failure.message] + finding.why.map { "why: " + $0 } + ["smallest state: " + ((try? JSONWriter.compact(finding.fixture)) ?? "")]
                lines.append(Self.annotation("error", file: finding.file ?? pack.pack, line: finding.line ?? 1,
                                             title: "\(failure.property)\(failure.placement.map { " in " + $0 } ?? "")", message: details.joined(separator: "\n")))
            }
            for warning in pack.warnings {
                lines.append(Self.annotation("warning", file: warning.file, line: warning.line, message: warning.message))
            }
        }
        lines.append(summary)
        return lines.joined(separator: "\n") + "\n"
    }

    /// One workflow command; properties and message escaped as GitHub Actions reads them.
    static func annotation(_ severity: String, file: String, line: Int, column: Int? = nil, title: String? = nil,
                           message: String) -> String {
        func data(_ text: String) -> String {
            TerminalText.escaped(text.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "\r", with: "%0D")
                .replacingOccurrences(of: "\n", with: "%0A"))
        }
        func property(_ text: String) -> String { data(text).replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C") }
        var properties = ["file=\(property(file))", "line=\(line)"]
        if let column { properties.append("col=\(column)") }
        if let title { properties.append("title=\(property(title))") }
        return "::\(severity) \(properties.joined(separator: ","))::\(data(message))"
    }

    private func seconds(_ value: Double) -> String { String(format: "%.6f", value) }

    private func escape(_ text: String) -> String {
        var escaped = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "\n", "\t": escaped.unicodeScalars.append(scalar)
            case "\r": escaped += "&#13;"
            case _ where scalar.value < 0x20:
                escaped += TerminalText.escaped(String(scalar))  // XML 1.0 cannot hold these, not even as references
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped
    }
}
