extension Array where Element == GoldenResult {
    /// The failed results, those that could not be presented for the same problems together
    /// (one mistake in a rule fails every fixture it runs for alike), in the order of each
    /// group's first result; every other failure alone.
    package func groupedByProblem() -> [[GoldenResult]] {
        var groups: [[GoldenResult]] = []
        var errors: [[Diagnostic]: Int] = [:]
        for result in self where !result.outcome.isPassed {
            guard let diagnostics = result.outcome.problems else {
                groups.append([result])
                continue
            }
            if let index = errors[diagnostics] {
                groups[index].append(result)
            } else {
                errors[diagnostics] = groups.count
                groups.append([result])
            }
        }
        return groups
    }
}
