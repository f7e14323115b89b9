import UCI

/// Brings a UCI device up before its loop starts, as Android's UWB stack does: CORE_DEVICE_RESET
/// (which also ends sessions a previous program left), the DEVICE_STATUS_NTF READY that follows,
/// then GET_DEVICE_INFO and GET_CAPS_INFO. Reads synchronously on the caller's thread.
struct UCIBringUp {
    /// What the device said about itself.
    struct Outcome {
        let info: UCIDeviceInfo
        let capabilities: UCICapabilitySet
        /// Octets already read past the last response, for the device's reader.
        let reassembler: UCIReassembler
    }

    private let stream: UCIStream
    private let timeout: Duration
    private let tap: UCITraceTap
    private var reassembler = UCIReassembler()
    private var ready = false

    /// A bring-up on `stream`, giving each answer `timeout`, its packets recorded by `tap`.
    init(stream: UCIStream, timeout: Duration, tap: UCITraceTap) {
        self.stream = stream
        self.timeout = timeout
        self.tap = tap
        reassembler.keepsPackets = tap.trace != nil
    }

    /// Runs the bring-up.
    ///
    /// - Throws: ``UCIClientError`` if the device does not answer, refuses, or breaks the protocol.
    consuming func run() throws(UCIClientError) -> Outcome {
        let reset = try exchange(.deviceReset(resetConfig: 0))
        if case .deviceReset(let status) = reset, status != .ok {
            throw .refused(stream.endpoint, command: UCICommand.deviceReset(resetConfig: 0).name, status: status)
        }
        ready = false
        try awaitReady()
        guard case .deviceInfo(let info) = try exchange(.getDeviceInfo) else {
            throw .protocolError(stream.endpoint, reason: "GET_DEVICE_INFO was answered with another response")
        }
        guard info.status == .ok else { throw .refused(stream.endpoint, command: UCICommand.getDeviceInfo.name, status: info.status) }
        guard case .capabilities(let status, let parameters) = try exchange(.getCapabilities) else {
            throw .protocolError(stream.endpoint, reason: "GET_CAPS_INFO was answered with another response")
        }
        guard status == .ok else { throw .refused(stream.endpoint, command: UCICommand.getCapabilities.name, status: status) }
        return Outcome(info: info, capabilities: UCICapabilitySet(parameters: parameters), reassembler: reassembler)
    }

    /// Sends `command` and reads until its response.
    private mutating func exchange(_ command: UCICommand) throws(UCIClientError) -> UCIResponse {
        let raw: UCIRawMessage
        do {
            raw = try UCIMessage.command(command).encoded(version: .v2)
            let packets = try raw.packetOctets()
            tap.record(packets, direction: .sent)
            try stream.write(Array(packets.joined()))
        } catch let error as UCIClientError {
            throw error
        } catch {
            throw .protocolError(stream.endpoint, reason: "\(command.name) cannot be encoded: \(error)")
        }
        while true {
            let message = try next(awaiting: command.name)
            if case .response(let response) = message.decoded, message.header.sameCommand(as: raw.header) {
                return response
            }
        }
    }

    /// Reads until DEVICE_STATUS_NTF READY.
    private mutating func awaitReady() throws(UCIClientError) {
        while !ready {
            _ = try next(awaiting: "DEVICE_STATUS_NTF READY after CORE_DEVICE_RESET")
        }
    }

    /// The next message the device sends, within the timeout; notes READY on the way.
    private mutating func next(awaiting what: String) throws(UCIClientError) -> (header: UCIMessageHeader, decoded: UCIMessage?) {
        let deadline = ContinuousClock.now + timeout
        while true {
            if let raw = nextBuffered() {
                let decoded = try? UCIMessage(decoding: raw, version: .v2)
                if case .notification(.deviceStatus(.ready)) = decoded {
                    ready = true
                }
                return (raw.header, decoded)
            }
            guard ContinuousClock.now < deadline else { throw .noAnswer(stream.endpoint, command: what, timeout: timeout) }
            guard let octets = try stream.read(upTo: UCIClientConstants.readChunk) else {
                throw .lost(stream.endpoint, reason: "the connection closed while waiting for \(what)")
            }
            reassembler.append(octets)
        }
    }

    /// The next message the octets read so far complete, skipping packets with framing errors.
    private mutating func nextBuffered() -> UCIRawMessage? {
        while true {
            defer { tap.record(reassembler.takePackets(), direction: .received) }
            do throws(UCIError) {
                return try reassembler.nextMessage()
            } catch {
                continue
            }
        }
    }
}
