/// The steps of an order, in order.
public enum DeliveryStep: String, Codable, Hashable, Sendable {
    case placed
    case picking
    case delivering
    case arrived
}
