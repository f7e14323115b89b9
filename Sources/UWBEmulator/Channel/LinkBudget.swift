import Foundation
import UWBCore

/// Transmit level and antenna gains: received level = TX level + G_TX + G_RX − loss
/// (Friis link budget, `Docs/reference/uwb-physics.md` §1.3, after Decawave's maximum-range note).
public struct LinkBudget: Hashable, Sendable {
    /// The UWB emission limit, −41.3 dBm/MHz mean EIRP (FCC 47 CFR §15.517(c); ETSI EN 302 065 uses the same
    /// figure in 6–8.5 GHz). [U] in `Docs/reference/uwb-physics.md` §1.3 (that a DW1000 transmits at the mask);
    /// the regulatory figure itself is general knowledge, not checked against the rule text here.
    public static let emissionMaskDBmPerMegahertz = -41.3

    /// The default transmit level, −14.3 dBm: the emission mask over a 499.2 MHz channel,
    /// −41.3 + 10·log₁₀(499.2) = −14.32 dBm [D], rounded to 0.1 dB (`Docs/reference/uwb-physics.md` §1.3).
    public static let defaultTransmitLevel = PowerLevel(dBm: -14.3)

    /// The default budget: ``defaultTransmitLevel`` and 0 dBi antennas at both ends (isotropic; the physics
    /// reference gives no antenna gain for the DW1000 boards [U]).
    public static let standard = LinkBudget(
        uncheckedTransmitLevel: defaultTransmitLevel,
        transmitAntennaGain: PowerRatio(decibels: 0),
        receiveAntennaGain: PowerRatio(decibels: 0))

    /// The level fed to the transmit antenna.
    public let transmitLevel: PowerLevel
    /// The gain of the transmitting antenna towards the receiver.
    public let transmitAntennaGain: PowerRatio
    /// The gain of the receiving antenna towards the transmitter.
    public let receiveAntennaGain: PowerRatio

    /// A budget with explicit values.
    ///
    /// - Throws: ``ChannelModelError/notFinite(parameter:value:)`` if any value is NaN or infinite.
    public init(
        transmitLevel: PowerLevel = LinkBudget.defaultTransmitLevel,
        transmitAntennaGain: PowerRatio = PowerRatio(decibels: 0),
        receiveAntennaGain: PowerRatio = PowerRatio(decibels: 0)
    ) throws(ChannelModelError) {
        self.init(
            uncheckedTransmitLevel: PowerLevel(dBm: try ChannelModelError.finite(transmitLevel.dBm, "txPowerDBm")),
            transmitAntennaGain: PowerRatio(
                decibels: try ChannelModelError.finite(transmitAntennaGain.decibels, "transmitAntennaGainDB")),
            receiveAntennaGain: PowerRatio(
                decibels: try ChannelModelError.finite(receiveAntennaGain.decibels, "receiveAntennaGainDB")))
    }

    /// A budget from values already known to be finite.
    private init(uncheckedTransmitLevel: PowerLevel, transmitAntennaGain: PowerRatio, receiveAntennaGain: PowerRatio) {
        self.transmitLevel = uncheckedTransmitLevel
        self.transmitAntennaGain = transmitAntennaGain
        self.receiveAntennaGain = receiveAntennaGain
    }

    /// The highest mean level the emission mask allows over `bandwidth`: −41.3 dBm/MHz + 10·log₁₀(B / 1 MHz).
    /// −14.3 dBm for 499.2 MHz [D].
    public static func maskLimitedLevel(bandwidth: Frequency) -> PowerLevel {
        PowerLevel(dBm: emissionMaskDBmPerMegahertz + 10 * Foundation.log10(bandwidth.megahertz))
    }

    /// The level at the receiver input after a total propagation loss `pathLoss`.
    public func receivedLevel(pathLoss: PowerRatio) -> PowerLevel {
        PowerLevel(dBm: transmitLevel.dBm + transmitAntennaGain.decibels + receiveAntennaGain.decibels - pathLoss.decibels)
    }
}
