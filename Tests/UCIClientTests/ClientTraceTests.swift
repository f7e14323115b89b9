import Foundation
import Testing
import UCI
import UCIClient
import UWBTestSupport

/// A UCI device's traffic in a pcapng trace: every packet both ways, bring-up included, on an
/// interface named after the device, readable while the program still runs.
@Suite(.timeLimit(.minutes(10))) struct ClientTraceTests {
    /// Whether `octets` holds `needle` somewhere.
    static func contains(_ octets: [UInt8], _ needle: [UInt8]) -> Bool {
        guard octets.count >= needle.count else { return false }
        return (0...(octets.count - needle.count)).contains { Array(octets[$0..<($0 + needle.count)]) == needle }
    }

    @Test func bringUpIsTracedBothWays() throws {
        let room = try UCITestServer(try FacingPair.emulation(seed: 61))
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("uci-client-\(UUID().uuidString.prefix(8)).pcapng").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let trace = try UCITraceWriter(path: path)
        let device = try UCIDevice.open(room.endpoint, responseTimeout: UCITestServer.responseTimeout, trace: trace)
        defer { device.close() }
        // Read while the device is open: the tap flushes after each exchange.
        let octets = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        #expect(Self.contains(octets, Array(device.name.utf8)), "the interface is named after the device")
        // CORE_DEVICE_RESET_CMD (20 00 00 01 00) sent, its response (40 00 00 01 00) and
        // DEVICE_STATUS_NTF READY (60 01 00 01 01) received, GET_CAPS_INFO_CMD (20 03 00 00) sent.
        for packet: [UInt8] in [[0x20, 0x00, 0x00, 0x01, 0x00], [0x40, 0x00, 0x00, 0x01, 0x00], [0x60, 0x01, 0x00, 0x01, 0x01], [0x20, 0x03, 0x00, 0x00]] {
            #expect(Self.contains(octets, packet), "\(packet) is in the trace")
        }
    }

    @Test func uwbUCITraceNamesTheFileForAnyProgram() throws {
        let room = try UCITestServer(try FacingPair.emulation(seed: 62))
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("uci-info-\(UUID().uuidString.prefix(8)).pcapng").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let (status, text) = UCIProcessesTests.finish(try BuiltExecutable.startUWB(
            ["uci", "info", "--device", "uci:tcp://127.0.0.1:\(room.server.port)"], environment: ["UWB_UCI_TRACE": path]))
        #expect(status == 0, "\(text)")
        let octets = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        #expect(Self.contains(octets, [0x20, 0x02, 0x00, 0x00]), "GET_DEVICE_INFO_CMD is in the trace")

        let refused = UCIProcessesTests.finish(try BuiltExecutable.startUWB(
            ["uci", "info", "--device", "uci:tcp://127.0.0.1:\(room.server.port)"], environment: ["UWB_UCI_TRACE": "/nonexistent/dir/t.pcapng"]))
        #expect(refused.status == 1 && refused.text.contains("UWB_UCI_TRACE: cannot write the UCI trace /nonexistent/dir/t.pcapng"), "\(refused.text)")
    }
}
