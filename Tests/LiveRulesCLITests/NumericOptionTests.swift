import Foundation
import Testing

/// Every numeric option of every command, given values past its range — the largest integers,
/// negatives, NaN, infinities, exponents — ends in a usage error naming the option and its
/// range (exit status 2), before any work the value would size: no trap, no thread storm, no
/// port wrapped around. The bounds themselves are accepted.
@Suite struct NumericOptionTests {
    static let huge = "9223372036854775807"

    /// Arguments, and what the error must say.
    static let refused: [(arguments: [String], message: String)] = [
        (["bench", "rules/meetings", "--deadline", huge], "--deadline must be between 0 and 3600000 milliseconds"),
        (["bench", "rules/meetings", "--deadline=-1"], "--deadline must be between 0 and 3600000 milliseconds"),
        (["bench", "rules/meetings", "--iterations", "0"], "--iterations must be between 1 and 100000000 presentations"),
        (["bench", "rules/meetings", "--iterations", "100000001"], "--iterations must be between 1 and 100000000"),
        (["test", "rules", "--deadline", huge], "--deadline must be between 1 and 3600000 milliseconds"),
        (["test", "rules", "--deadline", "0"], "--deadline must be between 1 and 3600000 milliseconds"),
        (["test", "rules", "--jobs", huge], "--jobs must be between 1 and 256 threads"),
        (["test", "rules", "--jobs", "0"], "--jobs must be between 1 and 256 threads"),
        (["test", "rules", "--min-coverage", "nan"], "--min-coverage must be between 0.0 and 100.0 percent, got nan"),
        (["test", "rules", "--min-coverage", "1e400"], "--min-coverage must be between 0.0 and 100.0 percent, got inf"),
        (["test", "rules", "--min-coverage=-0.5"], "--min-coverage must be between 0.0 and 100.0 percent"),
        (["timeline", "rules/meetings", "countdown-middle", "--step", "1e30m"], "--step '1e30m': expected between 1 second and 366 days"),
        (["timeline", "rules/meetings", "countdown-middle", "--step", "0.5s"], "--step '0.5s': expected between 1 second and 366 days"),
        (["timeline", "rules/meetings", "countdown-middle", "--step", "inf"], "--step 'inf': expected a positive duration"),
        (["timeline", "rules/meetings", "countdown-middle", "--step", "nanh"], "--step 'nanh': expected a positive duration"),
        (["preview", "rules", "--port", "99999"], "--port must be between 0 and 65535, got 99999"),
        (["preview", "rules", "--port", "65536"], "--port must be between 0 and 65535"),
        (["serve", "rules", "--port", "65536"], "--port must be between 0 and 65535"),
        (["serve", "rules", "--max-body", "0"], "--max-body must be between 1 and 16777216 bytes, got 0"),
        (["serve", "rules", "--max-line", huge], "--max-line must be between 1 and 16777216 bytes"),
        (["serve", "rules", "--max-concurrent", "0"], "--max-concurrent must be between 1 and 10000 requests, got 0"),
        (["serve", "rules", "--read-timeout", huge], "--read-timeout must be between 1 and 3600 seconds"),
        (["serve", "rules", "--batch-workers", "0"], "--batch-workers must be between 1 and 256 threads"),
        (["serve", "rules", "--loop-deadline", "0"], "--loop-deadline must be between 1 and 1000 milliseconds, got 0"),
        (["serve", "rules", "--loop-deadline", huge], "--loop-deadline must be between 1 and 1000 milliseconds"),
        (["watch", "rules", "--quiet", huge], "--quiet must be between 0 and 60000 milliseconds"),
        (["payload", "rules/meetings", "rules/meetings/fixtures/done.json", "--previous-timestamp", huge],
         "--previous-timestamp must be between 0 and 100000000000 Unix seconds"),
        (["payload", "rules/meetings", "-", "--batch", "--workers", "100000000"], "--workers must be between 1 and 256 threads"),
        (["payload", "rules/meetings", "-", "--batch", "--workers", "0"], "--workers must be between 1 and 256 threads"),
        (["payload", "validate", "rules/meetings", "x.json", "--previous-timestamp=-4"],
         "--previous-timestamp must be between 0 and 100000000000 Unix seconds, got -4"),
    ]

    @Test(arguments: refused.indices)
    func anOptionOutOfRangeIsAUsageError(index: Int) throws {
        let (arguments, message) = Self.refused[index]
        let outcome = try CLI.run(arguments)
        #expect(outcome.status == 2, "\(arguments): \(outcome.errors)")
        #expect(outcome.errors.contains(message), "\(arguments): \(outcome.errors)")
        #expect(!outcome.errors.contains("Fatal error") && !outcome.errors.contains("Backtrac"))
    }

    /// Times for `payload validate` outside what a presentation may hold, and values that are
    /// not numbers, are refused naming the option.
    @Test(arguments: ["1e400", "nan", "-1e12", "100000000001"])
    func aValidationTimeOutOfRangeIsRefused(value: String) throws {
        let outcome = try CLI.run(["payload", "validate", "rules/meetings", "rules/meetings/golden/done.json", "--now=\(value)"])
        #expect(outcome.status == 2, "\(value): \(outcome.errors)")
        #expect(outcome.errors.contains("--now must be an ISO-8601 time such as 2026-03-02T09:45:00Z or Unix seconds within ±100000000000, got '\(value)'"),
                "\(outcome.errors)")
    }

    /// The bounds are values like any other.
    @Test func theBoundsAreAccepted() throws {
        let deadline = try CLI.run(["test", "rules/meetings", "--deadline", "3600000", "--jobs", "256", "--min-coverage", "0"])
        #expect(deadline.status == 0, "\(deadline.errors)")
        let step = try CLI.run(["timeline", "rules/meetings", "countdown-middle", "--step", "31622400"])
        #expect(step.status == 0, "\(step.errors)")
        #expect(step.output.contains("2 steps"), "the range's first moment and its end: \(step.output)")
    }
}
