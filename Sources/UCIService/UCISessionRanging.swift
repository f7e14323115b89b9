import UCI
import UWBCore
import UWBEmulator
import UWBRanging

/// An ACTIVE session ranging on its host's emulated device through the project's ranging engine:
/// an initiator starts a DS-TWR round with the peer at DST_MAC_ADDRESS every RANGING_DURATION; a
/// responder listens for the initiator at DST_MAC_ADDRESS. Each round's result, or its failure,
/// becomes a SESSION_INFO_NTF. The peer is whatever device in the room answers to that address in
/// the same session id: ranging needs no pairing, only the air.
final class UCISessionRanging {
    private let slot: UCIDeviceSlot
    private let emulation: Emulation
    private let session: UCISession
    private let report: (UCISessionInfo) -> Void
    private var loop: RadioLoop?
    /// Whether a round holds the initiator's radio.
    private var roundRunning = false
    /// Bumped by ``stop()``, so that the round timer of a stopped session does nothing.
    private var generation = 0
    private var sequenceNumber: UInt32 = 0

    /// Ranging for `session` on `slot`'s device; `report` sends each notification.
    init(session: UCISession, slot: UCIDeviceSlot, emulation: Emulation, report: @escaping (UCISessionInfo) -> Void) {
        self.session = session
        self.slot = slot
        self.emulation = emulation
        self.report = report
    }

    /// Starts the state machine on the device (the first round now, for an initiator).
    func start() {
        let device = slot.device
        let config = session.config
        let timing = RangingTiming.emulator(for: emulation.configuration)
        let clock = TransmitClock(board: device.board, capabilities: device.radio.primary.capabilities)
        let identifier = SessionIdentifier(rawValue: session.id)
        let machine: RangingStateMachine = config.isInitiator
            ? Initiator(
                session: identifier, localAddress: config.deviceAddress, peerAddress: config.peerAddress,
                pan: RangingFrameFormat.defaultPAN, timing: timing, transmitClock: clock, receivers: device.chips.count)
            : Responder(
                session: identifier, localAddress: config.deviceAddress, peerAddress: config.peerAddress,
                pan: RangingFrameFormat.defaultPAN, timing: timing, transmitClock: clock, receivers: device.chips.count,
                timeOfFlight: ReportedTimeOfFlight.doubleSided)
        let loop = RadioLoop(
            machine: machine, transceivers: device.radio.transceivers,
            schedule: { delay, action in device.radio.after(delay, action) },
            onCompleted: { [weak self] round in self?.completed(round) },
            onFailure: { [weak self] failure in self?.failed(failure) },
            onRadioError: { [weak self] error in
                device.radio.record(error)
                self?.roundRunning = false
            })
        self.loop = loop
        slot.loop = loop
        if config.isInitiator {
            startRound(generation: generation)
        } else {
            loop.start()
        }
    }

    /// Stops ranging: no more rounds, the device's receivers off, its events going nowhere.
    func stop() {
        generation += 1
        slot.loop = nil
        loop = nil
        for transceiver in slot.device.radio.transceivers {
            try? transceiver.turnOff()
        }
    }

    /// Starts a round unless one still runs, and the next after the ranging interval.
    private func startRound(generation: Int) {
        guard generation == self.generation, let loop else { return }
        if !roundRunning {
            roundRunning = true
            loop.start()
        }
        slot.device.radio.after(.milliseconds(Int64(session.config.rangingInterval))) { [weak self] in
            self?.startRound(generation: generation)
        }
    }

    private func completed(_ round: CompletedRound) {
        roundRunning = false
        let measurement = slot.builder.measurement(of: round, at: emulation.simulator.now - .zero)
        send(UCIMeasurementReport.measurement(
            measurement, peer: session.config.peerAddress, withAngles: session.config.wantsAngles && slot.builder.array != nil))
    }

    private func failed(_ failure: RangingFailure) {
        roundRunning = false
        send(UCIMeasurementReport.failed(peer: session.config.peerAddress, status: UCIMeasurementReport.status(of: failure)))
    }

    private func send(_ measurement: UCITwoWayMeasurement) {
        sequenceNumber &+= 1
        session.rangingCount &+= 1
        report(UCISessionInfo(
            sequenceNumber: sequenceNumber, sessionToken: session.handle, currentRangingInterval: session.config.rangingInterval,
            measurements: .twoWay([measurement], vendorData: [])))
    }
}
