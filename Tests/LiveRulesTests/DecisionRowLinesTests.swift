@testable import LiveRules
import Testing

/// Finding the lines of a decision table's rows in a rule's source.
@Suite struct DecisionRowLinesTests {
    @Test func rowsAreTheTablesDirectlyInsideTheFirstListOnTheLine() {
        let source = """
            local before = { "not", "this" }
            local cases = decide.first {
              { when = { phase = { "a", "b" } }, text = "{ not a row" },  -- } nor this {
              --[[ a { long
              comment } ]]
              { when = { x = [[ { ]] }, text = '}' },

              { text = "last" },
            }
            """
        #expect(DecisionRowLines.lines(in: source, from: 2) == [3, 6, 8])
        #expect(DecisionRowLines.lines(in: source, from: 1) == [])
        #expect(DecisionRowLines.lines(in: "local t = decide.first(ROWS)", from: 1) == [])
    }
}
