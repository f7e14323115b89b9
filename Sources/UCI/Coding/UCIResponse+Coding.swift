extension UCIResponse {
    /// Decodes a reassembled response laid out for `version` (SESSION_INIT_RSP and the
    /// multicast list response differ). Unmodelled group/opcode pairs give `.unknown`.
    public init(decoding raw: UCIRawMessage, version: UCIProtocolRevision) throws(UCIError) {
        guard case .control(.response, let group, let opcode) = raw.header else {
            throw .headerMismatch(message: "UCI response", header: raw.header)
        }
        let payload = raw.payload
        switch (group, opcode) {
        case (.core, Core.deviceReset):
            self = .deviceReset(try Self.statusOnly(payload, "CORE_DEVICE_RESET_RSP"))
        case (.core, Core.getDeviceInfo):
            self = .deviceInfo(try UCIPayloadReader.decode(payload, message: "CORE_GET_DEVICE_INFO_RSP", UCIDeviceInfo.read))
        case (.core, Core.getCapsInfo):
            self = try UCIPayloadReader.decode(payload, message: "CORE_GET_CAPS_INFO_RSP") { (reader) throws(UCIError) in
                .capabilities(status: try reader.read(UCIStatus.self, "status"), try reader.list("capabilities", UCIParameter.read))
            }
        case (.core, Core.setConfig):
            self = try UCIPayloadReader.decode(payload, message: "CORE_SET_CONFIG_RSP") { (reader) throws(UCIError) in
                .setConfig(status: try reader.read(UCIStatus.self, "status"), try reader.list("parameter statuses", UCIParameterStatus.read))
            }
        case (.core, Core.getConfig):
            self = try UCIPayloadReader.decode(payload, message: "CORE_GET_CONFIG_RSP") { (reader) throws(UCIError) in
                .getConfig(status: try reader.read(UCIStatus.self, "status"), try reader.list("parameters", UCIParameter.read))
            }
        case (.sessionConfig, Config.initialize):
            self = try UCIPayloadReader.decode(payload, message: "SESSION_INIT_RSP") { (reader) throws(UCIError) in
                let status = try reader.read(UCIStatus.self, "status")
                let handle = version == .v2 && reader.remainingCount > 0 ? try reader.read(UInt32.self, "session handle") : nil
                return .sessionInit(status: status, sessionHandle: handle)
            }
        case (.sessionConfig, Config.deinitialize):
            self = .sessionDeinit(try Self.statusOnly(payload, "SESSION_DEINIT_RSP"))
        case (.sessionConfig, Config.setAppConfig):
            self = try UCIPayloadReader.decode(payload, message: "SESSION_SET_APP_CONFIG_RSP") { (reader) throws(UCIError) in
                .setAppConfig(status: try reader.read(UCIStatus.self, "status"), try reader.list("parameter statuses", UCIParameterStatus.read))
            }
        case (.sessionConfig, Config.getAppConfig):
            self = try UCIPayloadReader.decode(payload, message: "SESSION_GET_APP_CONFIG_RSP") { (reader) throws(UCIError) in
                .getAppConfig(status: try reader.read(UCIStatus.self, "status"), try reader.list("parameters", UCIParameter.read))
            }
        case (.sessionConfig, Config.getCount):
            self = try UCIPayloadReader.decode(payload, message: "SESSION_GET_COUNT_RSP") { (reader) throws(UCIError) in
                .sessionCount(status: try reader.read(UCIStatus.self, "status"), count: try reader.read(UInt8.self, "session count"))
            }
        case (.sessionConfig, Config.getState):
            self = try UCIPayloadReader.decode(payload, message: "SESSION_GET_STATE_RSP") { (reader) throws(UCIError) in
                .sessionState(status: try reader.read(UCIStatus.self, "status"), try reader.read(UCISessionState.self, "session state"))
            }
        case (.sessionConfig, Config.updateControllerMulticastList):
            self = try UCIPayloadReader.decode(payload, message: "SESSION_UPDATE_CONTROLLER_MULTICAST_LIST_RSP") { (reader) throws(UCIError) in
                let status = try reader.read(UCIStatus.self, "status")
                guard version == .v2 else { return .updateMulticastList(status: status, []) }
                return .updateMulticastList(status: status, try reader.list("controlee statuses", UCIControleeStatus.readV2))
            }
        case (.sessionControl, Control.start):
            self = .sessionStart(try Self.statusOnly(payload, "SESSION_START_RSP"))
        case (.sessionControl, Control.stop):
            self = .sessionStop(try Self.statusOnly(payload, "SESSION_STOP_RSP"))
        case (.sessionControl, Control.getRangingCount):
            self = try UCIPayloadReader.decode(payload, message: "SESSION_GET_RANGING_COUNT_RSP") { (reader) throws(UCIError) in
                .rangingCount(status: try reader.read(UCIStatus.self, "status"), count: try reader.read(UInt32.self, "count"))
            }
        case (.vendorAndroid, Android.getPowerStats):
            self = .androidPowerStats(try UCIPayloadReader.decode(payload, message: "ANDROID_GET_POWER_STATS_RSP", UCIPowerStatistics.read))
        case (.vendorAndroid, Android.setCountryCode):
            self = .androidSetCountryCode(try Self.statusOnly(payload, "ANDROID_SET_COUNTRY_CODE_RSP"))
        default:
            self = .unknown(group: group, opcode: opcode, payload: payload)
        }
    }

    /// The response as a message laid out for `version`. Throws when a field the version
    /// needs is missing (the UCI 2.0 session handle) or the version has no room for it.
    public func encoded(version: UCIProtocolRevision) throws(UCIError) -> UCIRawMessage {
        let group: UCIGroupID
        let opcode: UCIOpcodeID
        let payload: [UInt8]
        switch self {
        case .deviceReset(let status):
            (group, opcode, payload) = (.core, Core.deviceReset, [status.rawValue])
        case .deviceInfo(let info):
            (group, opcode) = (.core, Core.getDeviceInfo)
            payload = try UCIPayloadWriter.encode(message: "CORE_GET_DEVICE_INFO_RSP", info.write)
        case .capabilities(let status, let parameters):
            (group, opcode) = (.core, Core.getCapsInfo)
            payload = try Self.statusAndParameters(status, parameters, "CORE_GET_CAPS_INFO_RSP")
        case .setConfig(let status, let statuses):
            (group, opcode) = (.core, Core.setConfig)
            payload = try Self.statusAndStatuses(status, statuses, "CORE_SET_CONFIG_RSP")
        case .getConfig(let status, let parameters):
            (group, opcode) = (.core, Core.getConfig)
            payload = try Self.statusAndParameters(status, parameters, "CORE_GET_CONFIG_RSP")
        case .sessionInit(let status, let handle):
            (group, opcode) = (.sessionConfig, Config.initialize)
            payload = try Self.sessionInitPayload(status: status, handle: handle, version: version)
        case .sessionDeinit(let status):
            (group, opcode, payload) = (.sessionConfig, Config.deinitialize, [status.rawValue])
        case .setAppConfig(let status, let statuses):
            (group, opcode) = (.sessionConfig, Config.setAppConfig)
            payload = try Self.statusAndStatuses(status, statuses, "SESSION_SET_APP_CONFIG_RSP")
        case .getAppConfig(let status, let parameters):
            (group, opcode) = (.sessionConfig, Config.getAppConfig)
            payload = try Self.statusAndParameters(status, parameters, "SESSION_GET_APP_CONFIG_RSP")
        case .sessionCount(let status, let count):
            (group, opcode, payload) = (.sessionConfig, Config.getCount, [status.rawValue, count])
        case .sessionState(let status, let state):
            (group, opcode, payload) = (.sessionConfig, Config.getState, [status.rawValue, state.rawValue])
        case .updateMulticastList(let status, let statuses):
            (group, opcode) = (.sessionConfig, Config.updateControllerMulticastList)
            payload = try Self.multicastPayload(status: status, statuses: statuses, version: version)
        case .sessionStart(let status):
            (group, opcode, payload) = (.sessionControl, Control.start, [status.rawValue])
        case .sessionStop(let status):
            (group, opcode, payload) = (.sessionControl, Control.stop, [status.rawValue])
        case .rangingCount(let status, let count):
            (group, opcode) = (.sessionControl, Control.getRangingCount)
            payload = try UCIPayloadWriter.encode(message: "SESSION_GET_RANGING_COUNT_RSP") { writer in
                writer.write(status)
                writer.write(count)
            }
        case .androidPowerStats(let statistics):
            (group, opcode) = (.vendorAndroid, Android.getPowerStats)
            payload = try UCIPayloadWriter.encode(message: "ANDROID_GET_POWER_STATS_RSP", statistics.write)
        case .androidSetCountryCode(let status):
            (group, opcode, payload) = (.vendorAndroid, Android.setCountryCode, [status.rawValue])
        case .unknown(let unknownGroup, let unknownOpcode, let unknownPayload):
            (group, opcode, payload) = (unknownGroup, unknownOpcode, unknownPayload)
        }
        return UCIRawMessage(header: .control(type: .response, group: group, opcode: opcode), payload: payload)
    }

    /// Decodes a payload that is just a status.
    private static func statusOnly(_ payload: [UInt8], _ message: String) throws(UCIError) -> UCIStatus {
        try UCIPayloadReader.decode(payload, message: message) { (reader) throws(UCIError) in try reader.read(UCIStatus.self, "status") }
    }

    /// Status, count, TLVs.
    private static func statusAndParameters<ID>(
        _ status: UCIStatus, _ parameters: [UCIParameter<ID>], _ message: String
    ) throws(UCIError) -> [UInt8] {
        try UCIPayloadWriter.encode(message: message) { (writer) throws(UCIError) in
            writer.write(status)
            try writer.list(parameters, "parameters") { (writer, parameter) throws(UCIError) in try parameter.write(to: &writer) }
        }
    }

    /// Status, count, (id, status) pairs.
    private static func statusAndStatuses<ID>(
        _ status: UCIStatus, _ statuses: [UCIParameterStatus<ID>], _ message: String
    ) throws(UCIError) -> [UInt8] {
        try UCIPayloadWriter.encode(message: message) { (writer) throws(UCIError) in
            writer.write(status)
            try writer.list(statuses, "parameter statuses") { writer, status in status.write(to: &writer) }
        }
    }

    /// SESSION_INIT_RSP: the handle has no place in 1.x; in 2.0 it follows the status, except in google/pica's
    /// dialect, which reports UCI 2.0 and answers with the status alone (the decoder reads both).
    private static func sessionInitPayload(status: UCIStatus, handle: UInt32?, version: UCIProtocolRevision) throws(UCIError) -> [UInt8] {
        let message = "SESSION_INIT_RSP"
        return try UCIPayloadWriter.encode(message: message) { (writer) throws(UCIError) in
            writer.write(status)
            switch (version, handle) {
            case (.v1, nil): break
            case (.v1, .some(let handle)): throw .invalidValue(message: message, field: "session handle in UCI 1.x", value: UInt64(handle))
            case (.v2, nil): break
            case (.v2, .some(let handle)): writer.write(handle)
            }
        }
    }

    /// SESSION_UPDATE_CONTROLLER_MULTICAST_LIST_RSP: status only in 1.x, with the list in 2.0.
    private static func multicastPayload(status: UCIStatus, statuses: [UCIControleeStatus], version: UCIProtocolRevision) throws(UCIError) -> [UInt8] {
        let message = "SESSION_UPDATE_CONTROLLER_MULTICAST_LIST_RSP"
        return try UCIPayloadWriter.encode(message: message) { (writer) throws(UCIError) in
            writer.write(status)
            guard version == .v2 else {
                guard statuses.isEmpty else { throw .tooLong(message: message, field: "controlee statuses in UCI 1.x", count: statuses.count, maximum: 0) }
                return
            }
            try writer.list(statuses, "controlee statuses") { (writer, status) throws(UCIError) in try status.write(to: &writer, version: version) }
        }
    }
}
