/// "Did you mean …?" for a name that is almost one of the known names.
enum Suggestion {
    /// The known name closest to `name` by edit distance (ignoring case), when it is close
    /// enough to be a typo: one edit for names under six characters, two otherwise.
    static func closest(to name: String, among known: some Sequence<String>) -> String? {
        let target = Array(name.lowercased().unicodeScalars)
        var best: (name: String, distance: Int)?
        for candidate in known {
            let distance = editDistance(target, Array(candidate.lowercased().unicodeScalars))
            if distance < (best?.distance ?? Int.max) { best = (candidate, distance) }
        }
        guard let best, best.distance <= (target.count < 6 ? 1 : 2) else { return nil }
        return best.name
    }

    /// " — did you mean x?" or "".
    static func hint(for name: String, among known: some Sequence<String>) -> String {
        closest(to: name, among: known).map { " — did you mean \($0)?" } ?? ""
    }

    private static func editDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
        var row = Array(0...b.count)
        for i in 1...max(a.count, 1) where !a.isEmpty {
            var diagonal = row[0]
            row[0] = i
            for j in stride(from: 1, through: b.count, by: 1) {
                let above = row[j]
                row[j] = min(diagonal + (a[i - 1] == b[j - 1] ? 0 : 1), above + 1, row[j - 1] + 1)
                diagonal = above
            }
        }
        return a.isEmpty ? b.count : row[b.count]
    }
}
