import Testing
import UCI
import UCIService
import UWBTestSupport

/// The Android vendor group Android's UWB stack sends to every UWBS: the country code is stored
/// (refused when it is not two letters or digits), and the power statistics count what chip 0 of
/// the host's device has really done in the room.
@Suite(.timeLimit(.minutes(10))) struct AndroidGroupTests {
    @Test func countryCodeIsTakenOrRefused() throws {
        let server = try UCIServer(emulation: try FacingPair.emulation(seed: 51), settings: UCIServerSettings(port: 0, speed: 0))
        server.start()
        defer { server.stop() }
        let host = try SessionSetup.host(server)
        #expect(try host.call(.androidSetCountryCode(Array("US".utf8))) == .androidSetCountryCode(.ok))
        #expect(try host.call(.androidSetCountryCode([0x55, 0x00])) == .androidSetCountryCode(.invalidParameter))
        // A country code of three octets: the command's payload is the wrong size.
        try host.send(octets: [0x2C, 0x01, 0x00, 0x03, 0x55, 0x53, 0x41])
        #expect(try host.next() == .response(.androidSetCountryCode(.invalidMessageSize)))
    }

    @Test func powerStatisticsCountTheChipsRealActivity() throws {
        let server = try UCIServer(emulation: try FacingPair.emulation(seed: 52), settings: UCIServerSettings(port: 0, speed: 0))
        server.start()
        defer { server.stop() }
        let controller = try SessionSetup.host(server)
        guard case .androidPowerStats(let fresh) = try controller.call(.androidGetPowerStats) else {
            Issue.record("no power statistics"); return
        }
        #expect(fresh.status == .ok && fresh.transmitMilliseconds == 0 && fresh.receiveMilliseconds == 0 && fresh.wakeCount == 0,
                "a device that has done nothing: \(fresh)")

        let controlee = try SessionSetup.host(server)
        let controllerToken = try SessionSetup(host: controller, id: 9, controller: true, own: 1, peers: [2]).configure()
        let controleeToken = try SessionSetup(host: controlee, id: 9, controller: false, own: 2, peers: [1]).configure()
        try SessionSetup.start(controlee, controleeToken)
        try SessionSetup.start(controller, controllerToken)
        var rounds = 0
        while rounds < 20 {
            if try controller.nextMeasurement()?.status == .ok { rounds += 1 }
        }
        guard case .androidPowerStats(let busy) = try controller.call(.androidGetPowerStats) else {
            Issue.record("no power statistics"); return
        }
        // The initiator has sent (POLL and FINAL of every round) and listened (the scheduler keeps
        // the receiver on between its rounds, to hear peers), and woke at least once.
        #expect(busy.transmitMilliseconds > 0 && busy.receiveMilliseconds > 0 && busy.wakeCount >= 1, "\(busy)")
        // Idle, sending and listening add up to the world's time: at least the 20 rounds 100 ms apart.
        let total = busy.idleMilliseconds + busy.transmitMilliseconds + busy.receiveMilliseconds
        #expect(total >= 19 * 100 && total >= fresh.idleMilliseconds, "\(busy)")
    }
}
