import UCI
import UWBRanging

/// The FiRa session the phone's data sets up, as UCI application configuration for either side:
/// what an accessory with a FiRa board over UCI (or `uwb uci serve`) configures, what the phone's
/// side of it is, and the key schedule of its static STS.
///
/// From an iPhone's ``ShareableConfigurationData``: the session id, CHANNEL_NUMBER,
/// PREAMBLE_CODE_INDEX, SLOT_DURATION, SLOTS_PER_RR, RANGING_DURATION (the ranging interval),
/// RANGING_ROUND_CONTROL, STATIC_STS_IV with STS_CONFIG 0 (static STS), and the phone's short
/// address. From an Android phone's ``AndroidPhoneConfigurationData``: the session id, channel,
/// preamble code, the accessory's role and the phone's address, the rest being the fixed
/// parameters of androidx.core.uwb's CONFIG_UNICAST_DS_TWR (``AccessoryProtocolConstants``).
///
/// The rest are our choices where no public source says [inferred]: the accessory is the
/// controller and initiator when its UWB block says it initiates (NXP's sample's default), the
/// phone the controlee and responder; DS-TWR deferred (RANGING_ROUND_USAGE 2, FiRa's default),
/// one-to-one, short addresses. An iPhone's VENDOR_ID is not public
/// (`Docs/reference/accessory-protocol.md` §5), so an iPhone session leaves it to the device; the
/// key schedule then takes it as 00 00, as `uwb uci serve` does.
public struct AccessoryFiRaSession: Hashable, Sendable {
    /// Which side of the session a device is.
    public enum Side: Hashable, Sendable {
        /// The accessory.
        case accessory
        /// The phone.
        case phone
    }

    /// The FiRa session id.
    public let sessionID: UInt32
    /// The side these parameters configure.
    public let side: Side
    /// Whether the accessory is the controller and initiator (else the phone is).
    public let accessoryInitiates: Bool
    /// This side's short address.
    public let ownAddress: UInt16
    /// The other side's short address (DST_MAC_ADDRESS).
    public let peerAddress: UInt16
    /// CHANNEL_NUMBER.
    public let channel: UInt8
    /// PREAMBLE_CODE_INDEX.
    public let preambleCodeIndex: UInt8
    /// SLOT_DURATION, in ranging time units (RSTU, 1/1.2 µs).
    public let slotDuration: UInt16
    /// SLOTS_PER_RR.
    public let slotsPerRound: UInt8
    /// The ranging interval (RANGING_DURATION).
    public let rangingInterval: Duration
    /// RANGING_ROUND_CONTROL, where the data gives one.
    public let rangingRoundControl: UInt8?
    /// VENDOR_ID, where known (nil: left to the device).
    public let vendorID: [UInt8]?
    /// STATIC_STS_IV.
    public let staticSTSIV: [UInt8]

    /// The session an iPhone's `data` sets up, for `side`, the accessory at short address
    /// `accessoryAddress` (its configuration data's, ``AccessoryUWBConfiguration/macAddress``),
    /// initiating if `accessoryInitiates` (its block's ranging role 1).
    ///
    /// - Throws: ``AccessoryProtocolError/invalidField(structure:field:detail:)`` for more slots
    ///   per round than SLOTS_PER_RR's octet holds, or the same address on both sides.
    public init(_ data: ShareableConfigurationData, side: Side, accessoryAddress: UInt16, accessoryInitiates: Bool = true) throws(AccessoryProtocolError) {
        let structure = "shareable configuration data"
        guard let slots = UInt8(exactly: data.slotsPerRound) else {
            throw .invalidField(structure: structure, field: "slots per round", detail: "\(data.slotsPerRound) does not fit SLOTS_PER_RR's octet")
        }
        try Self.checkAddresses(phone: data.phoneAddress, accessory: accessoryAddress, structure: structure)
        sessionID = data.sessionID
        self.side = side
        self.accessoryInitiates = accessoryInitiates
        (ownAddress, peerAddress) = side == .accessory ? (accessoryAddress, data.phoneAddress) : (data.phoneAddress, accessoryAddress)
        channel = data.channel
        preambleCodeIndex = data.preambleCodeIndex
        slotDuration = data.slotDuration
        slotsPerRound = slots
        rangingInterval = .milliseconds(Int64(data.rangingInterval))
        rangingRoundControl = data.rangingRoundControl
        vendorID = nil
        staticSTSIV = data.stsIV
    }

    /// The session an Android phone's `data` sets up (CONFIG_UNICAST_DS_TWR), for `side`, the
    /// accessory at short address `accessoryAddress`.
    ///
    /// - Throws: ``AccessoryProtocolError/notSupported(_:)`` for a configuration id other than 1,
    ///   ``AccessoryProtocolError/invalidField(structure:field:detail:)`` for a role other than 1
    ///   and 2, or the same address on both sides.
    public init(android data: AndroidPhoneConfigurationData, side: Side, accessoryAddress: UInt16) throws(AccessoryProtocolError) {
        let structure = "Android phone configuration data"
        guard data.configurationID == AccessoryProtocolConstants.Android.configurationID else {
            throw .notSupported("configuration id \(data.configurationID) (only 1, CONFIG_UNICAST_DS_TWR, is built)")
        }
        guard let initiates = data.accessoryRole.accessoryInitiates else {
            throw .invalidField(structure: structure, field: "device ranging role", detail: "\(data.accessoryRole.rawValue) is neither 1 (controller) nor 2 (controlee)")
        }
        try Self.checkAddresses(phone: data.phoneAddress, accessory: accessoryAddress, structure: structure)
        let android = AccessoryProtocolConstants.Android.self
        sessionID = data.sessionID
        self.side = side
        accessoryInitiates = initiates
        (ownAddress, peerAddress) = side == .accessory ? (accessoryAddress, data.phoneAddress) : (data.phoneAddress, accessoryAddress)
        channel = data.channel
        preambleCodeIndex = data.preambleCodeIndex
        slotDuration = android.slotDuration
        slotsPerRound = android.slotsPerRound
        rangingInterval = android.rangingInterval
        rangingRoundControl = nil
        vendorID = android.vendorID
        staticSTSIV = android.staticSTSIV
    }

    /// Whether this side is the controller and initiator.
    public var isController: Bool { (side == .accessory) == accessoryInitiates }

    /// The SET_APP_CONFIG parameters of the side.
    public var parameters: [UCIParameter<UCIAppConfigID>] {
        let controls = isController
        var parameters: [UCIParameter<UCIAppConfigID>] = [
            UCIParameter(.deviceType, integer: UInt8(controls ? 1 : 0)),
            UCIParameter(.deviceRole, integer: UInt8(controls ? 1 : 0)),
            UCIParameter(.rangingRoundUsage, integer: Self.rangingRoundUsage),
            UCIParameter(.multiNodeMode, integer: Self.multiNodeMode),
            UCIParameter(.numberOfControlees, integer: UInt8(1)),
            UCIParameter(.macAddressMode, integer: UInt8(0)),
            UCIParameter(.deviceMacAddress, integer: ownAddress),
            UCIParameter(.destinationMacAddress, integer: peerAddress),
            UCIParameter(.channelNumber, integer: channel),
            UCIParameter(.preambleCodeIndex, integer: preambleCodeIndex),
            UCIParameter(.slotDuration, integer: slotDuration),
            UCIParameter(.slotsPerRangingRound, integer: slotsPerRound),
        ]
        parameters.append(UCIParameter(.rangingDuration, integer: UInt32(rangingInterval / .milliseconds(1))))
        if let rangingRoundControl {
            parameters.append(UCIParameter(.rangingRoundControl, integer: rangingRoundControl))
        }
        parameters.append(UCIParameter(.stsConfig, integer: Self.staticSTS))
        if let vendorID {
            parameters.append(UCIParameter(.vendorID, vendorID))
        }
        parameters.append(UCIParameter(.staticSTSIV, staticSTSIV))
        return parameters
    }

    /// What FiRa binds the session's keys to (UCI's defaults for the physical parameters).
    public var configurationDigest: FiRaConfigurationDigest {
        FiRaConfigurationDigest(
            rangingRoundUsage: Self.rangingRoundUsage, stsConfig: Self.staticSTS, multiNodeMode: Self.multiNodeMode, channel: channel,
            slotDuration: slotDuration, preambleCodeIndex: preambleCodeIndex, sessionID: sessionID)
    }

    /// The key schedule of the session's static STS: vUpper64 is VENDOR_ID (00 00 when left to
    /// the device) then STATIC_STS_IV.
    ///
    /// - Throws: ``FiRaSecurityError/wrongVUpperLength(_:)`` for an STS IV that is not 6 octets.
    public func keySchedule() throws(FiRaSecurityError) -> FiRaKeySchedule {
        try FiRaKeySchedule(mode: .staticSTS(vUpper64: (vendorID ?? [0, 0]) + staticSTSIV), configuration: configurationDigest)
    }

    /// RANGING_ROUND_USAGE: DS-TWR, deferred.
    private static let rangingRoundUsage: UInt8 = 2
    /// MULTI_NODE_MODE: one-to-one.
    private static let multiNodeMode: UInt8 = 0
    /// STS_CONFIG: static STS.
    private static let staticSTS: UInt8 = 0

    /// Refuses a phone at the accessory's own address.
    private static func checkAddresses(phone: UInt16, accessory: UInt16, structure: String) throws(AccessoryProtocolError) {
        guard phone != accessory else {
            throw .invalidField(structure: structure, field: "phone address", detail: "is the accessory's own, 0x\(String(accessory, radix: 16))")
        }
    }
}
