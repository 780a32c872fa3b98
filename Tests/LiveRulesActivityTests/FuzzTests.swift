import Foundation
import LiveRules
import LiveRulesActivity
import TestPacks
import Testing

/// Thousands of mutated bodies, from a fixed seed: decoding never traps, and a body that
/// decodes gives fields whose texts (and ids) are strings of the body, readings that do not
/// trap, colours `#RRGGBB`, and an encoding that decodes to the same value.
@Suite struct FuzzTests {
    static let seed: UInt64 = 0x11FE_AC71_0051_0001
    static let iterations = 5000

    @Test func mutatedBodiesDecodeOrFailCleanly() throws {
        let bases = try (Samples.valid + ["v2-extra-members"]).map { try JSONDecoder().decode(FuzzJSON.self, from: Samples.data($0)) }
        var mutator = BodyMutator(random: SplitMix64(seed: Self.seed))
        var decoded = 0, refused = 0, failed = 0
        for iteration in 0..<Self.iterations {
            let input = mutator.mutate(bases[iteration % bases.count])
            guard let presentation = try? JSONDecoder().decode(LivePresentation.self, from: input) else {
                refused += 1
                continue
            }
            decoded += 1
            let problems = try problems(of: presentation, from: input)
            if !problems.isEmpty, failed < 5 {  // the first few in full
                Issue.record("\(problems) — iteration \(iteration) of seed \(Self.seed): \(String(decoding: input.prefix(2000), as: UTF8.self))")
            }
            failed += problems.isEmpty ? 0 : 1
        }
        #expect(failed == 0, "\(failed) of \(decoded) decoded bodies")
        // Both ways out were taken, often.
        #expect(decoded > Self.iterations / 4)
        #expect(refused > Self.iterations / 10)
    }

    /// What is wrong with `presentation`, decoded from `input`: plain checks, so thousands of
    /// bodies cost no more than they must.
    private func problems(of presentation: LivePresentation, from input: Data) throws -> [String] {
        struct Everything: Decodable { let fields: [LiveField] }
        var problems: [String] = []
        let encoded = try JSONEncoder().encode(presentation)
        if try JSONDecoder().decode(LivePresentation.self, from: encoded) != presentation { problems.append("decodes to another value once encoded") }

        let strings = StringLiterals.all(in: input)
        let fields = try JSONDecoder().decode(Everything.self, from: encoded).fields
        for field in fields where !strings.contains(field.text) || !strings.contains(field.id) {
            problems.append("\(field.id): \(field.text) is not a string of the input")
        }
        let moments = [-1e12, 0, 794_136_000, 800_651_220.75, 1e12].map(Date.init(timeIntervalSinceReferenceDate:))
        for field in fields {
            switch field.content {
            case .text: break
            case .timer(let timer):
                for now in moments { _ = (timer.reading(at: now), timer.timerInterval(at: now)) }
            case .progress(let progress):
                for now in moments where !progress.reading(at: now).hasSuffix("%") || !(0...1).contains(progress.fraction(at: now)) {
                    problems.append("\(field.id): progress reads \(progress.reading(at: now)), \(progress.fraction(at: now))")
                }
            }
        }
        for placement in LivePlacement.known {
            let shown = presentation.fields(in: placement)
            if !shown.allSatisfy(fields.contains) || Set(shown.map(\.id)).count != shown.count {
                problems.append("\(placement.rawValue) shows \(shown.map(\.id))")
            }
        }
        for appearance in LiveAppearance.allCases {
            let colours = presentation.colours(for: appearance)
            for colour in [colours.background, colours.foreground, colours.accent]
            where LiveColour(hex: colour.hex) != colour || colour.hex != colour.hex.uppercased() {
                problems.append("\(appearance) has colour \(colour)")
            }
        }
        return problems
    }
}
