/// What the driver returned: the rules' output, or why it stopped before running them all.
enum DriverOutcome: Decodable {
    case presented(PresentationOutput)
    /// `stage` is nil when an input did not match the schema, else the rule that misbehaved.
    case rejected(stage: RuleStage?, problem: String)

    private enum Keys: String, CodingKey {
        case problem, stage
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Keys.self)
        if let problem = try container.decodeIfPresent(String.self, forKey: .problem) {
            let stage = try container.decodeIfPresent(String.self, forKey: .stage).flatMap(RuleStage.init(rawValue:))
            self = .rejected(stage: stage, problem: problem)
        } else {
            self = .presented(try PresentationOutput(from: decoder))
        }
    }
}
