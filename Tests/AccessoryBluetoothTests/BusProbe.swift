import AccessoryBluetooth

/// The test's own connection to the private bus: it plays BlueZ's part toward the peripheral
/// (calls its objects, as bluetoothd does) and collects the signals its match rules select. Its
/// connection holds it until closed (``BlueZMock`` closes it).
final class BusProbe: BusMessageHandler {
    let connection: BusConnection
    private let signals = AsyncQueue<BusIncoming>()

    /// Connects to `bus`, receiving the signals `matchRules` select.
    init(bus: PrivateBus, matchRules: [String]) throws {
        connection = try BusConnection(bus: .address(bus.address))
        connection.start(handler: self, matchRules: matchRules)
    }

    func handleCall(_ call: BusIncoming) -> BusReply? { nil }

    func handleSignal(_ signal: BusIncoming) {
        signals.push(signal)
    }

    func busClosed() {
        signals.finish()
    }

    /// The next signal `matching` selects, skipping others.
    ///
    /// - Throws: ``MockError`` if the bus closes, or the test's time limit passes, first.
    func signal(_ description: String, matching: (BusIncoming) -> Bool) async throws -> BusIncoming {
        while let signal = await signals.next() {
            if matching(signal) { return signal }
        }
        throw MockError("no \(description) came")
    }

    /// Calls `member` of `interface` at `path` of `destination` and returns the reply's arguments.
    func call(
        _ destination: String, _ path: String, _ interface: String, _ member: String, _ arguments: [BusValue] = []
    ) async throws(BusCallError) -> [BusValue] {
        try await connection.call(.methodCall(destination: destination, path: path, interface: interface, member: member, arguments: arguments)).arguments
    }
}
