import Foundation

/// The initiator's plan in ``ScenarioRanging``: one round with each peer in turn, each in a slot
/// of 1 / (rate × peers) seconds. A slot must be longer than the longest round (retries included,
/// ``UWBRanging/RangingTiming/longestRound``), or a round would still hold the radio when the next
/// peer's slot starts; so the rate per peer must stay below 1 / (longest round × peers).
public struct RangingSlots: Hashable, Sendable {
    /// How many peers share the initiator's radio, at least 1.
    public let peers: Int
    /// The longest a round lasts, retries included.
    public let longestRound: Duration

    /// The slots of an initiator with `peers` peers (at least 1; fewer count as 1) whose rounds last
    /// at most `longestRound`.
    public init(peers: Int, longestRound: Duration) {
        self.peers = max(1, peers)
        self.longestRound = longestRound
    }

    /// The seconds of the slot each peer gets at `rate` rounds per second with each peer.
    public func slotSeconds(at rate: Double) -> Double {
        1 / (rate * Double(peers))
    }

    /// Whether `rate` rounds per second with each peer give every round a slot longer than the
    /// longest round.
    public func fits(_ rate: Double) -> Bool {
        slotSeconds(at: rate) > longestRound.secondsValue
    }

    /// The least upper bound of the rates that fit, 1 / (longest round × peers); it does not fit
    /// itself.
    public var rateBound: Double {
        1 / (longestRound.secondsValue * Double(peers))
    }

    /// The fastest rate that fits, rounded down to three significant figures so that it reads well
    /// and can be given back as `--rate`.
    public var fastestRate: Double {
        let bound = rateBound
        let exponent = Foundation.floor(Foundation.log10(bound)) - 2
        let digits = Foundation.floor(Self.decimal(bound, timesTenToThe: -exponent))
        let rounded = Self.decimal(digits, timesTenToThe: exponent)
        // The bound itself does not fit (a slot must be longer than a round): one step below it does.
        return fits(rounded) ? rounded : Self.decimal(digits - 1, timesTenToThe: exponent)
    }

    /// `value` × 10^`exponent`, dividing by a whole power of ten for negative exponents, so that whole
    /// digits give the double nearest the decimal (9.23, not 9.2299999…).
    private static func decimal(_ value: Double, timesTenToThe exponent: Double) -> Double {
        exponent >= 0 ? value * Foundation.pow(10, exponent) : value / Foundation.pow(10, -exponent)
    }

    /// `rate` if it fits, else ``fastestRate``.
    public func nearestFitting(_ rate: Double) -> Double {
        fits(rate) ? rate : fastestRate
    }
}
