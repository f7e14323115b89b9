import Foundation
import Testing
import UWBCore
import UWBEmulator
import UWBRanging
import UWBTestSupport

@Suite("Ranging rounds on the emulator")
struct EmulatedRoundTests {
    /// The repository's board description with this id.
    static func board(_ id: String) throws -> BoardDescription {
        try BoardDescription.load(from: Repository.path("Hardware/boards/\(id).json"))
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

        var logs: [String: Outcomes] = ["initiator": Outcomes(), "responder": Outcomes()]
        var loops: [String: StateMachineRunner] = [:]
        func loop(_ name: String, _ machine: RangingStateMachine, _ radio: EmulatedRadio) -> StateMachineRunner {
            StateMachineRunner(
                machine: machine, transceivers: radio.transceivers, schedule: { radio.schedule(after: $0, $1) },
                onCompleted: { logs[name]?.completed.append($0) }, onFailure: { logs[name]?.failures.append($0) },
                onRadioError: { logs[name]?.radioErrors.append($0) })
        }
        let rounds = 5
        let initiatorApp = { ClosureApplication(
            on: $0,
            onStart: { radio in
                #expect(radio.primary.capabilities.delayedTransmitGranularity == clock.granularity)
                let running = loop("initiator", initiator, radio)
                loops["initiator"] = running
                for index in 1...rounds {
                    radio.schedule(after: .milliseconds(5 * index)) { running.start() }
                }
            },
            onEvent: { event, chip, _ in loops["initiator"]?.handle(event, fromChip: chip) }) }
        let responderApp = { ClosureApplication(
            on: $0,
            onStart: { radio in
                let running = loop("responder", responder, radio)
                loops["responder"] = running
                running.start()
            },
            onEvent: { event, chip, _ in loops["responder"]?.handle(event, fromChip: chip) }) }
        try world.add(DeviceSetup(name: "initiator", board: board, trajectory: .standing(at: Position(metres: Vector3(x: 0, y: 0, z: 0)))),
                      application: initiatorApp)
        try world.add(DeviceSetup(name: "responder", board: board, clockOffset: ClockOffset(partsPerMillion: responderClockPPM),
                                  trajectory: .standing(at: Position(metres: Vector3(x: 5, y: 0, z: 0)))),
                      application: responderApp)
        world.run(until: SimulationTime(seconds: 0.005 * Double(rounds + 2)))

        let initiatorLoop = try #require(logs["initiator"])
        let responderLoop = try #require(logs["responder"])
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

/// What a radio loop handed on in a test.
struct Outcomes {
    var completed: [CompletedRound] = []
    var failures: [RangingFailure] = []
    var radioErrors: [TransceiverError] = []
}
