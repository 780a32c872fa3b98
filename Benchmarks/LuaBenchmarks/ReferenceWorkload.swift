import Foundation
import LiveRulesExamples

/// The reference workload (Benchmarks/README.md): a day of 10 meetings and a phase/badge/relevance rule,
/// evaluated at 64 moments in turn.
enum ReferenceWorkload {
    static let base = 1_773_648_000.0

    static let day = MeetingsContentState(meetings: (0..<10).map { i in
        let start = base + Double(i) * 3600
        return Meeting(
            id: "m\(i)", title: "Meeting number \(i)",
            start: Date(timeIntervalSince1970: start), end: Date(timeIntervalSince1970: start + 1800),
            location: i % 2 == 0 ? "Room \(i)" : nil, calendarColor: i % 3 == 0 ? "#1E90FF" : nil)
    })

    static let moments: [Double] = (0..<64).map { base - 1200 + Double($0) * 600 }

    /// The rule: phase, badge and relevance over the day, the work every peer measures.
    static let rule = """
        function present(s, now)
          local cur, nxt, idx
          for i, m in ipairs(s.meetings) do
            if m.start <= now and now < m["end"] then cur = m; idx = i
            elseif m.start > now and not nxt then nxt = m; if not cur then idx = i end end
          end
          local n = #s.meetings
          local phase, text, tone, score
          if cur then
            phase = "progress"; tone = "green"; score = 100
            text = (idx == n) and "Last in progress" or "In progress"
          elseif nxt then
            local mins = (nxt.start - now) / 60
            phase = mins <= 15 and "countdown" or "upcoming"
            text = (n == 1) and "Next up" or (idx == 1 and "First up") or (idx == n and "Last up") or "Next up"
            tone = "neutral"; score = phase == "countdown" and 80 or 50
          else
            phase = "done"; text = ""; tone = "neutral"; score = 0
          end
          return { phase = phase, badge = { text = text, tone = tone }, relevance = { score = score, alert = false } }
        end
        """
}
