extension UCIDataMessage {
    /// Decodes a reassembled data message.
    public init(decoding raw: UCIRawMessage) throws(UCIError) {
        guard case .data(let format) = raw.header else { throw .headerMismatch(message: "UCI data message", header: raw.header) }
        switch format {
        case .dataSend:
            self = .send(try UCIPayloadReader.decode(raw.payload, message: "DATA_MESSAGE_SND") { (reader) throws(UCIError) in
                let token = try reader.read(UInt32.self, "session handle")
                let address = try reader.read(UInt64.self, "destination address")
                let sequence = try reader.read(UInt16.self, "UCI sequence number")
                let data = try Self.readData(&reader)
                return UCIDataSend(sessionToken: token, destinationAddress: address, sequenceNumber: sequence, data: data)
            })
        case .dataReceive:
            self = .receive(try UCIPayloadReader.decode(raw.payload, message: "DATA_MESSAGE_RCV") { (reader) throws(UCIError) in
                let token = try reader.read(UInt32.self, "session handle")
                let status = try reader.read(UCIStatus.self, "status")
                let address = try reader.read(UInt64.self, "source address")
                let sequence = try reader.read(UInt16.self, "UCI sequence number")
                let data = try Self.readData(&reader)
                return UCIDataReceive(sessionToken: token, status: status, sourceAddress: address, sequenceNumber: sequence, data: data)
            })
        }
    }

    /// The data message, to segment into data packets.
    public func encoded() throws(UCIError) -> UCIRawMessage {
        switch self {
        case .send(let message):
            let payload = try UCIPayloadWriter.encode(message: "DATA_MESSAGE_SND") { (writer) throws(UCIError) in
                writer.write(message.sessionToken)
                writer.write(message.destinationAddress)
                writer.write(message.sequenceNumber)
                try Self.writeData(message.data, to: &writer)
            }
            return UCIRawMessage(header: .data(.dataSend), payload: payload)
        case .receive(let message):
            let payload = try UCIPayloadWriter.encode(message: "DATA_MESSAGE_RCV") { (writer) throws(UCIError) in
                writer.write(message.sessionToken)
                writer.write(message.status)
                writer.write(message.sourceAddress)
                writer.write(message.sequenceNumber)
                try Self.writeData(message.data, to: &writer)
            }
            return UCIRawMessage(header: .data(.dataReceive), payload: payload)
        }
    }

    /// A 2-octet length then that many octets.
    private static func readData(_ reader: inout UCIPayloadReader) throws(UCIError) -> [UInt8] {
        try reader.octets(Int(try reader.read(UInt16.self, "application data length")), "application data")
    }

    /// A 2-octet length then the octets.
    private static func writeData(_ data: [UInt8], to writer: inout UCIPayloadWriter) throws(UCIError) {
        guard let length = UInt16(exactly: data.count) else {
            throw .tooLong(message: writer.message, field: "application data", count: data.count, maximum: Int(UInt16.max))
        }
        writer.write(length)
        try writer.write(data, "application data")
    }
}
