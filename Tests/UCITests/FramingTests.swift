import Testing
import UCI

@Suite struct FramingTests {
    /// A 600-octet SET_APP_CONFIG payload: token (4) + count (1) + 3 × (2 + 195) + (2 + 2).
    private static let bigCommand = UCICommand.setAppConfig(
        sessionToken: 1,
        (0..<3).map { UCIParameter(UCIAppConfigID(rawValue: 0xE3 + UInt8($0)), [UInt8](repeating: UInt8($0), count: 195)) }
            + [UCIParameter(.slotDuration, integer: UInt16(2400))])

    @Test func segmentsAt255AndReassembles() throws {
        let raw = try Self.bigCommand.encoded()
        #expect(raw.payload.count == 600)
        let packets = try raw.segmented()
        #expect(packets.map(\.payload.count) == [255, 255, 90])
        let octets = try raw.encoded()
        // First two segments: MT 1 | PBF 1 | GID 1 = 0x31, OID 03, RFU, length FF; the last 0x21 … 5A.
        #expect(Array(octets[0..<4]) == hex("31 03 00 FF"))
        #expect(Array(octets[259..<263]) == hex("31 03 00 FF"))
        #expect(Array(octets[518..<522]) == hex("21 03 00 5A"))
        let reassembled = try #require(try reassembleOne(octets))
        #expect(try UCICommand(decoding: reassembled) == Self.bigCommand)
    }

    @Test func octetsOneAtATimeWithSeveralMessages() throws {
        let notification = UCINotification.deviceStatus(.ready)
        let data = UCIDataMessage.send(UCIDataSend(sessionToken: 1, destinationAddress: 2, sequenceNumber: 3, data: [UInt8](repeating: 7, count: 40)))
        let stream = try Self.bigCommand.encoded().encoded(maximumPayloadSize: 100)
            + notification.encoded(version: .v2).encoded()
            + data.encoded().encoded(maximumPayloadSize: 16)
        var reassembler = UCIReassembler()
        var messages: [UCIRawMessage] = []
        for octet in stream {
            reassembler.append([octet])
            while let message = try reassembler.nextMessage() { messages.append(message) }
        }
        try reassembler.finish()
        #expect(messages.count == 3)
        #expect(try UCICommand(decoding: messages[0]) == Self.bigCommand)
        #expect(try UCINotification(decoding: messages[1], version: .v2) == notification)
        #expect(try UCIDataMessage(decoding: messages[2]) == data)
    }

    @Test func badMessageTypeIsSkipped() throws {
        var reassembler = UCIReassembler()
        // 80: MT 4 (reserved), length 01; then a good GET_DEVICE_INFO_CMD.
        reassembler.append(hex("80 00 00 01 00 20 02 00 00"))
        let results = reassembler.drain()
        #expect(results.count == 2)
        #expect(throws: UCIError.badMessageType(4)) { try results[0].get() }
        #expect(try results[1].get() == UCIRawMessage(header: .control(type: .command, group: .core, opcode: UCIOpcodeID.Core.getDeviceInfo), payload: []))
    }

    @Test func segmentOfAnotherMessageInTheMiddle() throws {
        var reassembler = UCIReassembler()
        // 31 03: first segment of SET_APP_CONFIG (PBF 1); then a complete GET_DEVICE_INFO_CMD.
        reassembler.append(hex("31 03 00 01 AA 20 02 00 00"))
        let results = reassembler.drain()
        #expect(results.count == 2)
        let expected = UCIMessageHeader.control(type: .command, group: .sessionConfig, opcode: UCIOpcodeID.SessionConfig.setAppConfig)
        let received = UCIMessageHeader.control(type: .command, group: .core, opcode: UCIOpcodeID.Core.getDeviceInfo)
        #expect(throws: UCIError.segmentMismatch(expected: expected, received: received)) { try results[0].get() }
        #expect(try results[1].get().header == received)
    }

    @Test func segmentOfAnotherTypeInTheMiddle() {
        var reassembler = UCIReassembler()
        // a command segment (PBF 1), then a response of the same GID/OID
        reassembler.append(hex("31 03 00 01 AA 41 03 00 01 00"))
        let results = reassembler.drain()
        #expect(throws: UCIError.self) { try results[0].get() }
        #expect(results.count == 2)
    }

    @Test func lengthBeyondTheData() {
        #expect(throws: UCIError.payloadBeyondData(declared: 5, present: 1)) { try UCIPacket(decoding: hex("20 02 00 05 01")) }
        #expect(throws: UCIError.truncatedHeader(present: 2)) { try UCIPacket(decoding: hex("20 02")) }
        #expect(throws: UCIError.trailingOctets(count: 1)) { try UCIPacket(decoding: hex("20 02 00 00 FF")) }
        var reassembler = UCIReassembler()
        reassembler.append(hex("20 02 00 05 01"))
        #expect(throws: Never.self) { try reassembler.nextMessage() }
        #expect(throws: UCIError.incompleteAtEnd(bufferedOctets: 5)) { try reassembler.finish() }
    }

    @Test func dataPacketWithUnknownFormat() {
        var reassembler = UCIReassembler()
        // 03: MT 0, DPF 3 (unknown), length 0001; then DEVICE_STATUS_NTF.
        reassembler.append(hex("03 00 01 00 FF 60 01 00 01 01"))
        let results = reassembler.drain()
        #expect(results.count == 2)
        #expect(throws: UCIError.unknownDataPacketFormat(3)) { try results[0].get() }
        #expect((try? results[1].get()) != nil)
    }

    @Test func tooLongMessageIsDroppedToItsLastSegment() {
        var reassembler = UCIReassembler(maximumMessageSize: 3)
        reassembler.append(hex("31 03 00 02 AA BB 31 03 00 02 CC DD 21 03 00 01 EE 20 02 00 00"))
        let results = reassembler.drain()
        #expect(results.count == 2)
        #expect(throws: UCIError.messageTooLong(limit: 3)) { try results[0].get() }
        #expect((try? results[1].get())?.header == .control(type: .command, group: .core, opcode: UCIOpcodeID.Core.getDeviceInfo))
    }

    @Test func malformedPayloadsSayWhatIsWrong() throws {
        let short = try #require(try reassembleOne(hex("21 00 00 03 01 02 03")))
        #expect(throws: UCIError.truncatedField(message: "SESSION_INIT_CMD", field: "session id", needed: 4, present: 3)) {
            try UCICommand(decoding: short)
        }
        let extra = try #require(try reassembleOne(hex("20 02 00 01 00")))
        #expect(throws: UCIError.unexpectedOctets(message: "CORE_GET_DEVICE_INFO_CMD", count: 1)) { try UCICommand(decoding: extra) }
        let badIndicator = UCIRawMessage(
            header: .control(type: .notification, group: .sessionControl, opcode: UCIOpcodeID.SessionControl.start),
            payload: hex("00 00 00 00 00 00 00 00 00 00 00 00 00 01 00 07 00 00 00 00 00 00 00 00 00"))
        #expect(throws: UCIError.invalidValue(message: "SESSION_INFO_NTF", field: "MAC address indicator", value: 7)) {
            try UCINotification(decoding: badIndicator, version: .v2)
        }
        #expect(UCIError.badMessageType(5).description.contains("message type 5"))
    }

    @Test func invalidSegmentSize() {
        #expect(throws: UCIError.invalidSegmentSize(256, maximum: 255)) {
            try UCIRawMessage(header: .control(type: .command, group: .core, opcode: UCIOpcodeID(rawValue: 0)), payload: [1]).segmented(maximumPayloadSize: 256)
        }
    }

    @Test func randomStreamsGiveOnlyTypedErrors() {
        var generator = SeededGenerator(state: 0x5EED)
        var decoded = 0
        for _ in 0..<300 {
            var reassembler = UCIReassembler(maximumMessageSize: 1_000)
            let length = Int.random(in: 0...400, using: &generator)
            let stream = (0..<length).map { _ in UInt8.random(in: 0...255, using: &generator) }
            var offset = 0
            while offset < stream.count {
                let chunk = Int.random(in: 1...32, using: &generator)
                reassembler.append(stream[offset..<min(offset + chunk, stream.count)])
                offset += chunk
                for case .success(let raw) in reassembler.drain() {
                    for version in UCIProtocolRevision.allCases {
                        if let message = try? UCIMessage(decoding: raw, version: version) {
                            decoded += 1
                            _ = try? message.encoded(version: version).encoded()
                        }
                    }
                }
            }
            _ = try? reassembler.finish()
        }
        #expect(decoded >= 0)
    }
}
