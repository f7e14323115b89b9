import Testing
import UWBCore
import UWBRanging

@Suite("StateMachineRunner: commands carried out, results fed back")
struct RadioLoopTests {
    struct Harness {
        let machine = ScriptedMachine()
        let primary = RecordingTransceiver()
        let secondary = RecordingTransceiver()
        var timers: [(Duration, () -> Void)] = []
        var completed: [CompletedRound] = []
        var failures: [RangingFailure] = []
        var errors: [TransceiverError] = []
    }

    final class Box {
        var harness = Harness()
        lazy var loop = StateMachineRunner(
            machine: harness.machine, transceivers: [harness.primary, harness.secondary],
            schedule: { [unowned self] delay, action in self.harness.timers.append((delay, action)) },
            onCompleted: { [unowned self] in self.harness.completed.append($0) },
            onFailure: { [unowned self] in self.harness.failures.append($0) },
            onRadioError: { [unowned self] in self.harness.errors.append($0) })
    }

    @Test("start keeps the second chip listening and gives the machine the device time")
    func start() {
        let box = Box()
        box.loop.start()
        #expect(box.harness.secondary.calls == [.enableReceiver(.untilTurnedOff)])
        #expect(box.harness.machine.inputs == [.start(now: box.harness.primary.now)])
    }

    @Test("a transmit command is carried out and its exact stamp fed back; listen and turn off follow")
    func transmit() throws {
        let box = Box()
        let at = try DeviceTime(ticks: 0x10_0000_0200)
        box.harness.machine.script = { input in
            switch input {
            case .start: [.transmit(frame: [1, 2, 3], at: at, awaiting: nil)]
            case .transmitScheduled: [.listen(ReceiveWindow(timeout: DeviceDuration(ticks: 100))), .turnOff]
            default: []
            }
        }
        box.loop.start()
        #expect(box.harness.machine.inputs.last == .transmitScheduled(at + DeviceDuration(ticks: 16_436)))
        #expect(box.harness.primary.calls == [
            .systemTime, .transmit(frame: [1, 2, 3], at: at, awaiting: nil),
            .enableReceiver(ReceiveWindow(timeout: DeviceDuration(ticks: 100))), .turnOff,
        ])
    }

    @Test("a transmit the radio refuses is fed back as transmitFailed")
    func transmitFailure() {
        let box = Box()
        box.harness.primary.transmitError = .lateTransmission(scheduled: .zero)
        box.harness.machine.script = { input in
            if case .start = input { return [.transmit(frame: [9], at: .zero, awaiting: nil)] }
            return []
        }
        box.loop.start()
        #expect(box.harness.machine.inputs.last == .transmitFailed(.lateTransmission(scheduled: .zero)))
    }

    @Test("only the latest timer fires, with the device time")
    func timers() {
        let box = Box()
        box.harness.machine.script = { input in
            if case .start = input { return [.startTimer(.milliseconds(1)), .startTimer(.milliseconds(2))] }
            return []
        }
        box.loop.start()
        #expect(box.harness.timers.map(\.0) == [.milliseconds(1), .milliseconds(2)])
        for timer in box.harness.timers {
            timer.1()
        }
        #expect(box.harness.machine.inputs.filter { if case .timerFired = $0 { true } else { false } }.count == 1)
    }

    @Test("events reach the machine with their chip; a receive-only chip listens again")
    func events() {
        let box = Box()
        box.loop.handle(.receiveTimeout, fromChip: 1)
        #expect(box.harness.machine.inputs == [.event(.receiveTimeout, chip: 1)])
        #expect(box.harness.secondary.calls == [.enableReceiver(.untilTurnedOff)])
        box.loop.handle(.receiveTimeout, fromChip: 0)
        #expect(box.harness.primary.calls.isEmpty)
    }

    @Test("completed rounds and failures are handed on")
    func outcomes() {
        let box = Box()
        let failure = RangingFailure(kind: .abandoned, round: 3, role: .initiator, attempts: 1, session: SessionIdentifier(rawValue: 1))
        box.harness.machine.script = { _ in [.failed(failure)] }
        box.loop.handle(.receiveTimeout, fromChip: 0)
        #expect(box.harness.failures == [failure])
    }
}
