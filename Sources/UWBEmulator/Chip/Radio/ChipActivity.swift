/// How long a virtual chip has spent transmitting and receiving, and how often it woke from idle:
/// what a UWBS reports as its power statistics (Android's UCI GET_POWER_STATS: idle, TX and RX
/// time, wake count).
///
/// Transmitting counts from the moment a transmission is scheduled (a delayed transmission waits
/// in the transmitter's state, as the DW1000's TX_WAIT does) until it ends; receiving counts while
/// the receiver hunts for a preamble or receives a frame (not while a delayed receive waits to
/// start). A wake is a change from neither to either.
public struct ChipActivity: Hashable, Sendable {
    /// Time spent transmitting.
    public var transmitting: Duration = .zero
    /// Time spent receiving.
    public var receiving: Duration = .zero
    /// How many times the chip left idle.
    public var wakes = 0

    /// No activity yet.
    public init() {}

    /// Counts `elapsed` of a period in which the chip was transmitting or receiving as given.
    mutating func account(_ elapsed: Duration, transmitting: Bool, receiving: Bool) {
        if transmitting { self.transmitting += elapsed }
        if receiving { self.receiving += elapsed }
    }
}
