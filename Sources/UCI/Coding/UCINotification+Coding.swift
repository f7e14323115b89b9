extension UCINotification {
    /// Decodes a reassembled notification laid out for `version` (the multicast list
    /// notification differs). Unmodelled group/opcode pairs give `.unknown`.
    public init(decoding raw: UCIRawMessage, version: UCIProtocolRevision) throws(UCIError) {
        guard case .control(.notification, let group, let opcode) = raw.header else {
            throw .headerMismatch(message: "UCI notification", header: raw.header)
        }
        let payload = raw.payload
        switch (group, opcode) {
        case (.core, Core.deviceStatus):
            self = try UCIPayloadReader.decode(payload, message: "CORE_DEVICE_STATUS_NTF") { (reader) throws(UCIError) in
                .deviceStatus(try reader.read(UCIDeviceState.self, "device state"))
            }
        case (.core, Core.genericError):
            self = try UCIPayloadReader.decode(payload, message: "CORE_GENERIC_ERROR_NTF") { (reader) throws(UCIError) in
                .genericError(try reader.read(UCIStatus.self, "status"))
            }
        case (.sessionConfig, Config.status):
            self = try UCIPayloadReader.decode(payload, message: "SESSION_STATUS_NTF") { (reader) throws(UCIError) in
                .sessionStatus(
                    sessionToken: try reader.read(UInt32.self, "session token"),
                    state: try reader.read(UCISessionState.self, "session state"),
                    reason: try reader.read(UCISessionStatusReason.self, "reason code"))
            }
        case (.sessionConfig, Config.updateControllerMulticastList):
            self = .multicastListUpdate(try UCIPayloadReader.decode(payload, message: "SESSION_UPDATE_CONTROLLER_MULTICAST_LIST_NTF") { (reader) throws(UCIError) in
                try UCIMulticastListNotification.read(from: &reader, version: version)
            })
        case (.sessionControl, Control.start):
            self = .sessionInfo(try UCIPayloadReader.decode(payload, message: "SESSION_INFO_NTF", UCISessionInfo.read))
        case (.sessionControl, Control.dataCredit):
            self = try UCIPayloadReader.decode(payload, message: "SESSION_DATA_CREDIT_NTF") { (reader) throws(UCIError) in
                let token = try reader.read(UInt32.self, "session token")
                let credit = try reader.read(UInt8.self, "credit availability")
                guard credit <= 1 else { throw .invalidValue(message: reader.message, field: "credit availability", value: UInt64(credit)) }
                return .dataCredit(sessionToken: token, available: credit == 1)
            }
        case (.sessionControl, Control.dataTransferStatus):
            self = try UCIPayloadReader.decode(payload, message: "SESSION_DATA_TRANSFER_STATUS_NTF") { (reader) throws(UCIError) in
                .dataTransferStatus(
                    sessionToken: try reader.read(UInt32.self, "session token"),
                    sequenceNumber: try reader.read(UInt8.self, "UCI sequence number"),
                    status: try reader.read(UCIDataTransferStatus.self, "status"),
                    transmitCount: try reader.read(UInt8.self, "tx count"))
            }
        default:
            self = .unknown(group: group, opcode: opcode, payload: payload)
        }
    }

    /// The notification as a message laid out for `version`.
    public func encoded(version: UCIProtocolRevision) throws(UCIError) -> UCIRawMessage {
        let group: UCIGroupID
        let opcode: UCIOpcodeID
        let payload: [UInt8]
        switch self {
        case .deviceStatus(let state):
            (group, opcode, payload) = (.core, Core.deviceStatus, [state.rawValue])
        case .genericError(let status):
            (group, opcode, payload) = (.core, Core.genericError, [status.rawValue])
        case .sessionStatus(let token, let state, let reason):
            (group, opcode) = (.sessionConfig, Config.status)
            payload = try UCIPayloadWriter.encode(message: "SESSION_STATUS_NTF") { writer in
                writer.write(token)
                writer.write(state)
                writer.write(reason)
            }
        case .multicastListUpdate(let notification):
            (group, opcode) = (.sessionConfig, Config.updateControllerMulticastList)
            payload = try UCIPayloadWriter.encode(message: "SESSION_UPDATE_CONTROLLER_MULTICAST_LIST_NTF") { (writer) throws(UCIError) in
                try notification.write(to: &writer, version: version)
            }
        case .sessionInfo(let info):
            (group, opcode) = (.sessionControl, Control.start)
            payload = try UCIPayloadWriter.encode(message: "SESSION_INFO_NTF", info.write)
        case .dataCredit(let token, let available):
            (group, opcode) = (.sessionControl, Control.dataCredit)
            payload = try UCIPayloadWriter.encode(message: "SESSION_DATA_CREDIT_NTF") { writer in
                writer.write(token)
                writer.write(UInt8(available ? 1 : 0))
            }
        case .dataTransferStatus(let token, let sequenceNumber, let status, let transmitCount):
            (group, opcode) = (.sessionControl, Control.dataTransferStatus)
            payload = try UCIPayloadWriter.encode(message: "SESSION_DATA_TRANSFER_STATUS_NTF") { writer in
                writer.write(token)
                writer.write(sequenceNumber)
                writer.write(status)
                writer.write(transmitCount)
            }
        case .unknown(let unknownGroup, let unknownOpcode, let unknownPayload):
            (group, opcode, payload) = (unknownGroup, unknownOpcode, unknownPayload)
        }
        return UCIRawMessage(header: .control(type: .notification, group: group, opcode: opcode), payload: payload)
    }
}
