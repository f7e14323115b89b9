import Testing
import UCI
import UCIService
import UWBTestSupport

/// UCI 2.0 data: DATA_MESSAGE_SND of a ranging-and-data session takes the session's credit, is
/// delivered as DATA_MESSAGE_RCV at the end of the next round with its destination, and is
/// answered with SESSION_DATA_TRANSFER_STATUS_NTF and the credit back; what cannot be sent gets
/// the transfer status or generic error the specification gives.
@Suite struct DataTransferTests {
    private func server() throws -> UCIServer {
        let server = try UCIServer(emulation: try FacingPair.emulation(seed: 31), settings: UCIServerSettings(port: 0, speed: 0))
        server.start()
        return server
    }

    /// DATA_MESSAGE_SND: MT 0, DPF 1, length (2); session handle (4), destination (8), UCI
    /// sequence number (2), data length (2), data.
    private func dataSend(token: UInt32, destination: UInt16, sequence: UInt16, _ data: [UInt8]) -> [UInt8] {
        let payload = littleEndian(token) + [UInt8(truncatingIfNeeded: destination), UInt8(destination >> 8), 0, 0, 0, 0, 0, 0]
            + [UInt8(truncatingIfNeeded: sequence), UInt8(sequence >> 8)]
            + [UInt8(truncatingIfNeeded: data.count), UInt8(data.count >> 8)] + data
        return [0x01, 0x00, UInt8(truncatingIfNeeded: payload.count), UInt8(payload.count >> 8)] + payload
    }

    /// The next message, which must be a notification of SESSION_CONTROL `opcode`; its payload.
    private func sessionControlNotification(_ host: ScriptedHost, opcode: UInt8) throws -> [UInt8] {
        let raw = try #require(try host.nextRawSkippingRanging())
        #expect(raw.header == .control(type: .notification, group: .sessionControl, opcode: UCIOpcodeID(rawValue: opcode)))
        return raw.payload
    }

    @Test func dataGoesToThePeerAfterARoundAndTheCreditComesBack() throws {
        let server = try server()
        defer { server.stop() }
        let alice = try SessionSetup.host(server)
        let bob = try SessionSetup.host(server)
        let bobToken = try SessionSetup(host: bob, id: 40, type: .rangingAndInBandData, controller: false, own: 2, peers: [1]).configure()
        let aliceToken = try SessionSetup(host: alice, id: 40, type: .rangingAndInBandData, controller: true, own: 1, peers: [2]).configure()
        try SessionSetup.start(bob, bobToken)
        try SessionSetup.start(alice, aliceToken)
        #expect(try alice.nextMeasurement()?.status == .ok)

        let hello = Array("hello".utf8)
        try alice.send(octets: dataSend(token: aliceToken, destination: 2, sequence: 0x0107, hello))
        // SESSION_DATA_CREDIT_NTF (OID 4): handle, credit 0 (not available).
        #expect(try sessionControlNotification(alice, opcode: 0x04) == littleEndian(aliceToken) + [0x00])
        // SESSION_DATA_TRANSFER_STATUS_NTF (OID 5): handle, sequence number 0x07 (low octet), status 1
        // (OK), transmission count 1; then the credit back.
        #expect(try sessionControlNotification(alice, opcode: 0x05) == littleEndian(aliceToken) + [0x07, 0x01, 0x01])
        #expect(try sessionControlNotification(alice, opcode: 0x04) == littleEndian(aliceToken) + [0x01])
        // DATA_MESSAGE_RCV (MT 0, DPF 2): bob's handle, status 0, source 0x0001 (8 octets),
        // sequence number 0x0107, length 5, "hello".
        let received = try #require(try bob.nextRawSkippingRanging())
        #expect(received.header == .data(.dataReceive))
        #expect(received.payload == littleEndian(bobToken) + [0x00, 0x01, 0, 0, 0, 0, 0, 0, 0, 0x07, 0x01, 0x05, 0x00] + hello)
    }

    @Test func aMessageCutIntoPacketsGetsACreditAfterEachSegment() throws {
        let server = try server()
        defer { server.stop() }
        let alice = try SessionSetup.host(server)
        let bob = try SessionSetup.host(server)
        let bobToken = try SessionSetup(host: bob, id: 42, type: .rangingAndInBandData, controller: false, own: 2, peers: [1]).configure()
        let aliceToken = try SessionSetup(host: alice, id: 42, type: .rangingAndInBandData, controller: true, own: 1, peers: [2]).configure()
        try SessionSetup.start(bob, bobToken)
        try SessionSetup.start(alice, aliceToken)
        #expect(try alice.nextMeasurement()?.status == .ok)

        // 300 octets of data: a 316-octet DATA_MESSAGE_SND cut at 255 octets, as Android's
        // uwb_core cuts it: segment 1 with PBF 1 (octet 0: 0x11), then the last 61 octets (0x01).
        let data = (0..<300).map { UInt8(truncatingIfNeeded: $0) }
        let whole = dataSend(token: aliceToken, destination: 2, sequence: 9, data)
        let payload = Array(whole.dropFirst(4))
        try alice.send(octets: [0x11, 0x00, 0xFF, 0x00] + payload.prefix(255))
        // The credit for the next segment comes back at once.
        #expect(try sessionControlNotification(alice, opcode: 0x04) == littleEndian(aliceToken) + [0x01])
        try alice.send(octets: [0x01, 0x00, UInt8(payload.count - 255), 0x00] + payload.dropFirst(255))
        // The whole message: taken, sent at the next round, status OK, credit back; bob gets it whole.
        #expect(try sessionControlNotification(alice, opcode: 0x04) == littleEndian(aliceToken) + [0x00])
        #expect(try sessionControlNotification(alice, opcode: 0x05) == littleEndian(aliceToken) + [0x09, 0x01, 0x01])
        #expect(try sessionControlNotification(alice, opcode: 0x04) == littleEndian(aliceToken) + [0x01])
        let received = try #require(try bob.nextRawSkippingRanging())
        #expect(received.header == .data(.dataReceive))
        #expect(Array(received.payload.suffix(300)) == data)
    }

    @Test func dataThatCannotBeSentGetsTheSpecificationsStatus() throws {
        let server = try server()
        defer { server.stop() }
        let alice = try SessionSetup.host(server)
        // A controlee that only answers: nobody initiates, so its data waits for a round that never comes.
        let token = try SessionSetup(host: alice, id: 41, type: .rangingAndInBandData, controller: false, own: 1, peers: [2]).configure()
        let handle = littleEndian(token)
        /// SESSION_DATA_TRANSFER_STATUS_NTF's payload: handle, sequence number, status, transmission count.
        func status(_ sequence: UInt8, _ status: UInt8, count: UInt8 = 0) -> [UInt8] { handle + [sequence, status, count] }

        // Not ACTIVE → ERROR_REJECTED (4).
        try alice.send(octets: dataSend(token: token, destination: 2, sequence: 1, [0xAA]))
        #expect(try sessionControlNotification(alice, opcode: 0x05) == status(1, 0x04))
        try SessionSetup.start(alice, token)
        // More than one round carries → ERROR_REJECTED; no data → INVALID_FORMAT (7); a
        // destination that is not the session's peer → ERROR_DATA_TRANSFER (2).
        try alice.send(octets: dataSend(token: token, destination: 2, sequence: 2, [UInt8](repeating: 0x55, count: 1_025)))
        #expect(try sessionControlNotification(alice, opcode: 0x05) == status(2, 0x04))
        try alice.send(octets: dataSend(token: token, destination: 2, sequence: 3, []))
        #expect(try sessionControlNotification(alice, opcode: 0x05) == status(3, 0x07))
        try alice.send(octets: dataSend(token: token, destination: 9, sequence: 4, [0xAA]))
        #expect(try sessionControlNotification(alice, opcode: 0x05) == status(4, 0x02))
        // Accepted: the credit is taken; a second message before it comes back → ERROR_NO_CREDIT_AVAILABLE (3).
        try alice.send(octets: dataSend(token: token, destination: 2, sequence: 5, [0xAA]))
        #expect(try sessionControlNotification(alice, opcode: 0x04) == handle + [0x00])
        try alice.send(octets: dataSend(token: token, destination: 2, sequence: 6, [0xBB]))
        #expect(try sessionControlNotification(alice, opcode: 0x05) == status(6, 0x03))
        // STOP ends the waiting transfer: ERROR_DATA_TRANSFER, sent 0 times, and the credit back.
        #expect(try alice.call(.sessionStop(sessionToken: token)) == .sessionStop(.ok))
        #expect(try alice.notification() == .sessionStatus(sessionToken: token, state: .idle, reason: .stateChangeWithSessionManagementCommands))
        #expect(try alice.notification() == .deviceStatus(.ready))
        #expect(try sessionControlNotification(alice, opcode: 0x05) == status(5, 0x02))
        #expect(try sessionControlNotification(alice, opcode: 0x04) == handle + [0x01])

        // What has no session to answer in: GENERIC_ERROR_NTF (MT 3, GID 0, OID 7).
        /// The status of the next message, which must be GENERIC_ERROR_NTF.
        func genericError() throws -> UInt8? {
            let raw = try #require(try alice.nextRawSkippingRanging())
            #expect(raw.header == .control(type: .notification, group: .core, opcode: UCIOpcodeID(rawValue: 7)))
            return raw.payload.first
        }
        // An unknown handle → ERROR_SESSION_NOT_EXIST (0x11).
        try alice.send(octets: dataSend(token: 0xDEAD, destination: 2, sequence: 7, [0xAA]))
        #expect(try genericError() == 0x11)
        // A ranging-only session carries no data → REJECTED (1).
        let ranging = try SessionSetup(host: alice, id: 42, controller: false, own: 1, peers: [2]).configure()
        try alice.send(octets: dataSend(token: ranging, destination: 2, sequence: 8, [0xAA]))
        #expect(try genericError() == 0x01)
        // A DATA_MESSAGE_SND cut short after its handle → INVALID_MESSAGE_SIZE (6).
        try alice.send(octets: [0x01, 0x00, 0x04, 0x00] + handle)
        #expect(try genericError() == 0x06)
        #expect(try alice.call(.getSessionCount) == .sessionCount(status: .ok, count: 2))
    }
}
