import Foundation
import Testing
import UCI
import UCIClient
import UWBTestSupport
#if canImport(Glibc)
import Glibc
#endif

/// Bringing a UCI device up: versions and capabilities from the device, and the errors of a
/// device that is not there, does not answer, or is not a serial port.
@Suite struct UCIDeviceTests {
    @Test func bringUpReadsTheServersVersionsAndCapabilities() throws {
        let room = try UCITestServer(try PhoneAndTag.emulation(distance: 2, azimuth: .degrees(30), seed: 3))
        let phone = try room.device()
        defer { phone.close() }
        #expect(phone.info.uciVersion.revision == .v2 && phone.revision == .v2)
        #expect(phone.info.vendorSpecificInfo == Array("swift-uwb".utf8))
        #expect(phone.capabilities.channels == [5])
        #expect(phone.capabilities.azimuth && phone.capabilities.elevation && phone.capabilities.angleFigureOfMerit)
        #expect(phone.name == "uci:tcp://127.0.0.1:\(room.server.port)")
        let tag = try room.device()
        defer { tag.close() }
        #expect(!tag.capabilities.azimuth && !tag.capabilities.elevation, "a single chip measures no angle")
    }

    @Test func nothingListeningIsCannotOpen() throws {
        // A port that was just free: bind one, note it, close it.
        let room = try UCITestServer(try FacingPair.emulation(seed: 1))
        let port = room.server.port
        room.server.stop()
        #expect {
            try UCIDevice.open(.tcp(host: "127.0.0.1", port: port), responseTimeout: .seconds(5))
        } throws: { error in
            guard case UCIClientError.cannotOpen = error else { return false }
            return "\(error)".contains("uwb uci serve")
        }
    }

    @Test func aServerThatNeverAnswersIsNoAnswerAfterTheTimeout() throws {
        let listener = try SilentListener()
        #expect {
            try UCIDevice.open(.tcp(host: "127.0.0.1", port: listener.port), responseTimeout: .milliseconds(300))
        } throws: { error in
            guard case UCIClientError.noAnswer(_, let command, _) = error else { return false }
            return command == "CORE_DEVICE_RESET_CMD"
        }
    }

    @Test func aFileThatIsNotASerialPortIsRefused() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("uci-not-a-tty-\(getpid())").path
        #expect(FileManager.default.createFile(atPath: path, contents: Data()))
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect {
            try UCIDevice.open(.serial(path: path))
        } throws: { error in
            "\(error)".contains("not a serial port")
        }
        #expect {
            try UCIDevice.open(.serial(path: "/dev/ttyACM-nothing-here"))
        } throws: { error in
            guard case UCIClientError.cannotOpen = error else { return false }
            return true
        }
    }
}

/// A TCP listener on a free port of 127.0.0.1 that accepts and never says anything.
final class SilentListener {
    let port: UInt16
    private let descriptor: Int32

    init() throws {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        self.descriptor = descriptor
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr = in_addr(s_addr: UInt32(0x7F00_0001).bigEndian)
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
                bind(descriptor, pointer, length) == 0 && listen(descriptor, 4) == 0
                    && getsockname(descriptor, pointer, &length) == 0
            }
        }
        guard bound else { throw POSIXError(.EADDRINUSE) }
        port = UInt16(bigEndian: address.sin_port)
    }

    deinit {
        close(descriptor)
    }
}
