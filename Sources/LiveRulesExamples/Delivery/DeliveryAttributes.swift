import Foundation

/// The delivery activity's static attributes, set when the order is placed.
public struct DeliveryAttributes: Codable, Hashable, Sendable {
    /// "Fresh Market".
    public var storeName: String
    /// The time the delivery was promised for.
    public var promisedAt: Date
    /// IANA time zone the promised time is shown in.
    public var timeZone: String
    /// `#RRGGBB`, when the store has a brand colour.
    public var storeColour: String?
    /// When the order was placed, when known: the start of the ring that fills until the ETA.
    public var placedAt: Date?

    /// Attributes of a delivery from `storeName` promised for `promisedAt`, shown in `timeZone`,
    /// placed at `placedAt` when known.
    public init(storeName: String, promisedAt: Date, timeZone: String, storeColour: String? = nil, placedAt: Date? = nil) {
        self.storeName = storeName
        self.promisedAt = promisedAt
        self.timeZone = timeZone
        self.storeColour = storeColour
        self.placedAt = placedAt
    }
}
