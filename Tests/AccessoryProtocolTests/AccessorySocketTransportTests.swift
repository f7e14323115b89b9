import AccessoryProtocol
import Foundation
import Testing
import UWBCore
import UWBTestSupport

/// The socket transport: messages keep their boundaries both ways, a bad message leaves the link
/// usable, a frame no message fits ends it, and a closed side ends the other's receiving.
@Suite(.timeLimit(.minutes(10)), .onOwnThread) struct AccessorySocketTransportTests {
    /// A listener and a connection to it: (phone side, accessory side).
    static func connected() async throws -> (AccessorySocketTransport, AccessorySocketTransport, AccessorySocketListener) {
        let listener = try AccessorySocketListener(port: 0)
        async let accepted = listener.accept()
        let phone = try AccessorySocketTransport.connect(port: listener.port)
        let accessory = try #require(await accepted)
        return (phone, accessory, listener)
    }

    @Test("each message sent arrives whole and in order, both ways; the frame is a 2-octet little-endian length then the message")
    func messagesBothWays() async throws {
        let (phone, accessory, listener) = try await Self.connected()
        defer { listener.close() }
        let configuration = AccessoryMessage.configurationData(Array(0..<37))
        try await phone.send(.initialize)
        try await accessory.send(configuration)
        try await accessory.send(.didStart)
        #expect(try await accessory.receive() == .initialize)
        #expect(try await phone.receive() == configuration)
        #expect(try await phone.receive() == .didStart)
        phone.close()
        #expect(try await accessory.receive() == nil)
    }

    @Test("octets that are no message are malformed and the next message still arrives; a length longer than any message breaks the link")
    func badInput() async throws {
        let listener = try AccessorySocketListener(port: 0)
        defer { listener.close() }
        async let accepted = listener.accept()
        let raw = try TCPSocket.connect(port: listener.port, deadPeerTimeout: .seconds(60))
        let accessory = try #require(await accepted)
        // Message 0x7E does not exist; 0x0C (stop) follows; then a frame of 0x1000 octets.
        try raw.write([0x01, 0x00, 0x7E, 0x01, 0x00, 0x0C, 0x00, 0x10])
        await #expect(throws: AccessoryTransportError.malformed(.unknownMessage(0x7E))) { try await accessory.receive() }
        #expect(try await accessory.receive() == .stop)
        do {
            _ = try await accessory.receive()
            Issue.record("a 4096-octet frame was taken")
        } catch {
            guard case .failed(let reason) = error else { Issue.record("\(error)"); return }
            #expect(reason.contains("4096"))
        }
        #expect(try await accessory.receive() == nil)
    }

    @Test("connecting where nothing listens fails, saying what to start")
    func nothingListening() throws {
        let listener = try AccessorySocketListener(port: 0)
        let port = listener.port
        listener.close()
        #expect(throws: AccessoryTransportError.self) { try AccessorySocketTransport.connect(port: port) }
    }
}
