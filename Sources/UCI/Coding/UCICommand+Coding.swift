extension UCICommand {
    /// Decodes a reassembled command. Unmodelled group/opcode pairs give `.unknown`; a known
    /// command with a malformed payload throws.
    public init(decoding raw: UCIRawMessage) throws(UCIError) {
        guard case .control(.command, let group, let opcode) = raw.header else {
            throw .headerMismatch(message: "UCI command", header: raw.header)
        }
        let payload = raw.payload
        switch (group, opcode) {
        case (.core, Core.deviceReset):
            self = try UCIPayloadReader.decode(payload, message: "CORE_DEVICE_RESET_CMD") { (reader) throws(UCIError) in
                .deviceReset(resetConfig: try reader.read(UInt8.self, "reset config"))
            }
        case (.core, Core.getDeviceInfo):
            self = try UCIPayloadReader.decode(payload, message: "CORE_GET_DEVICE_INFO_CMD") { _ throws(UCIError) in .getDeviceInfo }
        case (.core, Core.getCapsInfo):
            self = try UCIPayloadReader.decode(payload, message: "CORE_GET_CAPS_INFO_CMD") { _ throws(UCIError) in .getCapabilities }
        case (.core, Core.setConfig):
            self = try UCIPayloadReader.decode(payload, message: "CORE_SET_CONFIG_CMD") { (reader) throws(UCIError) in
                .setConfig(try reader.list("parameters", UCIParameter.read))
            }
        case (.core, Core.getConfig):
            self = try UCIPayloadReader.decode(payload, message: "CORE_GET_CONFIG_CMD") { (reader) throws(UCIError) in
                .getConfig(try reader.list("ids") { (reader) throws(UCIError) in try reader.read(UCIDeviceConfigID.self, "id") })
            }
        case (.sessionConfig, Config.initialize):
            self = try UCIPayloadReader.decode(payload, message: "SESSION_INIT_CMD") { (reader) throws(UCIError) in
                .sessionInit(
                    sessionID: try reader.read(UInt32.self, "session id"),
                    type: try reader.read(UCISessionType.self, "session type"))
            }
        case (.sessionConfig, Config.deinitialize):
            self = .sessionDeinit(sessionToken: try Self.token(payload, "SESSION_DEINIT_CMD"))
        case (.sessionConfig, Config.setAppConfig):
            self = try UCIPayloadReader.decode(payload, message: "SESSION_SET_APP_CONFIG_CMD") { (reader) throws(UCIError) in
                .setAppConfig(sessionToken: try reader.read(UInt32.self, "session token"), try reader.list("parameters", UCIParameter.read))
            }
        case (.sessionConfig, Config.getAppConfig):
            self = try UCIPayloadReader.decode(payload, message: "SESSION_GET_APP_CONFIG_CMD") { (reader) throws(UCIError) in
                .getAppConfig(
                    sessionToken: try reader.read(UInt32.self, "session token"),
                    try reader.list("ids") { (reader) throws(UCIError) in try reader.read(UCIAppConfigID.self, "id") })
            }
        case (.sessionConfig, Config.getCount):
            self = try UCIPayloadReader.decode(payload, message: "SESSION_GET_COUNT_CMD") { _ throws(UCIError) in .getSessionCount }
        case (.sessionConfig, Config.getState):
            self = .getSessionState(sessionToken: try Self.token(payload, "SESSION_GET_STATE_CMD"))
        case (.sessionConfig, Config.updateControllerMulticastList):
            self = .updateMulticastList(try UCIPayloadReader.decode(payload, message: "SESSION_UPDATE_CONTROLLER_MULTICAST_LIST_CMD", UCIMulticastListUpdate.read))
        case (.sessionControl, Control.start):
            self = .sessionStart(sessionToken: try Self.token(payload, "SESSION_START_CMD"))
        case (.sessionControl, Control.stop):
            self = .sessionStop(sessionToken: try Self.token(payload, "SESSION_STOP_CMD"))
        case (.sessionControl, Control.getRangingCount):
            self = .getRangingCount(sessionToken: try Self.token(payload, "SESSION_GET_RANGING_COUNT_CMD"))
        case (.vendorAndroid, Android.getPowerStats):
            self = try UCIPayloadReader.decode(payload, message: "ANDROID_GET_POWER_STATS_CMD") { _ throws(UCIError) in .androidGetPowerStats }
        case (.vendorAndroid, Android.setCountryCode):
            self = try UCIPayloadReader.decode(payload, message: "ANDROID_SET_COUNTRY_CODE_CMD") { (reader) throws(UCIError) in
                .androidSetCountryCode(try reader.octets(UCIConstants.countryCodeSize, "country code"))
            }
        default:
            self = .unknown(group: group, opcode: opcode, payload: payload)
        }
    }

    /// The command as a message to segment and send.
    public func encoded() throws(UCIError) -> UCIRawMessage {
        let group: UCIGroupID
        let opcode: UCIOpcodeID
        let payload: [UInt8]
        switch self {
        case .deviceReset(let resetConfig):
            (group, opcode, payload) = (.core, Core.deviceReset, [resetConfig])
        case .getDeviceInfo:
            (group, opcode, payload) = (.core, Core.getDeviceInfo, [])
        case .getCapabilities:
            (group, opcode, payload) = (.core, Core.getCapsInfo, [])
        case .setConfig(let parameters):
            (group, opcode) = (.core, Core.setConfig)
            payload = try UCIPayloadWriter.encode(message: "CORE_SET_CONFIG_CMD") { (writer) throws(UCIError) in
                try writer.list(parameters, "parameters") { (writer, parameter) throws(UCIError) in try parameter.write(to: &writer) }
            }
        case .getConfig(let ids):
            (group, opcode) = (.core, Core.getConfig)
            payload = try UCIPayloadWriter.encode(message: "CORE_GET_CONFIG_CMD") { (writer) throws(UCIError) in
                try writer.list(ids, "ids") { writer, id in writer.write(id) }
            }
        case .sessionInit(let sessionID, let type):
            (group, opcode) = (.sessionConfig, Config.initialize)
            payload = try UCIPayloadWriter.encode(message: "SESSION_INIT_CMD") { writer in
                writer.write(sessionID)
                writer.write(type)
            }
        case .sessionDeinit(let token):
            (group, opcode, payload) = (.sessionConfig, Config.deinitialize, Self.token(token))
        case .setAppConfig(let token, let parameters):
            (group, opcode) = (.sessionConfig, Config.setAppConfig)
            payload = try UCIPayloadWriter.encode(message: "SESSION_SET_APP_CONFIG_CMD") { (writer) throws(UCIError) in
                writer.write(token)
                try writer.list(parameters, "parameters") { (writer, parameter) throws(UCIError) in try parameter.write(to: &writer) }
            }
        case .getAppConfig(let token, let ids):
            (group, opcode) = (.sessionConfig, Config.getAppConfig)
            payload = try UCIPayloadWriter.encode(message: "SESSION_GET_APP_CONFIG_CMD") { (writer) throws(UCIError) in
                writer.write(token)
                try writer.list(ids, "ids") { writer, id in writer.write(id) }
            }
        case .getSessionCount:
            (group, opcode, payload) = (.sessionConfig, Config.getCount, [])
        case .getSessionState(let token):
            (group, opcode, payload) = (.sessionConfig, Config.getState, Self.token(token))
        case .updateMulticastList(let update):
            (group, opcode) = (.sessionConfig, Config.updateControllerMulticastList)
            payload = try UCIPayloadWriter.encode(message: "SESSION_UPDATE_CONTROLLER_MULTICAST_LIST_CMD", update.write)
        case .sessionStart(let token):
            (group, opcode, payload) = (.sessionControl, Control.start, Self.token(token))
        case .sessionStop(let token):
            (group, opcode, payload) = (.sessionControl, Control.stop, Self.token(token))
        case .getRangingCount(let token):
            (group, opcode, payload) = (.sessionControl, Control.getRangingCount, Self.token(token))
        case .androidGetPowerStats:
            (group, opcode, payload) = (.vendorAndroid, Android.getPowerStats, [])
        case .androidSetCountryCode(let code):
            (group, opcode) = (.vendorAndroid, Android.setCountryCode)
            guard code.count == UCIConstants.countryCodeSize else {
                throw .invalidValue(message: "ANDROID_SET_COUNTRY_CODE_CMD", field: "country code length", value: UInt64(code.count))
            }
            payload = code
        case .unknown(let unknownGroup, let unknownOpcode, let unknownPayload):
            (group, opcode, payload) = (unknownGroup, unknownOpcode, unknownPayload)
        }
        return UCIRawMessage(header: .control(type: .command, group: group, opcode: opcode), payload: payload)
    }

    /// Decodes a payload that is just a session token.
    private static func token(_ payload: [UInt8], _ message: String) throws(UCIError) -> UInt32 {
        try UCIPayloadReader.decode(payload, message: message) { (reader) throws(UCIError) in try reader.read(UInt32.self, "session token") }
    }

    /// The payload of a command that is just a session token.
    private static func token(_ token: UInt32) -> [UInt8] {
        var writer = UCIPayloadWriter(message: "session token")
        writer.write(token)
        return writer.octets
    }
}
