import Foundation
import UWBCore
import UWBEmulator

/// The SPI bus of a device of the emulator service (`uwb emulator serve`): every transaction, IRQ
/// read and reset goes over the service's Unix socket (``EmulatorWire``), so the app's own DW1000
/// driver drives the virtual chips, as it would a USB board. A service that goes away turns the
/// next operation into ``SPIBusError/disconnected(_:)``.
final class EmulatorSocketBus: SPIBus {
    /// How long the bus pauses between two reads of the IRQ line while waiting for it.
    static let interruptPollPause: Duration = .microseconds(200)

    let chipCount: Int
    private let socket: UnixSocket

    /// Attaches to `device` of the service at `path` and returns the bus and the device's board.
    ///
    /// - Throws: ``RadioChoiceError`` naming the service's problem.
    static func attach(to device: String, at path: String, searchPaths: [String] = BoardCatalog.defaultSearchPaths)
        throws(RadioChoiceError) -> (EmulatorSocketBus, BoardDescription) {
        do throws(EmulatorServiceError) {
            let socket = try UnixSocket.connect(to: path)
            try EmulatorWire.send(EmulatorRequest.hello(version: EmulatorWire.version, device: device).encoded, on: socket)
            switch try EmulatorReply(decoding: EmulatorWire.receive(from: socket)) {
            case .welcome(let version, let boardID):
                guard version == EmulatorWire.version else { throw .versionMismatch(client: EmulatorWire.version, service: version) }
                let board: BoardDescription
                do {
                    board = try BoardCatalog.board(named: boardID, searchPaths: searchPaths)
                } catch {
                    throw EmulatorServiceError.refused("the device's board \(boardID) is not in this client's board catalog: \(error)")
                }
                return (EmulatorSocketBus(socket: socket, chipCount: board.chips.count), board)
            case .error(let message):
                throw .refused(message)
            case let other:
                throw .malformed("\(other) instead of WELCOME")
            }
        } catch {
            throw .emulatorServiceFailed(device: device, reason: error.description)
        }
    }

    private init(socket: UnixSocket, chipCount: Int) {
        self.socket = socket
        self.chipCount = chipCount
    }

    deinit {
        socket.close()
    }

    func transfer(_ transaction: SPITransaction, on chip: ChipSelect) throws(SPIBusError) -> [UInt8] {
        guard case .data(let octets) = try exchange(.transfer(chip: chip.index, transaction)) else {
            throw .transferFailed("the emulator service answered a transaction with something else")
        }
        return octets
    }

    func waitForInterrupt(on chip: ChipSelect, until deadline: ContinuousClock.Instant) throws(SPIBusError) -> Bool {
        while true {
            guard case .level(let high) = try exchange(.interrupt(chip: chip.index)) else {
                throw .transferFailed("the emulator service answered an IRQ read with something else")
            }
            if high || ContinuousClock.now >= deadline { return high }
            Thread.sleep(forTimeInterval: Self.interruptPollPause.secondsValue)
        }
    }

    func reset(_ chip: ChipSelect) throws(SPIBusError) {
        guard case .done = try exchange(.reset(chip: chip.index)) else {
            throw .transferFailed("the emulator service answered a reset with something else")
        }
    }

    /// Sends a request and returns the reply; a lost service is a disconnected bus, a refusal a failed transfer.
    private func exchange(_ request: EmulatorRequest) throws(SPIBusError) -> EmulatorReply {
        do throws(EmulatorServiceError) {
            try EmulatorWire.send(request.encoded, on: socket)
            let reply = try EmulatorReply(decoding: EmulatorWire.receive(from: socket))
            if case .error(let message) = reply { throw .refused(message) }
            return reply
        } catch {
            if case .connectionLost = error { throw .disconnected(error.description) }
            throw .transferFailed(error.description)
        }
    }
}
