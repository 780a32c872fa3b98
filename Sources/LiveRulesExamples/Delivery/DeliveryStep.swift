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
