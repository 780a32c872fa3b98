import Foundation

/// The command blocks of a Markdown document, in order, as the documentation tests read them:
/// ```` ```console ```` blocks are run (`$ command` lines, a trailing `\` continuing one, each
/// followed by the output it must print, where a line `…` stands for any number of lines),
/// ```` ```diff ```` blocks are edits applied where they stand, ```` ```sh ```` blocks are shown
/// and never run.
struct DocumentBlocks {
    /// One command of a console block and what it must print.
    struct Step {
        /// The 1-based line of its `$`.
        var line: Int
        var command: String
        var expected: [String]
    }

    enum Block {
        case console([Step])
        /// A unified diff and the line of its opening fence.
        case diff(line: Int, text: String)
        /// Commands shown only, each with its line.
        case shown([(line: Int, command: String)])
    }

    private(set) var blocks: [Block] = []

    /// Reads every fenced block of `text`; other blocks (swift, json, lua, text) are left out.
    init(_ text: String) {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var index = 0
        while index < lines.count {
            let fence = lines[index].trimmingCharacters(in: .whitespaces)
            guard fence.hasPrefix("```"), fence.count > 3 else { index += 1; continue }
            let kind = String(fence.dropFirst(3)).split(separator: " ").first.map(String.init) ?? ""
            let start = index
            var body: [String] = []
            index += 1
            while index < lines.count, lines[index].trimmingCharacters(in: .whitespaces) != "```" {
                body.append(lines[index])
                index += 1
            }
            index += 1
            switch kind {
            case "console": blocks.append(.console(Self.steps(body, firstLine: start + 2)))
            case "diff": blocks.append(.diff(line: start + 1, text: body.joined(separator: "\n") + "\n"))
            case "sh", "bash", "shell": blocks.append(.shown(Self.commands(body, firstLine: start + 2)))
            default: break
            }
        }
    }

    /// The `$` commands of a console block's lines (the first at `firstLine`) and their outputs.
    private static func steps(_ body: [String], firstLine: Int) -> [Step] {
        var steps: [Step] = []
        var continuing = false
        for (offset, line) in body.enumerated() {
            if continuing, var last = steps.popLast() {
                last.command += "\n" + line
                continuing = line.hasSuffix("\\")
                steps.append(last)
            } else if line.hasPrefix("$ ") {
                steps.append(Step(line: firstLine + offset, command: String(line.dropFirst(2)), expected: []))
                continuing = line.hasSuffix("\\")
            } else if !steps.isEmpty {
                steps[steps.count - 1].expected.append(line)
            }
        }
        return steps
    }

    /// The commands of a shown block: its lines that are not comments, blank or continuations.
    private static func commands(_ body: [String], firstLine: Int) -> [(line: Int, command: String)] {
        var commands: [(Int, String)] = []
        var continuing = false
        for (offset, line) in body.enumerated() {
            let text = line.trimmingCharacters(in: .whitespaces)
            defer { continuing = text.hasSuffix("\\") }
            guard !continuing, !text.isEmpty, !text.hasPrefix("#") else { continue }
            commands.append((firstLine + offset, text.hasPrefix("$ ") ? String(text.dropFirst(2)) : text))
        }
        return commands
    }

    /// Whether `actual` is what `expected` shows: line by line, trailing spaces and trailing
    /// blank lines ignored, a line `…` matching any number of lines, and a `⋯` within a line any
    /// text (what differs from run to run, such as a key's id).
    static func matches(_ actual: [String], _ expected: [String]) -> Bool {
        func trimmed(_ lines: [String]) -> [Substring] {
            var lines = lines.map { $0.reversed().drop { $0 == " " }.reversed() }.map { Substring(String($0)) }
            while lines.last?.isEmpty == true { lines.removeLast() }
            return lines
        }
        let actual = trimmed(actual), expected = trimmed(expected)
        // matched[i][j]: expected[i...] matches actual[j...].
        var matched = Array(repeating: Array(repeating: false, count: actual.count + 1), count: expected.count + 1)
        matched[expected.count][actual.count] = true
        for i in stride(from: expected.count - 1, through: 0, by: -1) {
            for j in stride(from: actual.count, through: 0, by: -1) {
                if expected[i] == "…" {
                    matched[i][j] = matched[i + 1][j] || (j < actual.count && matched[i][j + 1])
                } else {
                    matched[i][j] = j < actual.count && line(actual[j], matches: expected[i]) && matched[i + 1][j + 1]
                }
            }
        }
        return matched[0][0]
    }

    /// Whether `actual` is the line `expected`, each `⋯` in it standing for any text.
    private static func line(_ actual: Substring, matches expected: Substring) -> Bool {
        let parts = expected.split(separator: "⋯", omittingEmptySubsequences: false)
        guard parts.count > 1 else { return actual == expected }
        guard actual.hasPrefix(parts[0]), actual.hasSuffix(parts[parts.count - 1]),
              actual.count >= parts[0].count + parts[parts.count - 1].count else { return false }
        var rest = actual.dropFirst(parts[0].count).dropLast(parts[parts.count - 1].count)
        for part in parts.dropFirst().dropLast() {
            guard let found = rest.range(of: part) else { return false }
            rest = rest[found.upperBound...]
        }
        return true
    }
}
