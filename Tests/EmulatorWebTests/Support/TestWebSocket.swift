import Foundation
import UWBCore

/// A minimal WebSocket client for the tests (RFC 6455): the opening handshake, masked frames out,
/// unmasked frames in.
final class TestWebSocket {
    /// A frame the server sent.
    struct Frame: Equatable {
        let opcode: UInt8
        let payload: [UInt8]

        /// The payload as text.
        var text: String { String(decoding: payload, as: UTF8.self) }
        /// A close frame's status code.
        var closeCode: UInt16? {
            opcode == 0x8 && payload.count >= 2 ? UInt16(payload[0]) << 8 | UInt16(payload[1]) : nil
        }
    }

    static let text: UInt8 = 0x1, binary: UInt8 = 0x2, close: UInt8 = 0x8, ping: UInt8 = 0x9, pong: UInt8 = 0xA

    let socket: TestSocket
    /// The server's answer to the handshake.
    let handshake: String

    /// Connects to `target` (for example `/stream?observe`) on the server at `port`, naming it
    /// `hostHeader` (by default the address connected to) and sending `origin` if given.
    init(
        port: Int, target: String = "/stream", host: String = "127.0.0.1", hostHeader: String? = nil, origin: String? = nil,
        receiveBuffer: Int32? = nil
    ) throws(TestClientError) {
        socket = try TestSocket(port: port, host: host, receiveBuffer: receiveBuffer)
        let originLine = origin.map { "Origin: \($0)\r\n" } ?? ""
        try socket.write(Array((
            "GET \(target) HTTP/1.1\r\nHost: \(hostHeader ?? "\(host):\(port)")\r\n\(originLine)Upgrade: websocket\r\nConnection: Upgrade\r\n"
                + "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n").utf8))
        handshake = try socket.readHead()
        guard handshake.hasPrefix("HTTP/1.1 101"), handshake.contains("s3pPLMBiTxaQ9kYGzzhZRbK+xOo=") else {
            throw TestClientError(description: "the server did not upgrade: \(handshake)")
        }
    }

    /// Sends one masked frame.
    func send(opcode: UInt8, payload: [UInt8], fin: Bool = true) throws(TestClientError) {
        var frame: [UInt8] = [(fin ? 0x80 : 0) | opcode]
        switch payload.count {
        case ..<126:
            frame.append(0x80 | UInt8(payload.count))
        case ..<65536:
            frame += [0x80 | 126, UInt8(payload.count >> 8), UInt8(payload.count & 0xFF)]
        default:
            frame.append(0x80 | 127)
            frame += (0..<8).reversed().map { UInt8((UInt64(payload.count) >> (8 * UInt64($0))) & 0xFF) }
        }
        let mask: [UInt8] = [0x12, 0x34, 0x56, 0x78]
        frame += mask
        frame += payload.enumerated().map { $0.element ^ mask[$0.offset % 4] }
        try socket.write(frame)
    }

    /// Sends `text` in one text frame.
    func send(_ text: String) throws(TestClientError) {
        try send(opcode: Self.text, payload: Array(text.utf8))
    }

    /// The next frame; nil once the server has closed the connection.
    func receive() throws(TestClientError) -> Frame? {
        guard let header = try socket.read(2) else { return nil }
        var length = Int(header[1] & 0x7F)
        if length == 126 {
            guard let extended = try socket.read(2) else { return nil }
            length = Int(extended[0]) << 8 | Int(extended[1])
        } else if length == 127 {
            guard let extended = try socket.read(8) else { return nil }
            length = extended.reduce(0) { $0 << 8 | Int($1) }
        }
        guard header[1] & 0x80 == 0 else { throw TestClientError(description: "the server masked a frame") }
        guard let payload = try socket.read(length) else { return nil }
        return Frame(opcode: header[0] & 0x0F, payload: payload)
    }

    /// The next message as a JSON object (skipping nothing: a frame that is not text fails).
    func receiveMessage() throws -> [String: JSONValue] {
        guard let frame = try receive() else { throw TestClientError(description: "the server closed the stream") }
        guard frame.opcode == Self.text else { throw TestClientError(description: "expected a text frame, got opcode \(frame.opcode)") }
        guard case .object(let members) = try JSONValue.parse(Data(frame.payload)) else {
            throw TestClientError(description: "not a JSON object: \(frame.text)")
        }
        return members
    }

    /// The next message that is neither the plan nor a state: an answer.
    func receiveAnswer() throws -> [String: JSONValue] {
        while true {
            let message = try receiveMessage()
            if message["type"] != .string("state"), message["type"] != .string("plan") { return message }
        }
    }

    /// The next answer, and the states that came before it (the server may send a state showing
    /// a command's effect before the command's answer).
    func receiveAnswerAndStates() throws -> (answer: [String: JSONValue], states: [[String: JSONValue]]) {
        var states: [[String: JSONValue]] = []
        while true {
            let message = try receiveMessage()
            if message["type"] == .string("state") {
                states.append(message)
            } else if message["type"] != .string("plan") {
                return (message, states)
            }
        }
    }

    /// The first state that `accept` takes: among `earlier` ones first, then those received next.
    func state(among earlier: [[String: JSONValue]], where accept: ([String: JSONValue]) -> Bool) throws -> [String: JSONValue] {
        if let state = earlier.first(where: accept) {
            return state
        }
        while true {
            let state = try receiveMessage(ofType: "state")
            if accept(state) { return state }
        }
    }

    /// The next message of type `type`, skipping the others.
    func receiveMessage(ofType type: String) throws -> [String: JSONValue] {
        while true {
            let message = try receiveMessage()
            if message["type"] == .string(type) { return message }
        }
    }

    /// Frames until the server closes the connection: the last is its close frame, if it sent one.
    func receiveUntilClosed() throws(TestClientError) -> [Frame] {
        var frames: [Frame] = []
        while let frame = try receive() {
            frames.append(frame)
        }
        return frames
    }
}
