/// What a push tells an activity to show: the decisions of the backend's rules (phase, badge,
/// the fields each placement shows, the colours) in the compact wire form the backend puts in
/// the content state, version 1 (`schemas/live-presentation-v1.schema.json`).
///
/// Hold it in the activity's content state, where ActivityKit's default `JSONDecoder` decodes
/// it: either as the whole content state (`typealias ContentState = LivePresentation`), or as
/// a property beside the app's own state, named as the backend names its key
/// (`var presentation: LivePresentation`; make it optional if some pushes leave it out).
///
/// Decoding fails only when the value is not a JSON object, so a push a newer backend writes
/// never stops an activity updating, or when `JSONDecoder` cannot open the object or its
/// `placements`: it reads every member name of an object it opens, and fails on a name that is
/// not valid Unicode (a lone surrogate escape, `"\ud800"`), even one nobody asks for. The
/// activity then keeps its last update, where a presentation without placements would show
/// nothing. Otherwise:
/// - a missing or non-integer `v` reads as 1; a newer `v` is decoded as far as this version
///   understands it; unknown members anywhere are ignored;
/// - a missing or non-string `phase` reads as empty; a `badge` that is not an object as no
///   badge, an empty text in the neutral tone (see ``LiveBadge`` for its members);
/// - a field that does not decode is skipped (see ``LiveField`` for what falls back to text);
/// - a placement's index that is not an integer, is out of range, names a skipped field, or
///   repeats a field id the placement already shows is skipped; a placement that is not a list,
///   or is left with nothing, is as one not sent; unknown placements are kept, and never asked
///   for;
/// - an object holding such a name elsewhere reads as `null` there: the badge, the palette or
///   one of its appearances, a field (skipped), a field's live form, the regions;
/// - a region that is not `"slot:line"`, or a placement's regions not one per field it lists, is
///   as none sent: the field has no region (``region(of:in:)``);
/// - a `palette` that is not an object reads as neutral colours (black on white, white on
///   black, red on black at night); an appearance missing from it, or lacking one of its three
///   colours `#RRGGBB`, takes the colours of the first complete one of: for standByNight, dark
///   then light; for dark, light; for light, dark; else its neutral colours.
///
/// Encodes the wire form of what it holds, as the backend writes it, so a content state
/// holding it stays `Codable`; decoding that gives the same value.
public struct LivePresentation: Codable, Hashable, Sendable {
    /// The wire form version this library reads in full.
    public static let formVersion = 1

    /// The wire form version the body gives (``formVersion`` when it gives none).
    public let version: Int
    /// What the activity is doing, one of the pack's phases ("countdown"); empty when not sent.
    public let phase: String
    /// The label the activity wears; its text is empty when there is none.
    public let badge: LiveBadge
    /// The fields the push sent that decode, in the order sent.
    private let fields: [LiveField]
    /// Each placement's fields, as indices into `fields`, in display order; none empty.
    private let placements: [LivePlacement: [Int]]
    /// Each placement's regions, one per entry of its `placements` list (nil: none sent).
    private let regions: [LivePlacement: [LiveRegion?]]
    /// The colours of each appearance.
    private let palette: LivePalette

    /// The fields `placement` shows, in display order; empty when it shows none.
    public func fields(in placement: LivePlacement) -> [LiveField] {
        placements[placement]?.map { fields[$0] } ?? []
    }

    /// Where `placement` draws `field` (one of ``fields(in:)``): its region and line; nil when the
    /// push says not (an older backend), and the app lays the field out itself.
    public func region(of field: LiveField, in placement: LivePlacement) -> LiveRegion? {
        guard let indices = placements[placement], let position = indices.firstIndex(where: { fields[$0] == field }) else { return nil }
        return regions[placement]?[position]
    }

    /// The fields `placement` draws in the region named `slot`, line by line (the first line
    /// first, each in display order); empty when it draws none there.
    public func lines(in placement: LivePlacement, region slot: String) -> [[LiveField]] {
        guard let indices = placements[placement], let places = regions[placement] else { return [] }
        var lines: [Int: [LiveField]] = [:]
        for (index, place) in zip(indices, places) where place?.slot == slot {
            lines[place!.line, default: []].append(fields[index])
        }
        return lines.keys.sorted().map { lines[$0]! }
    }

    /// The colours to draw in `appearance`.
    public func colours(for appearance: LiveAppearance) -> LiveColours {
        palette[appearance]
    }

    private enum CodingKeys: String, CodingKey {
        case version = "v", phase, badge, fields, placements, regions, palette
    }

    /// A placement's key in `placements`.
    private struct PlacementKey: CodingKey {
        let stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    /// Decodes the wire form; see the type's rules.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        version = (try? container.decode(Int.self, forKey: .version)) ?? Self.formVersion
        phase = (try? container.decode(String.self, forKey: .phase)) ?? ""
        badge = (try? container.decode(LiveBadge.self, forKey: .badge)) ?? .none
        palette = (try? container.decode(LivePalette.self, forKey: .palette)) ?? .neutral

        var sent: [LiveField?] = []
        if var list = try? container.nestedUnkeyedContainer(forKey: .fields) {
            while !list.isAtEnd, let field = try? list.decode(Lenient<LiveField>.self) {
                sent.append(field.value)
            }
        }
        var kept: [LiveField] = [], index: [Int: Int] = [:]  // sent index -> kept index
        for (position, field) in sent.enumerated() {
            guard let field else { continue }
            index[position] = kept.count
            kept.append(field)
        }
        // Each placement's regions as sent, one per entry of its list, or nil for the placement.
        var sentRegions: [String: [LiveRegion?]] = [:]
        if let object = try? container.nestedContainer(keyedBy: PlacementKey.self, forKey: .regions) {
            for key in object.allKeys {
                guard var list = try? object.nestedUnkeyedContainer(forKey: key) else { continue }
                var places: [LiveRegion?] = []
                while !list.isAtEnd, let place = try? list.decode(Lenient<String>.self) {
                    places.append(place.value.flatMap(LiveRegion.init(spelling:)))
                }
                sentRegions[key.stringValue] = places
            }
        }
        var shown: [LivePlacement: [Int]] = [:], placed: [LivePlacement: [LiveRegion?]] = [:]
        if let object = try Self.openedUnlessUnreadable(container, .placements) {
            for key in object.allKeys {
                guard var list = try? object.nestedUnkeyedContainer(forKey: key) else { continue }
                // The fields kept, and the position each had in the list as sent.
                var indices: [Int] = [], positions: [Int] = [], ids: Set<String> = [], sentCount = 0
                while !list.isAtEnd, let sentIndex = try? list.decode(Lenient<Int>.self) {
                    defer { sentCount += 1 }
                    guard let sentIndex = sentIndex.value, let keptIndex = index[sentIndex],
                          ids.insert(kept[keptIndex].id).inserted else { continue }
                    indices.append(keptIndex)
                    positions.append(sentCount)
                }
                guard !indices.isEmpty else { continue }
                let placement = LivePlacement(rawValue: key.stringValue)
                shown[placement] = indices
                if let places = sentRegions[key.stringValue], places.count == sentCount {
                    placed[placement] = positions.map { places[$0] }
                }
            }
        }
        fields = kept
        placements = shown
        regions = placed
    }

    /// The object at `key`; nil when it is missing or not an object; throws when it is an object
    /// `JSONDecoder` cannot open (a member name that is not valid Unicode).
    private static func openedUnlessUnreadable(
        _ container: KeyedDecodingContainer<CodingKeys>, _ key: CodingKeys
    ) throws -> KeyedDecodingContainer<PlacementKey>? {
        do {
            return try container.nestedContainer(keyedBy: PlacementKey.self, forKey: key)
        } catch let error as DecodingError {
            if case .dataCorrupted = error { throw error }
            return nil
        }
    }

    /// Encodes the wire form, placements in the order of their names.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(version, forKey: .version)
        try container.encode(phase, forKey: .phase)
        try container.encode(badge, forKey: .badge)
        try container.encode(fields, forKey: .fields)
        var object = container.nestedContainer(keyedBy: PlacementKey.self, forKey: .placements)
        for (placement, indices) in placements.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
            try object.encode(indices, forKey: PlacementKey(stringValue: placement.rawValue))
        }
        if !regions.isEmpty {
            // A field without a region is written as "", which reads back as none.
            var places = container.nestedContainer(keyedBy: PlacementKey.self, forKey: .regions)
            for (placement, list) in regions.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
                try places.encode(list.map { $0?.spelling ?? "" }, forKey: PlacementKey(stringValue: placement.rawValue))
            }
        }
        try container.encode(palette, forKey: .palette)
    }
}

// MARK: - Lenient

/// A value of a list decoded on its own: nil when it does not decode, so one bad element of a
/// list never fails the list, nor stalls its container.
struct Lenient<Value: Decodable>: Decodable {
    /// The element, or nil when it did not decode.
    let value: Value?

    /// Decodes `Value`, keeping nil on any error; never throws.
    init(from decoder: any Decoder) {
        value = try? Value(from: decoder)
    }
}
