import Testing
@testable import LiveRules
@testable import LiveRulesTooling

@Suite struct LineDiffTests {
    /// `line 1\n` … `line N\n`, with `edits` replacing, deleting (`nil`) or extending lines by number.
    private static func numbered(_ count: Int, edits: [Int: String?] = [:]) -> String {
        var text = ""
        for number in 1...count {
            if let edit = edits[number] {
                if let replacement = edit { text += replacement + "\n" }
            } else {
                text += "line \(number)\n"
            }
        }
        return text
    }

    private static func hunkHeaders(_ diff: String) -> [String] {
        diff.split(separator: "\n").filter { $0.hasPrefix("@@") }.map(String.init)
    }

    @Test func oneLineChangeInTheMiddle() {
        let diff = LineDiff.unified(
            old: Self.numbered(20), new: Self.numbered(20, edits: [10: "line ten"]),
            oldName: "old", newName: "new"
        )
        #expect(diff == """
            --- old
            +++ new
            @@ -7,7 +7,7 @@
             line 7
             line 8
             line 9
            -line 10
            +line ten
             line 11
             line 12
             line 13

            """)
    }

    @Test func additionsAtStartAndEnd() {
        let diff = LineDiff.unified(old: "b\nc\n", new: "a\nb\nc\nd\n", oldName: "old", newName: "new")
        #expect(diff == "--- old\n+++ new\n@@ -1,2 +1,4 @@\n+a\n b\n c\n+d\n")
    }

    @Test func additionToEmptyText() {
        let diff = LineDiff.unified(old: "", new: "a\n", oldName: "old", newName: "new")
        #expect(diff == "--- old\n+++ new\n@@ -0,0 +1 @@\n+a\n")
    }

    @Test func deletions() {
        let diff = LineDiff.unified(old: "a\nb\nc\nd\ne\nf\n", new: "a\nc\nd\nf\n", oldName: "old", newName: "new")
        #expect(diff == "--- old\n+++ new\n@@ -1,6 +1,4 @@\n a\n-b\n c\n d\n-e\n f\n")
    }

    @Test func deletionOfEverything() {
        let diff = LineDiff.unified(old: "a\nb\n", new: "", oldName: "old", newName: "new")
        #expect(diff == "--- old\n+++ new\n@@ -1,2 +0,0 @@\n-a\n-b\n")
    }

    @Test func newlineAddedAtEnd() {
        let diff = LineDiff.unified(old: "a\nb", new: "a\nb\n", oldName: "old", newName: "new")
        #expect(diff == "--- old\n+++ new\n@@ -1,2 +1,2 @@\n a\n-b\n\\ No newline at end of file\n+b\n")
    }

    @Test func newlineRemovedAtEnd() {
        let diff = LineDiff.unified(old: "a\nb\n", new: "a\nc", oldName: "old", newName: "new")
        #expect(diff == "--- old\n+++ new\n@@ -1,2 +1,2 @@\n a\n-b\n+c\n\\ No newline at end of file\n")
    }

    @Test func noFinalNewlineOnEitherSide() {
        let diff = LineDiff.unified(old: "a\nb\nc", new: "a\nB\nc", oldName: "old", newName: "new")
        #expect(diff == "--- old\n+++ new\n@@ -1,3 +1,3 @@\n a\n-b\n+B\n c\n\\ No newline at end of file\n")
    }

    @Test func identicalInputsGiveEmptyDiff() {
        #expect(LineDiff.unified(old: "a\nb\n", new: "a\nb\n", oldName: "old", newName: "new") == "")
        #expect(LineDiff.unified(old: "a\nb", new: "a\nb", oldName: "old", newName: "new") == "")
        #expect(LineDiff.unified(old: "", new: "", oldName: "old", newName: "new") == "")
    }

    @Test func completelyDifferentInputs() {
        let diff = LineDiff.unified(old: "a\nb\n", new: "x\ny\nz\n", oldName: "expected.json", newName: "actual.json")
        #expect(diff == "--- expected.json\n+++ actual.json\n@@ -1,2 +1,3 @@\n-a\n-b\n+x\n+y\n+z\n")
    }

    @Test func linesDifferingOnlyInNormalizationDiffer() {
        let diff = LineDiff.unified(old: "caf\u{E9}\n", new: "cafe\u{301}\n", oldName: "old", newName: "new")
        #expect(diff == "--- old\n+++ new\n@@ -1 +1 @@\n-caf\u{E9}\n+cafe\u{301}\n")
    }

    @Test func distantChangesMakeTwoHunks() {
        let diff = LineDiff.unified(
            old: Self.numbered(30), new: Self.numbered(30, edits: [3: "line three", 25: "line twenty-five"]),
            oldName: "old", newName: "new"
        )
        #expect(diff == """
            --- old
            +++ new
            @@ -1,6 +1,6 @@
             line 1
             line 2
            -line 3
            +line three
             line 4
             line 5
             line 6
            @@ -22,7 +22,7 @@
             line 22
             line 23
             line 24
            -line 25
            +line twenty-five
             line 26
             line 27
             line 28

            """)
    }

    @Test func changesWithOverlappingContextMergeIntoOneHunk() {
        let merged = LineDiff.unified(
            old: Self.numbered(30), new: Self.numbered(30, edits: [5: "line five", 12: "line twelve"]),
            oldName: "old", newName: "new"
        )
        #expect(Self.hunkHeaders(merged) == ["@@ -2,14 +2,14 @@"])
        #expect(merged.split(separator: "\n").count == 2 + 1 + 16)

        let separate = LineDiff.unified(
            old: Self.numbered(30), new: Self.numbered(30, edits: [5: "line five", 13: "line thirteen"]),
            oldName: "old", newName: "new"
        )
        #expect(Self.hunkHeaders(separate) == ["@@ -2,7 +2,7 @@", "@@ -10,7 +10,7 @@"])
    }

    @Test func zeroContext() {
        var new = Self.numbered(10, edits: [3: "line three", 6: "line 6\nnew line", 9: nil])
        let diff = LineDiff.unified(old: Self.numbered(10), new: new, oldName: "old", newName: "new", context: 0)
        #expect(diff == """
            --- old
            +++ new
            @@ -3 +3 @@
            -line 3
            +line three
            @@ -6,0 +7 @@
            +new line
            @@ -9 +9,0 @@
            -line 9

            """)
        new = Self.numbered(3, edits: [2: "two"])
        #expect(LineDiff.unified(old: Self.numbered(3), new: new, oldName: "a", newName: "b", context: 0)
            == "--- a\n+++ b\n@@ -2 +2 @@\n-line 2\n+two\n")
    }

    @Test func changesSlideDownOverEqualLines() {
        let removal = LineDiff.unified(old: "a\nx\nx\nb\n", new: "a\nx\nb\n", oldName: "old", newName: "new", context: 0)
        #expect(removal == "--- old\n+++ new\n@@ -3 +2,0 @@\n-x\n")
        let replacement = LineDiff.unified(old: "a\na\n", new: "b\na\nb\nb\n", oldName: "old", newName: "new", context: 0)
        #expect(replacement == "--- old\n+++ new\n@@ -0,0 +1 @@\n+b\n@@ -2 +3,2 @@\n-a\n+b\n+b\n")
    }

    @Test func largeInputWithFewChanges() {
        let old = Self.numbered(2000)
        let new = Self.numbered(2000, edits: [
            100: "line one hundred", 500: nil, 1000: "line 1000\ninserted", 1500: "line 1500 changed", 1990: "line 1990 changed",
        ])
        let diff = LineDiff.unified(old: old, new: new, oldName: "old", newName: "new")
        #expect(Self.hunkHeaders(diff) == [
            "@@ -97,7 +97,7 @@",
            "@@ -497,7 +497,6 @@",
            "@@ -998,6 +997,7 @@",
            "@@ -1497,7 +1497,7 @@",
            "@@ -1987,7 +1987,7 @@",
        ])
        #expect(diff.split(separator: "\n").filter { $0.hasPrefix("-") || $0.hasPrefix("+") }.count == 2 + 2 + 1 + 1 + 2 + 2)
    }
}
