import CLiveRules
import Foundation
import Lua

/// Reads the rules' output in one pass in C (`lrl_output_read`) and builds the presentation
/// straight from it: field ids, phases and placements are looked up in Lua tables prepared once,
/// so a good output costs no path strings, no intermediate dictionaries and no hashing of ids.
/// It answers only for an output that fits the presentation vocabulary within ``OutputLimits``
/// (the C reader checks them before the texts are copied here) and whose live fields read, at
/// the presentation's `now`, the text they carry; on anything else it answers nil and the
/// detailed reader (``PresentationOutput``) reads the output again and names the problem, so what
/// a bad output reports is exactly what it always reported.
final class OutputReader {
    private let reading: LuaRef
    private let fields: [String]
    private let phases: [String]
    /// Whether the pack has a timing rule (its output must then have a timing).
    private let timed: Bool
    private let output: UnsafeMutablePointer<lrl_output>
    /// The output's arrays, by element.
    private let placements: UnsafeBufferPointer<lrl_outplacement>
    private let shown: UnsafeBufferPointer<lrl_outfield>
    private let dropped: UnsafeBufferPointer<Int32>
    private let colours: UnsafeBufferPointer<UInt32>
    private let fallbacks: UnsafeBufferPointer<lrl_text>

    /// Prepares the reading table in `lua`; nil when the manifest declares more field ids than
    /// the C reader tells apart.
    init?(pack: RulePack, in lua: LuaState) throws(LuaError) {
        guard pack.manifest.fields.count <= Int(LRL_OUT_IDS), Placement.allCases.count <= Int(LRL_OUT_PLACEMENTS) else { return nil }
        fields = pack.manifest.fields
        phases = pack.manifest.phases
        timed = pack.rules[.timing] != nil
        reading = try lua.call(lua.reference(function: lrl_output_prepare), fields, phases, Placement.allCases.map(\.rawValue),
                               returning: LuaRef.self)
        output = .allocate(capacity: 1)
        placements = Self.elements(of: output, at: \.placements)
        shown = Self.elements(of: output, at: \.fields)
        dropped = Self.elements(of: output, at: \.dropped)
        colours = Self.elements(of: output, at: \.colours)
        fallbacks = Self.elements(of: output, at: \.fallbacks)
    }

    deinit {
        output.deallocate()
    }

    /// The presentation the driver's result holds at `now` (Unix seconds, what a live field's
    /// text must read then), or nil when the detailed reader must read it.
    func presentation(of result: LuaTableReader, now: Double) -> Presentation? {
        guard result.read(with: lrl_output_read, context: reading, into: output) else { return nil }
        let out = UnsafePointer(output)
        guard let badge = badge(out), let layout = layout(now: Date(timeIntervalSince1970: now)), let palette = palette() else { return nil }
        var timing: Timing?
        if timed {
            guard out.pointee.timing != 0, let read = self.timing(out) else { return nil }
            timing = read
        }
        return Presentation(phase: phases[Int(out.pointee.phase)], badge: badge,
                            relevance: Relevance(score: out.pointee.score, alert: out.pointee.alert != 0),
                            layout: layout, palette: palette, timing: timing)
    }

    private func badge(_ out: UnsafePointer<lrl_output>) -> Badge? {
        guard let text = Self.string(out.pointee.badgetext), let spelling = Self.string(out.pointee.badgetone),
              let tone = Tone(rawValue: spelling) else { return nil }
        return Badge(text: text, tone: tone)
    }

    private func layout(now: Date) -> [Placement: PlacementLayout]? {
        var layout: [Placement: PlacementLayout] = [:]
        layout.reserveCapacity(Placement.allCases.count)
        for (index, placement) in Placement.allCases.enumerated() {
            let read = placements[index]
            var fields: [LayoutField] = []
            fields.reserveCapacity(Int(read.fieldcount))
            for field in shown[Int(read.fields) ..< Int(read.fields + read.fieldcount)] {
                guard let text = Self.string(field.text) else { return nil }
                var glyph: Glyph?
                if field.glyph.bytes != nil {
                    guard let spelling = Self.string(field.glyph), let known = Glyph(spelling: spelling) else { return nil }
                    glyph = known
                }
                var live: LiveForm?
                if field.live != LRL_OUT_STILL {
                    guard let form = Self.live(field), form.reading(at: now) == text else { return nil }
                    live = form
                }
                let place = Self.place(field, in: placement.budget)
                guard let place else { return nil }
                fields.append(LayoutField(id: self.fields[Int(field.id)], text: text, glyph: glyph, live: live, slot: place.slot, line: place.line))
            }
            let ids = dropped[Int(read.dropped) ..< Int(read.dropped + read.droppedcount)].map { self.fields[Int($0)] }
            layout[placement] = PlacementLayout(fields: fields, dropped: ids)
        }
        return layout
    }

    /// The slot and line `field` names, when they are the budget's (a slot it has, a line of it,
    /// of its default slot when no slot is named); nil otherwise (the detailed reader words it).
    private static func place(_ field: lrl_outfield, in budget: PlacementBudget) -> (slot: String?, line: Int?)? {
        var slot = budget.slots[0]
        var name: String?
        if field.slot.bytes != nil {
            guard let spelling = string(field.slot), let named = budget.slots.first(where: { $0.name == spelling }) else { return nil }
            (slot, name) = (named, spelling)
        }
        guard field.line != 0 else { return (name, nil) }
        guard field.line <= slot.lines else { return nil }
        return (name, Int(field.line))
    }

    /// The live form the C reader found on `field` (its dates in range, its spellings known, a
    /// progress's finish after its start), nil when a prefix or suffix is not valid UTF-8.
    private static func live(_ field: lrl_outfield) -> LiveForm? {
        let dates = field.dates
        guard field.live == LRL_OUT_TIMER else {
            return .progress(start: Date(timeIntervalSince1970: dates.0), finish: Date(timeIntervalSince1970: dates.1))
        }
        guard let prefix = affix(field.prefix), let suffix = affix(field.suffix) else { return nil }
        return .timer(date: Date(timeIntervalSince1970: dates.0), counts: field.countsup != 0 ? .up : .down, prefix: prefix, suffix: suffix,
                      showsHours: field.hidehours == 0)
    }

    /// A timer's prefix or suffix: "" when absent, nil when not valid UTF-8.
    private static func affix(_ text: lrl_text) -> String? {
        text.bytes == nil ? "" : string(text)
    }

    private func palette() -> Palette? {
        var appearances: [Appearance] = []
        appearances.reserveCapacity(3)
        for index in 0..<3 {
            var fallback: String?
            if fallbacks[index].bytes != nil {
                guard let text = Self.string(fallbacks[index]) else { return nil }
                fallback = text
            }
            appearances.append(Appearance(background: Self.colour(colours[index * 3]), foreground: Self.colour(colours[index * 3 + 1]),
                                          accent: Self.colour(colours[index * 3 + 2]), fallback: fallback))
        }
        return Palette(light: appearances[0], dark: appearances[1], standByNight: appearances[2])
    }

    private func timing(_ out: UnsafePointer<lrl_output>) -> Timing? {
        let read = out.pointee
        var alert: AlertText?
        if read.hasalert != 0 {
            guard let title = Self.string(read.alerttitle), let body = Self.string(read.alertbody) else { return nil }
            alert = AlertText(title: title, body: body)
        }
        return Timing(stale: read.hasstale != 0 ? Date(timeIntervalSince1970: read.stale) : nil,
                      dismissal: read.hasdismissal != 0 ? Date(timeIntervalSince1970: read.dismissal) : nil, alert: alert)
    }

    /// The fixed-size C array at `member` of the output (a tuple in Swift), as a buffer of its
    /// elements.
    private static func elements<Array, Element>(
        of out: UnsafeMutablePointer<lrl_output>, at member: KeyPath<lrl_output, Array>
    ) -> UnsafeBufferPointer<Element> {
        let start = UnsafeRawPointer(out) + MemoryLayout<lrl_output>.offset(of: member)!
        return UnsafeBufferPointer(start: start.assumingMemoryBound(to: Element.self),
                                   count: MemoryLayout<Array>.size / MemoryLayout<Element>.stride)
    }

    /// The text as a string, nil when it is not valid UTF-8 (as the detailed reader requires).
    private static func string(_ text: lrl_text) -> String? {
        LuaText.string(validating: UnsafeRawBufferPointer(start: text.bytes, count: text.length))
    }

    private static func colour(_ rgb: UInt32) -> Colour {
        Colour(red: UInt8(truncatingIfNeeded: rgb >> 16), green: UInt8(truncatingIfNeeded: rgb >> 8), blue: UInt8(truncatingIfNeeded: rgb))
    }
}
