import DW1000Driver
import UWBCore
import UWBEmulator

/// Micro-benchmarks of SPI traffic through one virtual DW1000: raw transactions through
/// ``VirtualBoardBus/transfer(_:on:)``, and the driver's whole `handleInterrupt()` after a
/// transmission and after a good frame.
///
/// They use a two-device free-space world without applications: the benchmark drives the
/// drivers itself and steps the simulator one event at a time, catching each interrupt before
/// the device's radio loop does.
struct SPIBenchmark {
    /// Distance between the two devices.
    static let distance = 3.0

    /// The board both devices use.
    let board: BoardDescription

    /// `iterations` reads of SYS_STATUS (4 octets, the driver's interrupt read).
    func statusReads(iterations: Int) throws -> SPIMeasurement {
        let header = DW1000SPIHeader(.read, register: .sysStatus).bytes
        return try transfers(SPITransaction(header: header, body: .read(count: 4)), iterations: iterations)
    }

    /// `iterations` writes of a 16-octet payload plus MAC header (25 octets) to TX_BUFFER.
    func transmitBufferWrites(iterations: Int) throws -> SPIMeasurement {
        let header = DW1000SPIHeader(.write, register: .txBuffer).bytes
        let body = [UInt8]((0..<25).map { UInt8(truncatingIfNeeded: $0) })
        return try transfers(SPITransaction(header: header, body: .write(body)), iterations: iterations)
    }

    /// `rounds` frames from one device to the other, each scheduled as ``ScriptedTransmitter``
    /// schedules its frames, timing each device's `handleInterrupt()`: first the sender's (TX
    /// done), then the receiver's (good frame).
    func interrupts(rounds: Int) throws -> (transmitted: SPIMeasurement, received: SPIMeasurement) {
        let world = try pair()
        let sender = world.devices[0]
        let receiver = world.devices[1]
        let frame = try MACFrame(
            dataIn: ScriptedTransmitter.pan, from: .short(1), to: .broadcast, sequenceNumber: 0,
            payload: (0..<HallWorld.payloadLength).map { UInt8(truncatingIfNeeded: $0) }
        ).encoded(includingFCS: false)
        var transmitted = SPIMeasurement()
        var received = SPIMeasurement()
        let ahead = try DeviceDuration(seconds: world.configuration.synchronisationHeaderDuration.secondsValue)
            + ScriptedTransmitter.hostMargin
        let clock = ContinuousClock()
        for _ in 0..<rounds {
            try receiver.radio.primary.enableReceiver(.untilTurnedOff)
            try sender.radio.primary.transmit(frame, at: try sender.radio.primary.systemTime() + ahead, awaiting: nil)
            var frameReceived = false
            while !frameReceived, world.simulator.step(notAfter: SimulationTime(picoseconds: .max)) {
                for device in [sender, receiver] where device.chips[0].interruptAsserted {
                    let before = device.chips[0].transactionCount
                    let start = clock.now
                    let events = try device.radio.primary.handleInterrupt()
                    let seconds = (clock.now - start).secondsValue
                    let transactions = device.chips[0].transactionCount - before
                    for event in events {
                        switch event {
                        case .transmitted:
                            transmitted.calls += 1
                            transmitted.transactions += transactions
                            transmitted.seconds += seconds
                        case .frameReceived:
                            received.calls += 1
                            received.transactions += transactions
                            received.seconds += seconds
                            frameReceived = true
                        case .receiveTimeout, .receiveFailed:
                            throw BenchmarkError.unexpected("\(device.name) reported \(event)")
                        }
                    }
                }
            }
            guard frameReceived else { throw BenchmarkError.unexpected("the frame was not received") }
        }
        return (transmitted, received)
    }

    /// Times `iterations` copies of `transaction` on the receiver's chip.
    private func transfers(_ transaction: SPITransaction, iterations: Int) throws -> SPIMeasurement {
        let world = try pair()
        let chip = world.devices[1].chips[0]
        let bus = VirtualBoardBus(chips: [chip])
        let select = try ChipSelect(0)
        let before = chip.transactionCount
        let clock = ContinuousClock()
        let start = clock.now
        for _ in 0..<iterations {
            _ = try bus.transfer(transaction, on: select)
        }
        let seconds = (clock.now - start).secondsValue
        return SPIMeasurement(calls: iterations, transactions: chip.transactionCount - before, seconds: seconds)
    }

    /// Two devices `distance` apart in free space, without applications.
    private func pair() throws -> Emulation {
        let world = Emulation(seed: 1, channelModel: try ChannelModel(kind: .freeSpace, channel: .five))
        for (index, z) in [0.0, -Self.distance].enumerated() {
            try world.add(DeviceSetup(
                name: "spi-\(index + 1)", board: board,
                trajectory: .standing(at: Position(metres: Vector3(x: 0, y: HallWorld.height, z: z)))))
        }
        return world
    }
}
