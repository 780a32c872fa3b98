/// What the demo rule returns: phase, badge and relevance.
struct DemoPresentation: Decodable {
    struct Badge: Decodable {
        var text: String
        var tone: String
    }

    struct Relevance: Decodable {
        var score: Double
        var alert: Bool
    }

    var phase: String
    var badge: Badge
    var relevance: Relevance
}
