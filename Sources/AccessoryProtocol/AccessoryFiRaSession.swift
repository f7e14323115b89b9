import UCI

/// The FiRa session shareable configuration data sets up, as UCI application configuration for
/// either side: what an accessory with a FiRa board over UCI (or `uwb uci serve`) configures, and
/// what the phone's side of it is.
///
/// From the data: the session id, CHANNEL_NUMBER, PREAMBLE_CODE_INDEX, SLOT_DURATION, SLOTS_PER_RR,
/// RANGING_DURATION (the ranging interval), RANGING_ROUND_CONTROL, STATIC_STS_IV with STS_CONFIG 0
/// (static STS), and the phone's short address. The rest are our choices where no public source
/// says [inferred]: the accessory is the controller and initiator (NXP's sample's default), the
/// phone the controlee and responder; DS-TWR deferred (RANGING_ROUND_USAGE 2, FiRa's default),
/// one-to-one, short addresses. VENDOR_ID is left to the device: the vendor id an iPhone's static
/// STS uses is not public (`Docs/reference/accessory-protocol.md` §5).
public struct AccessoryFiRaSession: Hashable, Sendable {
    /// Which side of the session a device is.
    public enum Side: Hashable, Sendable {
        /// The accessory: controller and initiator.
        case accessory
        /// The phone: controlee and responder.
        case phone
    }

    /// The FiRa session id.
    public let sessionID: UInt32
    /// The SET_APP_CONFIG parameters of the side.
    public let parameters: [UCIParameter<UCIAppConfigID>]

    /// The session of `data` for `side`, the accessory at short address `accessoryAddress` (its
    /// configuration data's, ``AccessoryUWBConfiguration/macAddress``).
    ///
    /// - Throws: ``AccessoryProtocolError/invalidField(structure:field:detail:)`` for more slots
    ///   per round than SLOTS_PER_RR's octet holds, or the same address on both sides.
    public init(_ data: ShareableConfigurationData, side: Side, accessoryAddress: UInt16) throws(AccessoryProtocolError) {
        guard let slots = UInt8(exactly: data.slotsPerRound) else {
            throw .invalidField(structure: "shareable configuration data", field: "slots per round", detail: "\(data.slotsPerRound) does not fit SLOTS_PER_RR's octet")
        }
        guard data.phoneAddress != accessoryAddress else {
            throw .invalidField(structure: "shareable configuration data", field: "phone address", detail: "is the accessory's own, 0x\(String(accessoryAddress, radix: 16))")
        }
        let isAccessory = side == .accessory
        sessionID = data.sessionID
        parameters = [
            UCIParameter(.deviceType, integer: UInt8(isAccessory ? 1 : 0)),
            UCIParameter(.deviceRole, integer: UInt8(isAccessory ? 1 : 0)),
            UCIParameter(.rangingRoundUsage, integer: UInt8(2)),
            UCIParameter(.multiNodeMode, integer: UInt8(0)),
            UCIParameter(.numberOfControlees, integer: UInt8(1)),
            UCIParameter(.macAddressMode, integer: UInt8(0)),
            UCIParameter(.deviceMacAddress, integer: isAccessory ? accessoryAddress : data.phoneAddress),
            UCIParameter(.destinationMacAddress, integer: isAccessory ? data.phoneAddress : accessoryAddress),
            UCIParameter(.channelNumber, integer: data.channel),
            UCIParameter(.preambleCodeIndex, integer: data.preambleCodeIndex),
            UCIParameter(.slotDuration, integer: data.slotDuration),
            UCIParameter(.slotsPerRangingRound, integer: slots),
            UCIParameter(.rangingDuration, integer: UInt32(data.rangingInterval)),
            UCIParameter(.rangingRoundControl, integer: data.rangingRoundControl),
            UCIParameter(.stsConfig, integer: UInt8(0)),
            UCIParameter(.staticSTSIV, data.stsIV),
        ]
    }
}
