import UCI
import UWBCore

/// A session's application configuration: the TLVs SET_APP_CONFIG stored, checked one by one and
/// then together.
///
/// The parameters the server uses are checked for their values (see ``check(_:channel:)``);
/// every other parameter the specification names is stored with its fixed size checked and given
/// back by GET_APP_CONFIG, but has no effect (the emulated radio keeps the scenario's settings).
/// Ids the specification does not name are INVALID_PARAM. Parameters of one command that
/// contradict each other or what is stored (``conflicts``) are INVALID_RANGE and not set.
struct UCIAppConfig {
    /// The values set, by id.
    private(set) var values: [UCIAppConfigID: [UInt8]] = [:]

    /// Sets each parameter that passes its check and contradicts nothing; returns the ones that
    /// did not, with why, in the command's order.
    mutating func set(_ parameters: [UCIParameter<UCIAppConfigID>], channel: Channel) -> [UCIParameterStatus<UCIAppConfigID>] {
        var candidate = self
        var refused: [UCIParameterStatus<UCIAppConfigID>] = []
        var applied: [UCIAppConfigID] = []
        for parameter in parameters {
            let status = Self.check(parameter, channel: channel)
            if status == .ok {
                candidate.values[parameter.id] = parameter.value
                applied.append(parameter.id)
            } else {
                refused.append(UCIParameterStatus(parameter.id, status))
            }
        }
        // Each pass takes back the command's parameters in a contradiction; what was stored before
        // agreed with itself, so this ends within as many passes as there are parameters.
        while true {
            let conflicts = candidate.conflicts
            let blamed = applied.filter(conflicts.contains)
            guard !blamed.isEmpty else { break }
            for id in blamed {
                candidate.values[id] = values[id]
                refused.append(UCIParameterStatus(id, .invalidRange))
            }
            applied.removeAll(where: blamed.contains)
        }
        self = candidate
        // In the command's order, whichever pass refused them.
        let order = parameters.map(\.id)
        return refused.sorted { (order.firstIndex(of: $0.id) ?? 0) < (order.firstIndex(of: $1.id) ?? 0) }
    }

    /// The status of setting `parameter` on its own: OK, INVALID_PARAM for an id the
    /// specification does not name, INVALID_RANGE for a value the server cannot honour.
    static func check(_ parameter: UCIParameter<UCIAppConfigID>, channel: Channel) -> UCIStatus {
        guard UCIAppConfigID.table.contains(where: { $0.code == parameter.id }) else { return .invalidParameter }
        let value = parameter.value
        if let size = parameter.id.valueSize, value.count != size { return .invalidRange }
        switch parameter.id {
        case .deviceType, .multiNodeMode, .aoaResultRequest:
            return value[0] <= 1 ? .ok : .invalidRange
        case .deviceRole:
            return value[0] <= 1 || OneWayRole(deviceRole: value[0]) != nil ? .ok : .invalidRange
        case .rangingRoundUsage:
            return UCIConstants.rangingRoundUsages.contains(value[0]) ? .ok : .invalidRange
        case .macAddressMode:
            return value[0] <= 2 ? .ok : .invalidRange
        case .numberOfControlees:
            return (1...UCIProtocolLimits.maximumControlees).contains(Int(value[0])) ? .ok : .invalidRange
        case .channelNumber:
            return Int(value[0]) == channel.rawValue ? .ok : .invalidRange
        case .deviceMacAddress:
            return value.count == 2 || value.count == 8 ? .ok : .invalidRange
        case .destinationMacAddress:
            let fits = !value.isEmpty && value.count.isMultiple(of: 2) && value.count <= 8 * UCIProtocolLimits.maximumControlees
            return fits ? .ok : .invalidRange
        case .rangingDuration:
            return integer(value) >= UCIServiceConstants.minimumRangingInterval ? .ok : .invalidRange
        default:
            return .ok
        }
    }

    /// The parameters set that contradict each other: NUMBER_OF_CONTROLEES other than 1 in a
    /// one-to-one session (with MULTI_NODE_MODE), a DST_MAC_ADDRESS list whose length is not
    /// NUMBER_OF_CONTROLEES (with it), and a one-way DEVICE_ROLE with another RANGING_ROUND_USAGE
    /// than its own, or the DL-TDoA usage with another role (both).
    var conflicts: Set<UCIAppConfigID> {
        var ids: Set<UCIAppConfigID> = []
        if let usage = values[.rangingRoundUsage]?.first, values[.deviceRole] != nil {
            let role = oneWayRole
            if role.map({ $0.roundUsage != usage }) ?? (usage == UCIConstants.downlinkTDoARoundUsage) {
                ids.formUnion([.deviceRole, .rangingRoundUsage])
            }
        }
        if !isOneToMany, controleeCount != 1 {
            ids.formUnion([.multiNodeMode, .numberOfControlees])
        }
        if let device = values[.deviceMacAddress], device.count != addressSize {
            ids.formUnion([.macAddressMode, .deviceMacAddress])
        }
        if let peers = values[.destinationMacAddress] {
            if !peers.count.isMultiple(of: addressSize) {
                ids.formUnion([.macAddressMode, .destinationMacAddress])
            } else if peerMacAddresses.count != controleeCount {
                ids.formUnion([.numberOfControlees, .destinationMacAddress])
            } else if Set(peerAddresses).count != peerAddresses.count || peerAddresses.contains(deviceAddress) && values[.deviceMacAddress] != nil {
                // Peers the radio would not tell apart: the same address twice, or two extended ones
                // whose two low octets (what the frames carry) are alike, or the device's own.
                ids.formUnion([.destinationMacAddress])
            }
        }
        return ids
    }

    /// The TLVs of `ids`, or of every parameter set when `ids` is empty; ids not set are left out.
    func parameters(_ ids: [UCIAppConfigID]) -> [UCIParameter<UCIAppConfigID>] {
        let wanted = ids.isEmpty ? values.keys.sorted { $0.rawValue < $1.rawValue } : ids
        return wanted.compactMap { id in values[id].map { UCIParameter(id, $0) } }
    }

    /// Whether the parameters the session needs are set and agree: for two-way ranging DEVICE_TYPE,
    /// DEVICE_MAC_ADDRESS and DST_MAC_ADDRESS (the others have defaults); a DT-tag and an observer
    /// only listen and need nothing past their DEVICE_ROLE; an advertiser needs its DEVICE_MAC_ADDRESS.
    var isComplete: Bool {
        guard conflicts.isEmpty else { return false }
        switch oneWayRole {
        case .downlinkTDoATag, .observer: return true
        case .advertiser: return values[.deviceMacAddress] != nil
        case nil: return values[.deviceType] != nil && values[.deviceMacAddress] != nil && values[.destinationMacAddress] != nil
        }
    }

    /// The device's one-way role (DEVICE_ROLE 5, 6 or 8), or nil for two-way ranging.
    var oneWayRole: OneWayRole? { values[.deviceRole]?.first.flatMap(OneWayRole.init(deviceRole:)) }

    /// Whether the device is the controller (DEVICE_TYPE 1).
    var isController: Bool { values[.deviceType] == [1] }

    /// Whether the device initiates rounds: DEVICE_ROLE 1, or by default the controller.
    var isInitiator: Bool { values[.deviceRole].map { $0 == [1] } ?? isController }

    /// Whether the session is one-to-many (MULTI_NODE_MODE 1; one-to-one by default).
    var isOneToMany: Bool { values[.multiNodeMode] == [1] }

    /// NUMBER_OF_CONTROLEES (1 by default).
    var controleeCount: Int { values[.numberOfControlees].flatMap(\.first).map(Int.init) ?? 1 }

    /// Whether the session's MAC addresses are extended, 8 octets (MAC_ADDRESS_MODE 1 or 2), or short,
    /// 2 octets (MAC_ADDRESS_MODE 0, the default).
    var usesExtendedAddresses: Bool { (values[.macAddressMode]?.first ?? 0) != 0 }

    /// The octets of one MAC address: 8 extended, 2 short.
    var addressSize: Int { usesExtendedAddresses ? 8 : 2 }

    /// The device's MAC address (DEVICE_MAC_ADDRESS), short or extended.
    var deviceMacAddress: UInt64 { Self.addresses(values[.deviceMacAddress] ?? [], size: addressSize).first ?? 0 }

    /// The peers' MAC addresses (DST_MAC_ADDRESS), short or extended: a controller's controlees, in
    /// order, or a controlee's controller.
    var peerMacAddresses: [UInt64] { Self.addresses(values[.destinationMacAddress] ?? [], size: addressSize) }

    /// The address the emulated radio's frames carry for the device: its short address, or the two low
    /// octets of its extended one [our choice: the emulator's frames have 16-bit addresses; the
    /// session refuses peers whose two low octets are alike (``conflicts``)].
    var deviceAddress: UInt16 { UInt16(truncatingIfNeeded: deviceMacAddress) }

    /// The addresses the emulated radio's frames carry for the peers, as ``deviceAddress`` for the device.
    var peerAddresses: [UInt16] { peerMacAddresses.map { UInt16(truncatingIfNeeded: $0) } }

    /// The MAC address, as the host configured it, of the peer whose frames carry `address`.
    func macAddress(ofPeer address: UInt16) -> UInt64 {
        peerMacAddresses.first { UInt16(truncatingIfNeeded: $0) == address } ?? UInt64(address)
    }

    /// Replaces the peers (the multicast list): DST_MAC_ADDRESS and NUMBER_OF_CONTROLEES.
    mutating func setPeers(_ addresses: [UInt16]) {
        values[.destinationMacAddress] = addresses.flatMap { [UInt8(truncatingIfNeeded: $0), UInt8($0 >> 8)] }
        values[.numberOfControlees] = [UInt8(truncatingIfNeeded: addresses.count)]
    }

    /// RANGING_DURATION in milliseconds.
    var rangingInterval: UInt32 {
        values[.rangingDuration].map(Self.integer) ?? UCIServiceConstants.defaultRangingInterval
    }

    /// Whether SESSION_INFO_NTF should carry angles (AOA_RESULT_REQ, 1 by default).
    var wantsAngles: Bool { values[.aoaResultRequest] != [0] }

    /// STS_CONFIG (0, static STS, by default).
    var stsConfig: UInt8 { values[.stsConfig]?.first ?? 0 }

    /// The little-endian addresses of `size` octets in `octets` (a partial last one is left out).
    private static func addresses(_ octets: [UInt8], size: Int) -> [UInt64] {
        stride(from: 0, to: octets.count - size + 1, by: size).map { start in
            octets[start..<(start + size)].reversed().reduce(0) { $0 << 8 | UInt64($1) }
        }
    }

    /// A little-endian unsigned value.
    private static func integer(_ octets: [UInt8]) -> UInt32 {
        octets.prefix(4).reversed().reduce(0) { $0 << 8 | UInt32($1) }
    }
}
