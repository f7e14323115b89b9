import Foundation
import Testing
import UWBCore
import UWBEmulator
import UWBRanging

@Suite("Ranging rounds on the emulator")
struct EmulatedRoundTests {
    /// The repository's board description with this id.
    static func board(_ id: String) throws -> BoardDescription {
        let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        return try BoardDescription.load(from: repository.appendingPathComponent("Hardware/boards/\(id).json").path)
    }

    @Test("initiator and responder 5 m apart complete rounds whose DS-TWR is within 10 cm of 5 m", arguments: [0.0, 20.0])
    func fiveMetres(responderClockPPM: Double) throws {
        let board = try Self.board("ft232h-dw1000-single")
        let world = Emulation(seed: 42, channelModel: try ChannelModel(kind: .freeSpace, channel: .five))
        let timing = RangingTiming.emulator(for: world.configuration)
        let clock = TransmitClock(granularity: DeviceDuration(ticks: 512), antennaDelay: board.chips[0].calibration.txAntennaDelay)
        let session = SessionIdentifier(rawValue: 0x5E55_1011)
        let pan = PANIdentifier(rawValue: 0xDECA)
        let initiator = Initiator(session: session, localAddress: 0x0A01, peerAddress: 0x0B02, pan: pan,
                                  timing: timing, transmitClock: clock)
        let responder = Responder(session: session, localAddress: 0x0B02, peerAddress: 0x0A01, pan: pan,
                                  timing: timing, transmitClock: clock) { ReportedTimeOfFlight(ticks: doubleSidedTicks($0)) }

        var loops: [String: TestRadioLoop] = [:]
        let rounds = 5
        let initiatorApp = ClosureApplication(
            onStart: { radio in
                #expect(radio.primary.capabilities.delayedTransmitGranularity == clock.granularity)
                let loop = TestRadioLoop(radio: radio, machine: initiator.handle)
                loops["initiator"] = loop
                for index in 1...rounds {
                    radio.after(.milliseconds(5 * index)) { loop.start() }
                }
            },
            onEvent: { event, chip, _ in loops["initiator"]?.feed(.event(event, chip: chip)) })
        let responderApp = ClosureApplication(
            onStart: { radio in
                let loop = TestRadioLoop(radio: radio, machine: responder.handle)
                loops["responder"] = loop
                loop.start()
            },
            onEvent: { event, chip, _ in loops["responder"]?.feed(.event(event, chip: chip)) })
        try world.add(DeviceSetup(name: "initiator", board: board, trajectory: .standing(at: Position(metres: Vector3(x: 0, y: 0, z: 0)))),
                      application: initiatorApp)
        try world.add(DeviceSetup(name: "responder", board: board, clockOffset: ClockOffset(partsPerMillion: responderClockPPM),
                                  trajectory: .standing(at: Position(metres: Vector3(x: 5, y: 0, z: 0)))),
                      application: responderApp)
        world.run(until: SimulationTime(seconds: 0.005 * Double(rounds + 2)))

        let initiatorLoop = try #require(loops["initiator"])
        let responderLoop = try #require(loops["responder"])
        #expect(initiatorLoop.failures.isEmpty && responderLoop.failures.isEmpty, "\(initiatorLoop.failures) \(responderLoop.failures)")
        #expect(initiatorLoop.radioErrors.isEmpty && responderLoop.radioErrors.isEmpty)
        #expect(initiatorLoop.completed.count == rounds)
        #expect(responderLoop.completed.count == rounds)
        let tick = DeviceDuration(ticks: 1).lightTravelDistance.metres
        for (mine, theirs) in zip(initiatorLoop.completed, responderLoop.completed) {
            #expect(mine.round == theirs.round)
            let distance = doubleSidedTicks(mine) * tick
            #expect(abs(distance - 5) < 0.10, "initiator: \(distance) m")
            #expect(doubleSidedTicks(theirs) == doubleSidedTicks(mine), "both sides hold the same six timestamps")
            let reported = try #require(mine.reportedTimeOfFlight)
            #expect(abs(reported.ticks * tick - 5) < 0.10, "responder's result: \(reported.ticks * tick) m")
            #expect(mine.receptions[.response]?.count == 1 && mine.receptions[.report]?.count == 1)
            #expect(theirs.receptions[.poll]?.count == 1 && theirs.receptions[.final]?.count == 1)
        }
    }
}
