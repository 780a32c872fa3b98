/// "Did you mean …?" for a name that is almost one of the known names.
enum Suggestion {
    /// The known name closest to `name` by edit distance (ignoring case), when it is close
    /// enough to be a typo: one edit for names under six characters, two otherwise.
    static func closest(to name: String, among known: some Sequence<String>) -> String? {
        let target = Array(name.lowercased().unicodeScalars)
        let bound = target.count < 6 ? 1 : 2
        var best: (name: String, distance: Int)?
        for candidate in known {
            let distance = editDistance(target, Array(candidate.lowercased().unicodeScalars), bound: bound)
            if distance < (best?.distance ?? Int.max) { best = (candidate, distance) }
        }
        guard let best, best.distance <= bound else { return nil }
        return best.name
    }

    /// " — did you mean x?" or "".
    static func hint(for name: String, among known: some Sequence<String>) -> String {
        closest(to: name, among: known).map { " — did you mean \($0)?" } ?? ""
    }

    /// Edits from a to b, a swap of neighbours counting as one; any distance over `bound` is
    /// `bound + 1`. Only the table's cells within `bound` of its diagonal are computed, so the
    /// cost is linear in the names' length.
    private static func editDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar], bound: Int) -> Int {
        let over = bound + 1
        guard abs(a.count - b.count) <= bound else { return over }
        guard !a.isEmpty else { return b.count }
        // Rows i - 2, i - 1 and i of the table. The cells next to each row's band are set to
        // `over`, so every cell a row reads is either computed or `over`.
        var before = [Int](repeating: over, count: b.count + 1)
        var above = (0...b.count).map { min($0, over) }
        var row = [Int](repeating: over, count: b.count + 1)
        for i in 1...a.count {
            let low = max(1, i - bound), high = min(b.count, i + bound)
            row[0] = min(i, over)
            if low > 1 { row[low - 1] = over }
            if low <= high {
                for j in low...high {
                    var distance = above[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
                    if above[j] + 1 < distance { distance = above[j] + 1 }
                    if row[j - 1] + 1 < distance { distance = row[j - 1] + 1 }
                    if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1], before[j - 2] + 1 < distance { distance = before[j - 2] + 1 }
                    row[j] = distance < over ? distance : over
                }
            }
            if high < b.count { row[high + 1] = over }
            (before, above, row) = (above, row, before)
        }
        return above[b.count]
    }
}
