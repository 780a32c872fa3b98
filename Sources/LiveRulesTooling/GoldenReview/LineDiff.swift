import LiveRules

/// Line-oriented unified diffs in the format of `diff -u`.
package enum LineDiff {
    /// The unified diff turning `old` into `new`, or `""` when their UTF-8 bytes are equal.
    ///
    /// Text is split into lines at `"\n"`; lines compare by their bytes, and a last line
    /// without a newline differs from the same text with one. The output starts with
    /// `--- oldName` and `+++ newName`, followed by hunks headed `@@ -a,b +c,d @@` with 1-based
    /// line numbers; as in GNU diff, a count of 1 is omitted (`-a`) and an empty range names
    /// the line before it (`-a,0`). Lines are prefixed by ` ` (context), `-` (removed) or `+`
    /// (added), removals before additions within a change, and a last line without a newline
    /// is followed by `\ No newline at end of file`. Each hunk shows up to `context` unchanged
    /// lines around its changes (a negative `context` counts as 0); hunks whose context would
    /// touch or overlap are merged.
    ///
    /// The edit script is a minimal one found by Myers' linear-space algorithm, after which
    /// runs of changes slide over equal lines as in GNU diff: they merge where they can and
    /// otherwise sit as late as possible. The output is deterministic and takes
    /// O((N + M) · D) time for N and M lines with D of them differing.
    package static func unified(old: String, new: String, oldName: String, newName: String, context: Int = 3) -> String {
        let oldLines = lines(of: old)
        let newLines = lines(of: new)
        var numbers: [Line: Int] = [:]
        func number(_ line: Line) -> Int {
            if let known = numbers[line] { return known }
            numbers[line] = numbers.count
            return numbers.count - 1
        }
        var marks = ChangeMarks(old: oldLines.map(number), new: newLines.map(number))
        marks.compare(0, oldLines.count, 0, newLines.count)
        marks.shiftBoundaries()

        let steps = marks.steps()
        let changes = steps.indices.filter { steps[$0].kind != .same }
        guard let firstChange = changes.first else { return "" }

        let context = max(context, 0)
        var output = "--- \(oldName)\n+++ \(newName)\n"
        var hunkStart = firstChange
        var hunkEnd = firstChange
        for change in changes.dropFirst() {
            if change - hunkEnd - 1 > 2 * context {
                append(steps, from: hunkStart, through: hunkEnd, context: context, oldLines, newLines, to: &output)
                hunkStart = change
            }
            hunkEnd = change
        }
        append(steps, from: hunkStart, through: hunkEnd, context: context, oldLines, newLines, to: &output)
        return output
    }

    /// One line of input; only the last line of a text can lack its newline. Lines are equal
    /// when their UTF-8 bytes are, so text differing only in Unicode normalization differs.
    private struct Line: Hashable {
        var text: Substring
        var terminated: Bool

        static func == (lhs: Line, rhs: Line) -> Bool {
            lhs.terminated == rhs.terminated && lhs.text.utf8.elementsEqual(rhs.text.utf8)
        }

        func hash(into hasher: inout Hasher) {
            hasher.combine(terminated)
            for byte in text.utf8 { hasher.combine(byte) }
        }
    }

    private static func lines(of text: String) -> [Line] {
        var pieces = text.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        let last = pieces.removeLast()
        var lines = pieces.map { Line(text: Substring($0), terminated: true) }
        if !last.isEmpty {
            lines.append(Line(text: Substring(last), terminated: false))
        }
        return lines
    }

    /// A position in the edit script: one line kept, removed from old, or added in new.
    private struct Step {
        enum Kind { case same, removed, added }
        var kind: Kind
        /// Lines of old and new before this step.
        var oldOffset: Int
        var newOffset: Int
    }

    /// Appends the hunk covering `steps[first...last]` plus up to `context` steps either side.
    private static func append(
        _ steps: [Step], from first: Int, through last: Int, context: Int,
        _ oldLines: [Line], _ newLines: [Line], to output: inout String
    ) {
        let hunk = steps[max(first - context, 0)...min(last + context, steps.count - 1)]
        let oldCount = hunk.filter { $0.kind != .added }.count
        let newCount = hunk.filter { $0.kind != .removed }.count
        let start = hunk[hunk.startIndex]
        output += "@@ -\(range(start.oldOffset, oldCount)) +\(range(start.newOffset, newCount)) @@\n"
        for step in hunk {
            let (marker, line) = switch step.kind {
            case .same: (" ", oldLines[step.oldOffset])
            case .removed: ("-", oldLines[step.oldOffset])
            case .added: ("+", newLines[step.newOffset])
            }
            output += marker + line.text + "\n"
            if !line.terminated {
                output += "\\ No newline at end of file\n"
            }
        }
    }

    /// A header range for `count` lines after the first `offset`.
    private static func range(_ offset: Int, _ count: Int) -> String {
        switch count {
        case 0: "\(offset),0"
        case 1: "\(offset + 1)"
        default: "\(offset + 1),\(count)"
        }
    }

    /// Which lines of `old` are removed and which of `new` are added, by Myers' divide-and-conquer
    /// algorithm on line numbers (equal lines have equal numbers).
    private struct ChangeMarks {
        let old: [Int]
        let new: [Int]
        var removed: Flags
        var added: Flags

        init(old: [Int], new: [Int]) {
            self.old = old
            self.new = new
            removed = Flags(count: old.count)
            added = Flags(count: new.count)
        }

        /// One flag per line, readable one position past either end (always `false` there).
        struct Flags {
            private var storage: [Bool]

            init(count: Int) {
                storage = Array(repeating: false, count: count + 2)
            }

            subscript(index: Int) -> Bool {
                get { storage[index + 1] }
                set { storage[index + 1] = newValue }
            }
        }

        /// Marks a minimal set of changes turning `old[oldStart..<oldEnd]` into `new[newStart..<newEnd]`.
        mutating func compare(_ oldStart: Int, _ oldEnd: Int, _ newStart: Int, _ newEnd: Int) {
            var (oldStart, oldEnd, newStart, newEnd) = (oldStart, oldEnd, newStart, newEnd)
            while oldStart < oldEnd, newStart < newEnd, old[oldStart] == new[newStart] {
                oldStart += 1
                newStart += 1
            }
            while oldStart < oldEnd, newStart < newEnd, old[oldEnd - 1] == new[newEnd - 1] {
                oldEnd -= 1
                newEnd -= 1
            }
            if oldStart < oldEnd, newStart < newEnd,
               let (x, y) = middleSnake(oldStart, oldEnd, newStart, newEnd) {
                compare(oldStart, x, newStart, y)
                compare(x, oldEnd, y, newEnd)
            } else {
                for index in oldStart..<oldEnd { removed[index] = true }
                for index in newStart..<newEnd { added[index] = true }
            }
        }

        /// A point on a shortest edit path that splits the problem in two, or `nil` when the
        /// ranges have no line in common. Both ranges are non-empty and differ at both ends.
        private func middleSnake(_ oldStart: Int, _ oldEnd: Int, _ newStart: Int, _ newEnd: Int) -> (Int, Int)? {
            let n = oldEnd - oldStart
            let m = newEnd - newStart
            let maxD = (n + m + 1) / 2
            let offset = maxD
            let size = 2 * maxD + 2
            // forward[offset + k]: furthest x on diagonal k = x - y from the start;
            // backward[offset + k]: the same measured from the ends of both ranges.
            var forward = Array(repeating: -1, count: size)
            var backward = Array(repeating: -1, count: size)
            forward[offset + 1] = 0
            backward[offset + 1] = 0
            let delta = n - m
            let overlapInForwardPass = delta % 2 != 0
            var forwardTrim = (low: 0, high: 0)
            var backwardTrim = (low: 0, high: 0)
            for d in 0..<maxD {
                var k = -d + forwardTrim.low
                while k <= d - forwardTrim.high {
                    let i = offset + k
                    var x = k == -d || (k != d && forward[i - 1] < forward[i + 1]) ? forward[i + 1] : forward[i - 1] + 1
                    var y = x - k
                    while x < n, y < m, old[oldStart + x] == new[newStart + y] {
                        x += 1
                        y += 1
                    }
                    forward[i] = x
                    if x > n {
                        forwardTrim.high += 2
                    } else if y > m {
                        forwardTrim.low += 2
                    } else if overlapInForwardPass {
                        let j = offset + delta - k
                        if j >= 0, j < size, backward[j] != -1, x >= n - backward[j] {
                            return (oldStart + x, newStart + y)
                        }
                    }
                    k += 2
                }
                k = -d + backwardTrim.low
                while k <= d - backwardTrim.high {
                    let i = offset + k
                    var x = k == -d || (k != d && backward[i - 1] < backward[i + 1]) ? backward[i + 1] : backward[i - 1] + 1
                    var y = x - k
                    while x < n, y < m, old[oldEnd - 1 - x] == new[newEnd - 1 - y] {
                        x += 1
                        y += 1
                    }
                    backward[i] = x
                    if x > n {
                        backwardTrim.high += 2
                    } else if y > m {
                        backwardTrim.low += 2
                    } else if !overlapInForwardPass {
                        let j = offset + delta - k
                        if j >= 0, j < size, forward[j] != -1, forward[j] >= n - x {
                            let forwardX = forward[j]
                            return (oldStart + forwardX, newStart + forwardX - (delta - k))
                        }
                    }
                    k += 2
                }
            }
            return nil
        }

        /// Slides each run of changes over equal lines, as GNU diff does: runs merge with
        /// neighbouring runs where they can, end up as late as possible, and then move back to
        /// line up with a change in the other file when one is in reach.
        mutating func shiftBoundaries() {
            Self.shift(&removed, lines: old, other: added)
            Self.shift(&added, lines: new, other: removed)
        }

        private static func shift(_ changed: inout Flags, lines: [Int], other: Flags) {
            let end = lines.count
            var i = 0
            var j = 0
            while true {
                while i < end, !changed[i] {
                    while other[j] { j += 1 }
                    j += 1
                    i += 1
                }
                if i == end { return }
                var start = i
                i += 1
                while changed[i] { i += 1 }
                while other[j] { j += 1 }
                var corresponding: Int
                var runLength: Int
                repeat {
                    runLength = i - start
                    while start > 0, lines[start - 1] == lines[i - 1] {
                        start -= 1
                        changed[start] = true
                        i -= 1
                        changed[i] = false
                        while changed[start - 1] { start -= 1 }
                        j -= 1
                        while other[j] { j -= 1 }
                    }
                    corresponding = other[j - 1] ? i : end
                    while i != end, lines[start] == lines[i] {
                        changed[start] = false
                        start += 1
                        changed[i] = true
                        i += 1
                        while changed[i] { i += 1 }
                        j += 1
                        while other[j] {
                            corresponding = i
                            j += 1
                        }
                    }
                } while runLength != i - start
                while corresponding < i {
                    start -= 1
                    changed[start] = true
                    i -= 1
                    changed[i] = false
                    j -= 1
                    while other[j] { j -= 1 }
                }
            }
        }

        /// The edit script: removals before additions within each change.
        func steps() -> [Step] {
            var steps: [Step] = []
            steps.reserveCapacity(old.count + new.count)
            var (i, j) = (0, 0)
            while i < old.count || j < new.count {
                if i < old.count, removed[i] {
                    steps.append(Step(kind: .removed, oldOffset: i, newOffset: j))
                    i += 1
                } else if j < new.count, added[j] {
                    steps.append(Step(kind: .added, oldOffset: i, newOffset: j))
                    j += 1
                } else {
                    steps.append(Step(kind: .same, oldOffset: i, newOffset: j))
                    i += 1
                    j += 1
                }
            }
            return steps
        }
    }
}
