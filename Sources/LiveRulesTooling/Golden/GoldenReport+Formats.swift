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
            case .changed: entry["outcome"] = .string("changed")
            }
            let details = Self.details(of: result)
            if !details.isEmpty { entry["details"] = .array(details.map(JSONValue.string)) }
            return .object(entry)
        }
        var report: [String: JSONValue] = [
            "passed": .integer(Int64(passed)),
            "failed": .integer(Int64(failed)),
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
        return try JSONWriter.canonical(.object(report))
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
        var xml = ["<?xml version=\"1.0\" encoding=\"UTF-8\"?>",
                   "<testsuites name=\"liverules\" tests=\"\(passed + failed)\" failures=\"\(failed)\">"]
        for pack in packs {
            let cases = byPack[pack]!
            let failures = cases.filter { !$0.outcome.isPassed }.count
            let time = cases.reduce(0) { $0 + $1.seconds }
            xml.append("  <testsuite name=\"\(escape(pack))\" tests=\"\(cases.count)\" failures=\"\(failures)\" time=\"\(seconds(time))\">")
            for result in cases {
                let open = "    <testcase classname=\"\(escape(pack))\" name=\"\(escape(result.testCase.name))\" time=\"\(seconds(result.seconds))\""
                guard !result.outcome.isPassed else {
                    xml.append(open + "/>")
                    continue
                }
                let details = Self.details(of: result)
                xml.append(open + ">")
                xml.append("      <failure message=\"\(escape(details.first ?? "failed"))\">\(escape(details.joined(separator: "\n")))</failure>")
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
        xml.append("</testsuites>")
        return xml.joined(separator: "\n") + "\n"
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
