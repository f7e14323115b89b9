import Foundation
import Testing
import UCI
import UCIService
import UWBTestSupport

/// A server given a trace records every packet both ways, each connection an interface of its own.
@Suite struct ServerTraceTests {
    @Test func theTraceHoldsTheHostsCommandsInboundAndTheAnswersOutbound() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("uci-serve-\(UUID()).pcapng").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let trace = try UCITraceWriter(path: path)
        let server = try UCIServer(
            emulation: try FacingPair.emulation(seed: 3), settings: UCIServerSettings(port: 0, speed: 0), trace: trace)
        server.start()
        let host = try ScriptedHost(port: server.port)
        #expect(try host.notification() == .deviceStatus(.ready))
        guard case .deviceInfo = try host.call(.getDeviceInfo) else {
            Issue.record("no device info")
            return
        }
        server.stop()
        try trace.close()

        let octets = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
        let inbound: [UInt8] = [0x02, 0x00, 0x04, 0x00, 0x01, 0x00, 0x00, 0x00]
        let outbound: [UInt8] = [0x02, 0x00, 0x04, 0x00, 0x02, 0x00, 0x00, 0x00]
        // The interface of connection 1: link type 299, if_name "host 1".
        #expect(octets.contains([0x2B, 0x01, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x02, 0x00, 0x06, 0x00] + Array("host 1".utf8)))
        // DEVICE_STATUS_NTF READY (padded to 8 octets) went out; GET_DEVICE_INFO_CMD came in.
        #expect(octets.contains([0x60, 0x01, 0x00, 0x01, 0x01, 0x00, 0x00, 0x00] + outbound))
        #expect(octets.contains([0x20, 0x02, 0x00, 0x00] + inbound))
    }
}

extension Array where Element == UInt8 {
    /// Whether `part` occurs in the array, contiguous.
    fileprivate func contains(_ part: [UInt8]) -> Bool {
        guard part.count <= count else { return false }
        return (0...(count - part.count)).contains { Array(self[$0..<($0 + part.count)]) == part }
    }
}
