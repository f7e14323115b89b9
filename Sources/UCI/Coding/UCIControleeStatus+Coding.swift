extension UCIControleeStatus {
    /// Reads a UCI 2.0 entry: short address, status.
    static func readV2(from reader: inout UCIPayloadReader) throws(UCIError) -> UCIControleeStatus {
        UCIControleeStatus(
            shortAddress: try reader.read(UInt16.self, "short address"),
            status: try reader.read(UCIMulticastUpdateStatus.self, "controlee status"))
    }

    /// Reads a UCI 1.x notification entry: short address, sub-session id, status.
    static func readV1(from reader: inout UCIPayloadReader) throws(UCIError) -> UCIControleeStatus {
        UCIControleeStatus(
            shortAddress: try reader.read(UInt16.self, "short address"),
            subSessionID: try reader.read(UInt32.self, "sub-session id"),
            status: try reader.read(UCIMulticastUpdateStatus.self, "controlee status"))
    }

    /// Writes the entry for `version`: the sub-session id is required in 1.x, absent in 2.0.
    func write(to writer: inout UCIPayloadWriter, version: UCIProtocolRevision) throws(UCIError) {
        writer.write(shortAddress)
        switch (version, subSessionID) {
        case (.v1, .some(let id)): writer.write(id)
        case (.v1, nil): throw .missingField(message: writer.message, field: "sub-session id", version: version)
        case (.v2, .some(let id)): throw .invalidValue(message: writer.message, field: "sub-session id in UCI 2.0", value: UInt64(id))
        case (.v2, nil): break
        }
        writer.write(status)
    }
}
