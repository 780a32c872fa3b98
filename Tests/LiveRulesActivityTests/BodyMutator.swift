import Foundation
import LiveRules
import TestPacks

/// Mutates a valid body the ways a broken or hostile producer would: members deleted,
/// duplicated, retyped, renamed or swapped for other parts of the body, values nested deep,
/// then sometimes its bytes flipped, inserted, deleted or truncated.
struct BodyMutator {
    var random: SplitMix64

    /// Scalars a mutation writes in place of a value: the form's own words, edge numbers
    /// (some no `Double` holds), and awkward strings.
    static let scalars: [FuzzJSON] = [
        .null, .bool(true), .bool(false),
        .number("0"), .number("-1"), .number("1"), .number("2"), .number("99"), .number("0.5"), .number("-0"),
        .number("1e308"), .number("-1e308"), .number("1e400"), .number("9223372036854775807"), .number("9223372036854775808"),
        .number("794136600"), .number("1772443800123"),
        .string(""), .string("down"), .string("up"), .string("sideways"), .string("dot"), .string("warning dot"),
        .string("icon:"), .string("icon:bell"), .string("#FFFFFF"), .string("#GGGGGG"), .string("lockScreen"),
        .string("\u{0}"), .string("é\u{301}"), .string("🏟️"), .string(String(repeating: "x", count: 1000)),
    ]

    /// `body` after 1 to 3 mutations of its tree and, one time in three, of its bytes.
    mutating func mutate(_ body: FuzzJSON) -> Data {
        var tree = body
        for _ in 0..<Int.random(in: 1...3, using: &random) {
            tree = mutate(tree, donor: body)
        }
        var bytes = Array(tree.text.utf8)
        if Int.random(in: 0..<3, using: &random) == 0 {
            for _ in 0..<Int.random(in: 1...2, using: &random) {
                mutateBytes(&bytes)
            }
        }
        return Data(bytes)
    }

    /// `node` with one mutation at a node found by descending at random.
    private mutating func mutate(_ node: FuzzJSON, donor: FuzzJSON) -> FuzzJSON {
        let children = node.children
        if !children.isEmpty, Int.random(in: 0..<4, using: &random) != 0 {
            let index = Int.random(in: 0..<children.count, using: &random)
            let changed = mutate(children[index], donor: donor)
            switch node {
            case .array(var elements):
                elements[index] = changed
                return .array(elements)
            case .object(var members):
                members[index].value = changed
                return .object(members)
            default:
                return node
            }
        }
        return mutateHere(node, donor: donor)
    }

    /// `node` deleted from, duplicated into, retyped, renamed, replaced or nested.
    private mutating func mutateHere(_ node: FuzzJSON, donor: FuzzJSON) -> FuzzJSON {
        switch Int.random(in: 0..<6, using: &random) {
        case 0 where !node.children.isEmpty:  // delete a member or element
            switch node {
            case .array(var elements): elements.remove(at: Int.random(in: 0..<elements.count, using: &random)); return .array(elements)
            case .object(var members): members.remove(at: Int.random(in: 0..<members.count, using: &random)); return .object(members)
            default: return node
            }
        case 1 where !node.children.isEmpty:  // duplicate one, key and all
            switch node {
            case .array(var elements): elements.append(elements.randomElement(using: &random)!); return .array(elements)
            case .object(var members): members.append(members.randomElement(using: &random)!); return .object(members)
            default: return node
            }
        case 2:  // retype
            return Self.scalars.randomElement(using: &random)!
        case 3:  // rename a member
            guard case .object(var members) = node, !members.isEmpty else { return .object([]) }
            let names = ["v", "phase", "badge", "fields", "placements", "palette", "id", "text", "glyph", "timer", "progress",
                         "date", "counts", "start", "finish", "light", "dark", "standByNight", "lockScreen", "carPlay", "accent"]
            members[Int.random(in: 0..<members.count, using: &random)].key = names.randomElement(using: &random)!
            return .object(members)
        case 4:  // replace with another part of the body
            return randomNode(in: donor)
        default:  // nest deep, around the parser's limit of 512
            let depth = Int.random(in: 1...600, using: &random)
            return (0..<depth).reduce(node) { inner, _ in
                Bool.random(using: &random) ? .array([inner]) : .object([(key: "x", value: inner)])
            }
        }
    }

    /// A node of `tree`, reached by descending at random.
    private mutating func randomNode(in tree: FuzzJSON) -> FuzzJSON {
        let children = tree.children
        guard !children.isEmpty, Int.random(in: 0..<3, using: &random) != 0 else { return tree }
        return randomNode(in: children.randomElement(using: &random)!)
    }

    /// `bytes` with a byte flipped, random bytes inserted, a range deleted or repeated, or the
    /// end cut off.
    private mutating func mutateBytes(_ bytes: inout [UInt8]) {
        guard !bytes.isEmpty else { return }
        let position = Int.random(in: 0..<bytes.count, using: &random)
        switch Int.random(in: 0..<5, using: &random) {
        case 0: bytes[position] ^= UInt8(1) << UInt8.random(in: 0...7, using: &random)
        case 1: bytes.insert(contentsOf: (0..<Int.random(in: 1...8, using: &random)).map { _ in UInt8.random(in: 0...255, using: &random) }, at: position)
        case 2: bytes.removeSubrange(position..<min(bytes.count, position + Int.random(in: 1...16, using: &random)))
        case 3: bytes.insert(contentsOf: bytes[position..<min(bytes.count, position + Int.random(in: 1...32, using: &random))], at: position)
        default: bytes.removeSubrange(position...)
        }
    }
}
