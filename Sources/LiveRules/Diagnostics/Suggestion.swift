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

    /// Edits from a to b, a swap of neighbours counting as one.
    private static func editDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
        guard !a.isEmpty, !b.isEmpty else { return max(a.count, b.count) }
        var d = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { d[i][0] = i }
        for j in 0...b.count { d[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                d[i][j] = min(d[i - 1][j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1), d[i - 1][j] + 1, d[i][j - 1] + 1)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] { d[i][j] = min(d[i][j], d[i - 2][j - 2] + 1) }
            }
        }
        return d[a.count][b.count]
    }
}
