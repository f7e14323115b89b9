import Testing
import UCIClient
import UWBDevices

/// `UWB_DEVICE=uci:…` and the endpoints it names, with the advice bad values get.
@Suite struct UCIEndpointTests {
    @Test func tcpAndSerialEndpointsParse() throws {
        #expect(try UCIEndpoint(parsing: "tcp://127.0.0.1:7000") == .tcp(host: "127.0.0.1", port: 7000))
        #expect(try UCIEndpoint(parsing: "tcp://uwb-box.local:7001") == .tcp(host: "uwb-box.local", port: 7001))
        #expect(try UCIEndpoint(parsing: "tcp://[::1]:7000") == .tcp(host: "::1", port: 7000))
        #expect(try UCIEndpoint(parsing: "/dev/ttyACM0") == .serial(path: "/dev/ttyACM0"))
        #expect(UCIEndpoint.tcp(host: "::1", port: 7000).description == "tcp://[::1]:7000")
    }

    @Test(arguments: ["tcp://127.0.0.1", "tcp://:7000", "tcp://host:0", "tcp://host:70000", "ttyACM0", "udp://host:1"])
    func badEndpointsAreRefusedWithAdvice(_ text: String) {
        #expect(throws: UCIClientError.self) { try UCIEndpoint(parsing: text) }
        do {
            _ = try UCIEndpoint(parsing: text)
        } catch {
            #expect(error.description.contains("tcp://HOST:PORT") || error.description.contains("port"), "\(error)")
        }
    }

    @Test func uwbDeviceNamesAUCIDevice() throws {
        #expect(try DeviceChoice(environmentValue: "uci:tcp://127.0.0.1:7000") == .uciDevice(.tcp(host: "127.0.0.1", port: 7000)))
        #expect(try DeviceChoice(environmentValue: "uci:/dev/ttyACM0") == .uciDevice(.serial(path: "/dev/ttyACM0")))
        #expect(DeviceChoice.uciDevice(.serial(path: "/dev/ttyACM0")).description == "uci:/dev/ttyACM0")
        #expect(throws: DeviceChoiceError.emptyName("uci:")) { try DeviceChoice(environmentValue: "uci:") }
        #expect {
            try DeviceChoice(environmentValue: "uci:tcp://nowhere")
        } throws: { error in
            guard case DeviceChoiceError.badUCIEndpoint = error else { return false }
            return "\(error)".contains("port")
        }
    }

    @Test func aUCIDeviceIsNotARadioForCommandsThatNeedRegisters() {
        let choice = DeviceChoice.uciDevice(.tcp(host: "127.0.0.1", port: 7000))
        #expect(throws: DeviceChoiceError.notARadio("uci:tcp://127.0.0.1:7000")) { try choice.open(calibrationStore: nil) }
        #expect(throws: DeviceChoiceError.notARadio("uci:tcp://127.0.0.1:7000")) { try choice.openBus() }
    }
}
