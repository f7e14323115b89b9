import UWBCore

/// A receiver's clock rate over an initiator anchor's, as a listening tag learns it from the
/// rounds: between two rounds, the interval between the Polls the receiver got over the interval
/// between the Polls the initiator sent (by the initiator's clock). For a responder anchor, the
/// Polls it got are its Responses' TX timestamps less its reply times; for the tag itself, the Polls
/// it heard. Anchors stand still, so their time of flight cancels; a tag moving at walking or
/// driving speed changes its flight by some 10⁻⁸ of the interval. The intervals of rounds 100 ms
/// apart make the ratio about 10⁻⁹ exact with 100 ps timestamps, where a clock offset measured on
/// one carrier (the fallback for a first round) is good to some 10⁻⁷, which over a 3 ms reply is
/// centimetres.
public struct DownlinkTDoAClockTracker: Sendable {
    /// Two Polls further apart than this are not compared: half a 40-bit clock's wrap (8.6 s),
    /// so that no interval can be taken modulo the wrong number of wraps.
    public static let longestInterval = Duration.seconds(DeviceClock.wrapPeriod.seconds / 2)
    /// ``longestInterval`` in seconds, once: every round compares against it.
    static let longestSeconds = longestInterval.secondsValue

    /// The last Poll each receiver got: its initiator, when the initiator sent it and when the
    /// receiver received it, and the rate it gave with the Poll before, if any.
    private var last = AnchorTable<(initiator: UInt16, sent: DeviceTime, received: DeviceTime, ratio: Double?)>()

    /// A tracker that knows no anchor yet.
    public init() {}

    /// Receiver `responder`'s clock rate over `initiator`'s, given the Poll the initiator sent at
    /// `pollSent` and the receiver received at `pollReceived` (each by its own clock); from the
    /// previous such Poll if there is one recent enough, else from `initiatorClockOffset`, which the
    /// receiver measured on the Poll's carrier.
    ///
    /// Without `pollSent` (the tag missed the Poll, so nothing says when it left) it is the rate
    /// the receiver's last two Polls gave, if the last came less than ``longestInterval`` before
    /// `pollReceived`: between rounds a fraction of a second apart a crystal's rate wanders far
    /// less than the 10⁻⁷ a carrier's offset measures it to. That Poll is not remembered.
    public mutating func clockRatio(
        of responder: UInt16, to initiator: UInt16, pollSent: DeviceTime?, pollReceived: DeviceTime,
        initiatorClockOffset: ClockOffset
    ) -> (ratio: Double, fromRounds: Bool) {
        // The receiver's entry looked up once, for the read and the write.
        let index = last.index(of: responder)
        let previous = index.flatMap { last[at: $0].initiator == initiator ? last[at: $0] : nil }
        let since = previous.map { pollReceived.elapsed(since: $0.received).seconds } ?? 0
        let recent = since > 0 && since < Self.longestSeconds
        let ratio: Double?
        if let pollSent {
            let sent = previous.map { pollSent.elapsed(since: $0.sent).seconds } ?? 0
            ratio = recent && sent > 0 && sent < Self.longestSeconds ? since / sent : nil
            if let index {
                last[at: index] = (initiator, pollSent, pollReceived, ratio)
            } else {
                last.append((initiator, pollSent, pollReceived, ratio), for: responder)
            }
        } else {
            ratio = recent ? previous?.ratio : nil
        }
        return ratio.map { ($0, true) } ?? (1 / (1 + initiatorClockOffset.ratio), false)
    }
}

/// Values by anchor short address, for what a listening tag keeps of each anchor it hears (a few
/// dozen at most): found by a linear search of the addresses, which for so few costs less than
/// hashing the address as a dictionary does.
struct AnchorTable<Value> {
    /// The addresses stored, in the order first stored.
    private var addresses: [UInt16] = []
    /// The value of each of ``addresses``.
    private var values: [Value] = []

    /// A table of no address.
    init() {}

    /// Where `address`'s value is, if it has one.
    func index(of address: UInt16) -> Int? {
        addresses.firstIndex(of: address)
    }

    /// The value at `index`, from ``index(of:)``.
    subscript(at index: Int) -> Value {
        get { values[index] }
        set { values[index] = newValue }
    }

    /// `address`'s value, if it has one.
    subscript(address: UInt16) -> Value? {
        index(of: address).map { values[$0] }
    }

    /// Stores `value` for `address`, which has none yet.
    mutating func append(_ value: Value, for address: UInt16) {
        addresses.append(address)
        values.append(value)
    }

    /// Stores `value` for `address`, replacing any it had.
    mutating func set(_ value: Value, for address: UInt16) {
        if let index = index(of: address) {
            values[index] = value
        } else {
            append(value, for: address)
        }
    }
}

extension AnchorTable: Sendable where Value: Sendable {}
