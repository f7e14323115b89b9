import UCI
import UWBCore

/// A session's application configuration: the TLVs SET_APP_CONFIG stored, checked one by one.
///
/// The parameters the server uses are checked for their values (see ``check(_:channel:)``);
/// every other parameter the specification names is stored with its fixed size checked and given
/// back by GET_APP_CONFIG, but has no effect (the emulated radio keeps the scenario's settings).
/// Ids the specification does not name are INVALID_PARAM.
struct UCIAppConfig {
    /// The values set, by id.
    private(set) var values: [UCIAppConfigID: [UInt8]] = [:]

    /// AOA_RESULT_REQ (FiRa UCI app config 0x0D).
    static let aoaResultRequest = UCIAppConfigID(rawValue: 0x0D)

    /// Sets each parameter that passes its check; returns the ones that did not, with why.
    mutating func set(_ parameters: [UCIParameter<UCIAppConfigID>], channel: Channel) -> [UCIParameterStatus<UCIAppConfigID>] {
        var refused: [UCIParameterStatus<UCIAppConfigID>] = []
        for parameter in parameters {
            let status = Self.check(parameter, channel: channel)
            if status == .ok {
                values[parameter.id] = parameter.value
            } else {
                refused.append(UCIParameterStatus(parameter.id, status))
            }
        }
        return refused
    }

    /// The status of setting `parameter`: OK, INVALID_PARAM for an id the specification does not
    /// name, INVALID_RANGE for a value the server cannot honour.
    static func check(_ parameter: UCIParameter<UCIAppConfigID>, channel: Channel) -> UCIStatus {
        guard UCIAppConfigID.table.contains(where: { $0.code == parameter.id }) else { return .invalidParameter }
        let value = parameter.value
        if let size = parameter.id.valueSize, value.count != size { return .invalidRange }
        switch parameter.id {
        case .deviceType, .deviceRole, aoaResultRequest:
            return value[0] <= 1 ? .ok : .invalidRange
        case .multiNodeMode, .macAddressMode:
            return value[0] == 0 ? .ok : .invalidRange
        case .numberOfControlees:
            return value[0] == 1 ? .ok : .invalidRange
        case .channelNumber:
            return Int(value[0]) == channel.rawValue ? .ok : .invalidRange
        case .deviceMacAddress, .destinationMacAddress:
            return value.count == 2 ? .ok : .invalidRange
        case .rangingDuration:
            return integer(value) >= UCIServiceConstants.minimumRangingInterval ? .ok : .invalidRange
        default:
            return .ok
        }
    }

    /// The TLVs of `ids`, or of every parameter set when `ids` is empty; ids not set are left out.
    func parameters(_ ids: [UCIAppConfigID]) -> [UCIParameter<UCIAppConfigID>] {
        let wanted = ids.isEmpty ? values.keys.sorted { $0.rawValue < $1.rawValue } : ids
        return wanted.compactMap { id in values[id].map { UCIParameter(id, $0) } }
    }

    /// Whether the parameters ranging needs are set: DEVICE_TYPE, DEVICE_MAC_ADDRESS and
    /// DST_MAC_ADDRESS (the others have defaults).
    var isComplete: Bool {
        values[.deviceType] != nil && values[.deviceMacAddress] != nil && values[.destinationMacAddress] != nil
    }

    /// Whether the device is the controller (DEVICE_TYPE 1).
    var isController: Bool { values[.deviceType] == [1] }

    /// Whether the device initiates rounds: DEVICE_ROLE 1, or by default the controller.
    var isInitiator: Bool { values[.deviceRole].map { $0 == [1] } ?? isController }

    /// The device's short MAC address.
    var deviceAddress: UInt16 { UInt16(truncatingIfNeeded: Self.integer(values[.deviceMacAddress] ?? [])) }

    /// The peer's short MAC address.
    var peerAddress: UInt16 { UInt16(truncatingIfNeeded: Self.integer(values[.destinationMacAddress] ?? [])) }

    /// RANGING_DURATION in milliseconds.
    var rangingInterval: UInt32 {
        values[.rangingDuration].map(Self.integer) ?? UCIServiceConstants.defaultRangingInterval
    }

    /// Whether SESSION_INFO_NTF should carry angles (AOA_RESULT_REQ, 1 by default).
    var wantsAngles: Bool { values[Self.aoaResultRequest] != [0] }

    /// A little-endian unsigned value.
    private static func integer(_ octets: [UInt8]) -> UInt32 {
        octets.prefix(4).reversed().reduce(0) { $0 << 8 | UInt32($1) }
    }
}
