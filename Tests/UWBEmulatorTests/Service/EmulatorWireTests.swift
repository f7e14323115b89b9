import Foundation
import Testing
import UWBCore
import UWBEmulator
import UWBEmulatorService
import UWBTestSupport

/// The emulator service's wire format: golden octets, round trips, and what the service answers
/// to a wrong version or a malformed message.
@Suite("Emulator service wire format")
struct EmulatorWireTests {
    @Test("requests encode to the documented octets and decode back")
    func requests() throws {
        let cases: [(EmulatorRequest, [UInt8])] = [
            (.hello(version: 2, device: "bob"), [0x01, 0x02, 0x00, 0x03, 0x62, 0x6F, 0x62]),
            (.transfer(chip: 0, SPITransaction(header: [0x00], body: .read(count: 4))), [0x02, 0x00, 0x01, 0x00, 0x01, 0x04, 0x00]),
            (.transfer(chip: 1, SPITransaction(header: [0x8F], body: .write([0xAA, 0xBB]))),
             [0x02, 0x01, 0x01, 0x8F, 0x00, 0x02, 0x00, 0xAA, 0xBB]),
            (.interrupt(chip: 2), [0x03, 0x02]),
            (.reset(chip: 0), [0x04, 0x00]),
            // 1.5 ms = 1 500 000 000 ps = 0x59682F00.
            (.wait(chips: 0b101, deadline: SimulationTime(picoseconds: 1_500_000_000)),
             [0x05, 0x05, 0x00, 0x2F, 0x68, 0x59, 0x00, 0x00, 0x00, 0x00]),
            (.wait(chips: 0x01, deadline: nil), [0x05, 0x01, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF]),
            (.wake, [0x06]),
            (.transfers(chip: 1, [
                SPITransaction(header: [0x0F], body: .read(count: 5)),
                SPITransaction(header: [0x8F], body: .write([0xF0])),
            ]), [0x07, 0x01, 0x02, 0x01, 0x0F, 0x01, 0x05, 0x00, 0x01, 0x8F, 0x00, 0x01, 0x00, 0xF0]),
            // Peer 0x1234, every flag, at 1.5 ms, 2.5 m, azimuth 0.5 rad, elevation −0.25 rad.
            (.report(ReportedMeasurement(
                peer: 0x1234, distance: Distance(metres: 2.5), azimuth: Angle(radians: 0.5), elevation: Angle(radians: -0.25),
                isNonLineOfSight: true, time: .microseconds(1500))),
             [0x09, 0x34, 0x12, 0x0F, 0x00, 0x2F, 0x68, 0x59, 0x00, 0x00, 0x00, 0x00]
                + [0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x04, 0x40] + [0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0xE0, 0x3F]
                + [0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0xD0, 0xBF]),
            // No angles, no NLOS judgement, at 0, 3 m.
            (.report(ReportedMeasurement(peer: 0xBEEF, distance: Distance(metres: 3), time: .zero)),
             [0x09, 0xEF, 0xBE, 0x00] + [UInt8](repeating: 0, count: 8) + [0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x08, 0x40]),
            // Line of sight judged.
            (.report(ReportedMeasurement(peer: 1, distance: Distance(metres: 3), isNonLineOfSight: false, time: .zero)),
             [0x09, 0x01, 0x00, 0x04] + [UInt8](repeating: 0, count: 8) + [0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x08, 0x40]),
            // 3 m with its quality: figure of merit 0.5, −80 dBm received, −84 dBm first path, no check failed.
            (.report(ReportedMeasurement(
                peer: 1, distance: Distance(metres: 3),
                quality: MeasurementQuality(
                    figureOfMerit: 0.5, receivedLevel: PowerLevel(dBm: -80), firstPathLevel: PowerLevel(dBm: -84), failedChecks: []),
                time: .zero)),
             [0x09, 0x01, 0x00, 0xE0] + [UInt8](repeating: 0, count: 8) + [0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x08, 0x40]
                + [0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0xE0, 0x3F] + [0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x54, 0xC0]
                + [0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x55, 0xC0] + [0x00]),
            // Withheld by an STS mismatch (bit 2): no distance field, figure of merit 0.
            (.report(ReportedMeasurement(
                peer: 1, distance: nil, quality: MeasurementQuality(figureOfMerit: 0, failedChecks: [.secureTimestampMismatch]), time: .zero)),
             [0x09, 0x01, 0x00, 0xB0] + [UInt8](repeating: 0, count: 8) + [UInt8](repeating: 0, count: 8) + [0x04]),
            // A fix in 2-D at 1.5 ms: (1, 1.5, −2) m, covariance [[0.25, 0], [0, 1]] m².
            (.position(ReportedPosition(
                position: Position(metres: Vector3(x: 1, y: 1.5, z: -2)), covariance: [0.25, 0, 0, 1], time: .microseconds(1500))),
             [0x0A, 0x02, 0x00, 0x2F, 0x68, 0x59, 0x00, 0x00, 0x00, 0x00]
                + [0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0xF0, 0x3F] + [0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0xF8, 0x3F]
                + [0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0xC0] + [0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0xD0, 0x3F]
                + [UInt8](repeating: 0, count: 16) + [0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0xF0, 0x3F]),
        ]
        for (request, octets) in cases {
            #expect(request.encoded == octets, "\(request)")
            #expect(try EmulatorRequest(decoding: octets) == request)
        }
    }

    @Test("replies encode to the documented octets and decode back")
    func replies() throws {
        let cases: [(EmulatorReply, [UInt8])] = [
            (.welcome(version: 2, board: "b", now: SimulationTime(picoseconds: 0x0102)),
             [0x81, 0x02, 0x00, 0x01, 0x62, 0x02, 0x01, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00]),
            (.data([0x30, 0x01]), [0x82, 0x02, 0x00, 0x30, 0x01]),
            (.level(true), [0x83, 0x01]),
            (.done, [0x84]),
            (.woke(now: SimulationTime(picoseconds: 1_500_000_000), interrupts: 0b10),
             [0x85, 0x00, 0x2F, 0x68, 0x59, 0x00, 0x00, 0x00, 0x00, 0x02]),
            (.error("no"), [0xEE, 0x02, 0x00, 0x6E, 0x6F]),
            (.batch([[0x01, 0x02], []]), [0x86, 0x02, 0x02, 0x00, 0x01, 0x02, 0x00, 0x00]),
        ]
        for (reply, octets) in cases {
            #expect(reply.encoded == octets, "\(reply)")
            #expect(try EmulatorReply(decoding: octets) == reply)
        }
    }

    @Test("a message is framed by its 32-bit little-endian length")
    func framing() throws {
        let path = "/tmp/swift-uwb-frame-\(UUID().uuidString.prefix(8)).sock"
        let listener = try UnixSocket.listen(at: path)
        defer {
            listener.close()
            unlink(path)
        }
        let client = try UnixSocket.connect(to: path)
        let server = try #require(listener.accept())
        try EmulatorWire.send(EmulatorRequest.wake.encoded, on: client)
        #expect(try server.read(count: 5) == [0x01, 0x00, 0x00, 0x00, 0x06])
        try client.write([0x02, 0x00, 0x00, 0x00, 0x84, 0x84])
        #expect(try EmulatorWire.receive(from: server) == [0x84, 0x84])
    }

    @Test("malformed messages are refused with the field at fault", arguments: [
        ([UInt8](), "message type"), ([0x0B], "request type 0xb"), ([0x01, 0x01], "version"),
        ([0x02, 0x00, 0x04, 1, 2, 3, 4], "4-octet SPI header"), ([0x02, 0x00, 0x01, 0x00, 0x07, 0x00, 0x00], "transfer kind 7"),
        ([0x03, 0x00, 0x00], "1 octets after the last field"), ([0x05, 0x01, 0x00, 0x00], "deadline"),
        ([0x05, 0x01, 0xFE, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF], "beyond the largest virtual time"),
        ([0x06, 0x00], "1 octets after the last field"), ([0x07, 0x00, 0x00], "a batch of no transactions"),
        ([0x07, 0x00, 0x02, 0x01, 0x0F, 0x01, 0x05, 0x00], "header length"),
    ] + EmulatorWireTests.malformedReports)
    func malformed(octets: [UInt8], fragment: String) {
        #expect {
            _ = try EmulatorRequest(decoding: octets)
        } throws: { error in
            guard case EmulatorServiceError.malformed(let reason) = error else { return false }
            return reason.contains(fragment)
        }
    }

    /// REPORTs and REPORT POSITIONs cut short, with trailing octets, unknown flags, no time, a value
    /// that is not a finite number, a figure of merit out of range or a covariance that is not one,
    /// and the field at fault.
    static let malformedReports: [([UInt8], String)] = {
        let time = [UInt8](repeating: 0, count: 8)
        let three: [UInt8] = [0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x08, 0x40]
        let notANumber: [UInt8] = [0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0xF8, 0x7F]
        let infinity: [UInt8] = [0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0xF0, 0x7F]
        let minusOne: [UInt8] = [0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0xF0, 0xBF]
        return [
            ([0x09, 0x34], "peer address"),
            ([0x09, 0x34, 0x12], "measurement flags"),
            ([0x09, 0x34, 0x12, 0x00] + time + [0x00, 0x00], "measured distance"),
            ([0x09, 0x34, 0x12, 0x00] + time + three + [0x00], "1 octets after the last field"),
            ([0x09, 0x34, 0x12, 0x01] + time + three, "azimuth"),
            ([0x09, 0x34, 0x12, 0x02] + time + three + [0x00, 0x00], "elevation"),
            ([0x09, 0x34, 0x12, 0x10] + time + three, "8 octets after the last field"),
            ([0x09, 0x34, 0x12, 0x30] + time + [0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0xF8, 0x3F], "a figure of merit of 1.5 (0…1)"),
            ([0x09, 0x34, 0x12, 0x50] + time + three, "first-path level"),
            ([0x09, 0x34, 0x12, 0x90] + time + [0x08], "failed checks 0x8 (bits 0 to 2 only)"),
            ([0x09, 0x34, 0x12, 0x90] + time, "failed checks"),
            ([0x0A], "covariance size"),
            ([0x0A, 0x04] + time, "a covariance of size 4"),
            ([0x0A, 0x02] + [UInt8](repeating: 0xFF, count: 8), "a fix without a time"),
            ([0x0A, 0x02] + time + three + three, "fix's z"),
            ([0x0A, 0x02] + time + three + three + notANumber, "fix's z of nan"),
            ([0x0A, 0x02] + time + three + three + three + three + three + three, "covariance value 4"),
            ([0x0A, 0x02] + time + three + three + three + minusOne + [UInt8](repeating: 0, count: 16) + three,
             "a covariance with a negative variance (-1.0 m²)"),
            ([0x0A, 0x02] + time + three + three + three + three + three + [UInt8](repeating: 0, count: 8) + three,
             "a covariance that is not symmetric (row 2, column 1)"),
            ([0x0A, 0x02] + time + three + three + three + three + [UInt8](repeating: 0, count: 16) + three + [0x00], "1 octets after"),
            ([0x09, 0x34, 0x12, 0x08] + time + three, "NLOS but not judged"),
            ([0x09, 0x34, 0x12, 0x00] + [UInt8](repeating: 0xFF, count: 8) + three, "a measurement without a time"),
            ([0x09, 0x34, 0x12, 0x00] + time + notANumber, "measured distance of nan, not a finite number"),
            ([0x09, 0x34, 0x12, 0x01] + time + three + infinity, "azimuth of inf, not a finite number"),
        ]
    }()

    @Test("malformed replies are refused with the field at fault", arguments: [
        ([UInt8](), "message type"), ([0x8F], "reply type 0x8f"), ([0x81, 0x02, 0x00, 0x00], "time"),
        ([0x85, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x00], "WOKE without a time"),
        ([0x85, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00], "interrupt lines"), ([0x83, 0x02], "IRQ level 2"),
        ([0x86, 0x02, 0x01, 0x00, 0x07], "answer length"),
    ])
    func malformedReplies(octets: [UInt8], fragment: String) {
        #expect {
            _ = try EmulatorReply(decoding: octets)
        } throws: { error in
            guard case EmulatorServiceError.malformed(let reason) = error else { return false }
            return reason.contains(fragment)
        }
    }

    /// A service with one free device on a fresh socket.
    static func service() throws -> EmulatorService {
        let board = try BoardDescription.load(from: Repository.path("Hardware/boards/ft232h-dw1000-single.json"))
        let emulation = Emulation(seed: 1, channelModel: try ChannelModel(kind: .freeSpace, channel: .five))
        try emulation.add(DeviceSetup(name: "alice", board: board, trajectory: .standing(at: Position(metres: .zero))))
        let service = try EmulatorService(
            emulation: emulation, free: ["alice"], socketPath: "/tmp/swift-uwb-wire-\(UUID().uuidString.prefix(8)).sock")
        service.start()
        return service
    }

    @Test("the service answers a wrong version, a message other than HELLO first, or garbage with ERROR, then closes")
    func serviceRefusals() throws {
        let service = try Self.service()
        defer { service.stop() }
        let cases: [([UInt8], String)] = [
            (EmulatorRequest.hello(version: 1, device: "alice").encoded, "the client speaks emulator wire format 1, the service 5"),
            (EmulatorRequest.interrupt(chip: 0).encoded, "the first message must be HELLO"),
            ([0x42], "request type 0x42"),
        ]
        for (message, fragment) in cases {
            let socket = try UnixSocket.connect(to: service.socketPath)
            try EmulatorWire.send(message, on: socket)
            guard case .error(let text) = try EmulatorReply(decoding: EmulatorWire.receive(from: socket)) else {
                Issue.record("no ERROR for \(message)")
                continue
            }
            #expect(text.contains(fragment), "\(text)")
            #expect(throws: EmulatorServiceError.self) { _ = try EmulatorWire.receive(from: socket) }
        }
    }
}

/// The service answering a batch of transactions with one message.
@Suite("Emulator service batches")
struct EmulatorBatchTests {
    @Test("TRANSFERS during the app's turn is answered with one BATCH, in order")
    func batchAnswered() throws {
        let service = try EmulatorWireTests.service()
        defer { service.stop() }
        let socket = try UnixSocket.connect(to: service.socketPath)
        try EmulatorWire.send(EmulatorRequest.hello(version: EmulatorWire.version, device: "alice").encoded, on: socket)
        guard case .welcome = try EmulatorReply(decoding: EmulatorWire.receive(from: socket)) else {
            Issue.record("no WELCOME")
            return
        }
        // DEV_ID (file 0x00) reads 0xDECA0130, low octet first (DW1000 User Manual §7.2.2).
        let deviceID = SPITransaction(header: [0x00], body: .read(count: 4))
        try EmulatorWire.send(EmulatorRequest.transfers(chip: 0, [deviceID, deviceID]).encoded, on: socket)
        #expect(try EmulatorReply(decoding: EmulatorWire.receive(from: socket)) == .batch([[0x30, 0x01, 0xCA, 0xDE], [0x30, 0x01, 0xCA, 0xDE]]))
        try EmulatorWire.send(EmulatorRequest.transfers(chip: 5, [deviceID]).encoded, on: socket)
        guard case .error(let text) = try EmulatorReply(decoding: EmulatorWire.receive(from: socket)) else {
            Issue.record("no ERROR for a chip the board does not have")
            return
        }
        #expect(text.contains("no chip on"), "\(text)")
    }
}
