import AccessoryProtocol
import Foundation
import UWBCore

/// The phone's side of an accessory session on this device: the shareable configuration data it
/// hands the app for the accessory, and the FiRa session that data sets up.
///
/// The data is version 1.0 (28 octets; what 1.1's last two octets mean is not published) with
/// what the published iPhone data holds (``AccessoryProtocolConstants/IPhone``: 6 slots of
/// 3600 RSTU, round control 3, country "US"), except:
/// - the channel and preamble code: a radio's own (the emulated and USB radios range on the
///   channel they were configured with); on a UCI device channel 9 where it has it, else its
///   lowest, with preamble code 11;
/// - the ranging interval: 180 ms (the published one) for an accessory preferring automatic or
///   user-interactive updates, 600 ms for infrequent ones [our choice], within what the device keeps;
/// - the session id and the STS IV: random, from the device service's generator (seeded with
///   ``DeviceServiceSettings/tokenSeed``, for reproducible runs);
/// - the phone's address: the session's token's.
struct AccessoryPhonePlan {
    /// The data for the accessory.
    let shareable: ShareableConfigurationData
    /// The session it sets up, phone side.
    let session: AccessoryFiRaSession

    /// The interval for an accessory that prefers infrequent updates.
    static let infrequentInterval: Duration = .milliseconds(600)

    /// The plan for ranging with the accessory `uwb` describes, which prefers `rate`, from the
    /// session of `token` on `device`.
    ///
    /// - Throws: ``NIError/Code/unsupportedPlatform`` for a radio without an STS (a DW1000) or a UCI
    ///   device without channels; ``NIError/Code/invalidConfiguration`` for an accessory at the
    ///   session's own address.
    init(
        uwb: AccessoryUWBConfiguration, rate: AccessoryConfigurationData.PreferredUpdateRate, token: NIDiscoveryToken, device: DeviceService
    ) throws(NIError) {
        let iPhone = AccessoryProtocolConstants.IPhone.self
        let (channel, preamble) = try device.accessoryChannel(preferring: iPhone.channel, preambleCodeIndex: iPhone.preambleCodeIndex)
        let preferred: Duration = rate == .infrequent ? Self.infrequentInterval : .milliseconds(Int64(AccessoryProtocolConstants.IPhone.rangingInterval))
        let interval = min(max(preferred, device.updateIntervals.lowerBound), device.updateIntervals.upperBound)
        let random = device.randomOctets(10)
        shareable = ShareableConfigurationData(
            countryCode: iPhone.countryCode, sessionID: max(1, random[0..<4].bigEndianValue()), preambleCodeIndex: preamble, channel: channel,
            slotsPerRound: iPhone.slotsPerRound, slotDuration: iPhone.slotDuration,
            rangingInterval: UInt16(clamping: Int64((interval / .milliseconds(1)).rounded(.up))), rangingRoundControl: iPhone.rangingRoundControl,
            stsIV: Array(random[4..<10]), phoneAddress: token.content.shortAddress)
        do {
            session = try AccessoryFiRaSession(shareable, side: .phone, accessoryAddress: uwb.macAddress, accessoryInitiates: uwb.rangingRole == 1)
        } catch {
            throw NIError(.invalidConfiguration, detail: "\(error); create a new NISession for a fresh token")
        }
    }
}
