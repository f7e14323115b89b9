import Foundation
import Testing
import UWBCore
import UWBEmulator
import UWBEmulatorService
import UWBTestSupport

/// The emulator service's world in two parts, alice in one and bob in the other, driven by clients
/// that take their turns by hand: an app of one part takes its turn while an app of the other holds
/// its own, as far as the lookahead allows.
@Suite("Emulator service in parts: turns at once")
struct ServiceTurnsInPartsTests {
    @Test("bob's app attaches, then is woken 3 µs after alice's instant, while she holds her turn; 5 µs after, it waits for her")
    func turnsAtOnce() throws {
        let service = try EmulatorService(
            emulation: try FacingPair.emulation(seed: 5, parts: 2), free: ["alice", "bob"],
            socketPath: "/tmp/swift-uwb-turns-\(UUID().uuidString.prefix(8)).sock",
            // No answer limit: the clients hold their turns for as long as the test reads.
            settings: EmulatorServiceSettings(speed: 0, answerLimit: nil))
        service.start()
        defer { service.stop() }
        let millisecond = SimulationTime(seconds: 0.001)
        let alice = try RawServiceClient.attached(to: "alice", at: service.socketPath)
        // Alice holds her first turn; in one part bob's WELCOME would wait for her WAIT (and this
        // read would give up after RawServiceClient.patience).
        let bob = try RawServiceClient.attached(to: "bob", at: service.socketPath)
        try bob.send(.wait(chips: 0, deadline: millisecond + .microseconds(3)))
        try alice.send(.wait(chips: 0, deadline: millisecond))
        guard case .woke(let aliceNow, _) = try alice.reply() else {
            Issue.record("alice was not woken")
            return
        }
        #expect(aliceNow == millisecond)
        // Alice holds her turn at 1 ms; she cannot put a frame on the air before 1.004 ms.
        guard case .woke(let bobNow, _) = try bob.reply() else {
            Issue.record("bob was not woken")
            return
        }
        #expect(bobNow == millisecond + .microseconds(3))
        try bob.send(.wait(chips: 0, deadline: millisecond + .microseconds(5)))
        try alice.send(.wait(chips: 0, deadline: SimulationTime(seconds: 0.002)))
        guard case .woke(let bobLater, _) = try bob.reply() else {
            Issue.record("bob was not woken again")
            return
        }
        #expect(bobLater == millisecond + .microseconds(5))
        try bob.send(.wait(chips: 0, deadline: SimulationTime(seconds: 0.003)))
        guard case .woke(let aliceLater, _) = try alice.reply() else {
            Issue.record("alice was not woken again")
            return
        }
        #expect(aliceLater == SimulationTime(seconds: 0.002))
        // Bob's WELCOME and his turn at 1.003 ms came while alice held hers.
        var expected = TurnFigures()
        expected.turns = 6
        expected.takenAtOnce = 2
        #expect(service.turns == expected)
    }
}
