import Foundation

/// The delivery activity's dynamic content state (ActivityKit's `ContentState`). Only the step
/// is required: the rules fill defaults for whatever an update leaves out.
public struct DeliveryContentState: Codable, Hashable, Sendable {
    /// Where the order is.
    public var step: DeliveryStep
    /// The estimated arrival; without it the promised time stands in.
    public var eta: Date?
    /// Without it the courier is "Your courier".
    public var courierName: String?

    /// A state at `step`, with the estimated arrival and courier when known.
    public init(step: DeliveryStep, eta: Date? = nil, courierName: String? = nil) {
        self.step = step
        self.eta = eta
        self.courierName = courierName
    }
}

// MARK: - DeliveryStep

/// The steps of an order, in order.
public enum DeliveryStep: String, Codable, Hashable, Sendable {
    /// The order has been received.
    case placed
    /// The store is gathering the items.
    case picking
    /// The courier is on the way.
    case delivering
    /// The courier is at the door.
    case arrived
}
