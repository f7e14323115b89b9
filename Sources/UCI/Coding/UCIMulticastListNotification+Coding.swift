extension UCIMulticastListNotification {
    /// Reads the notification laid out for `version`.
    static func read(from reader: inout UCIPayloadReader, version: UCIProtocolRevision) throws(UCIError) -> UCIMulticastListNotification {
        let token = try reader.read(UInt32.self, "session token")
        switch version {
        case .v1:
            let remaining = try reader.read(UInt8.self, "remaining multicast list size")
            return UCIMulticastListNotification(
                sessionToken: token, remainingListSize: remaining,
                statuses: try reader.list("controlee statuses", UCIControleeStatus.readV1))
        case .v2:
            return UCIMulticastListNotification(sessionToken: token, statuses: try reader.list("controlee statuses", UCIControleeStatus.readV2))
        }
    }

    /// Writes the notification for `version`: the remaining list size is required in 1.x and
    /// absent in 2.0.
    func write(to writer: inout UCIPayloadWriter, version: UCIProtocolRevision) throws(UCIError) {
        writer.write(sessionToken)
        switch (version, remainingListSize) {
        case (.v1, .some(let size)): writer.write(size)
        case (.v1, nil): throw .missingField(message: writer.message, field: "remaining multicast list size", version: version)
        case (.v2, .some(let size)): throw .invalidValue(message: writer.message, field: "remaining multicast list size in UCI 2.0", value: UInt64(size))
        case (.v2, nil): break
        }
        try writer.list(statuses, "controlee statuses") { (writer, status) throws(UCIError) in try status.write(to: &writer, version: version) }
    }
}
