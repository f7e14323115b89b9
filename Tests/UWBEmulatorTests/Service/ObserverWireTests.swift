import Foundation
import Testing
import UWBCore
import UWBEmulator
import UWBEmulatorService
import UWBTestSupport

/// The observer's part of the emulator service's wire format (version 5): OBSERVE and SNAPSHOT's
/// golden octets, what the service refuses, and apps of version 2 still attached.
@Suite("Emulator service observers on the wire")
struct ObserverWireTests {
    /// A paused snapshot of two devices, the second turned, its clock 10 ppm fast and with an app, and their link.
    static let snapshot = EmulatorSnapshot(
        now: SimulationTime(picoseconds: 1_000_000_000_000), speed: 1, paused: true,
        devices: [
            SnapshotDevice(name: "a", board: "b", position: .origin, isFree: true, app: nil),
            SnapshotDevice(name: "c", board: "b", position: Position(metres: Vector3(x: 3, y: 0, z: 0)), yaw: Angle(radians: 0.5),
                           clockOffset: ClockOffset(partsPerMillion: 10),
                           isFree: true, app: AttachedApp(processID: 0x1234, name: "u")),
        ],
        links: [SnapshotLink(first: 0, second: 1, trueDistance: Distance(metres: 3), framesToSecond: 5, framesToFirst: 7)])

    /// ``snapshot``'s octets, field by field as Docs/emulator-service.md gives them.
    static let snapshotOctets: [UInt8] =
        [0x87]
        + [0x00, 0x10, 0xA5, 0xD4, 0xE8, 0x00, 0x00, 0x00]  // now: 10^12 ps = 0xE8D4A51000
        + [0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0xF0, 0x3F]  // speed 1.0
        + [0x01]  // paused
        + [0x02, 0x00]  // two devices
        + [0x01, 0x61, 0x01, 0x62] + [UInt8](repeating: 0, count: 40) + [0x01]  // "a" on "b" at the origin, yaw 0, clock 0 ppm, free
        + [0x01, 0x63, 0x01, 0x62]
        + [0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x08, 0x40] + [UInt8](repeating: 0, count: 16)  // at x = 3.0
        + [0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0xE0, 0x3F]  // yaw 0.5 rad
        + [0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x24, 0x40]  // clock +10 ppm
        + [0x03, 0x34, 0x12, 0x00, 0x00, 0x01, 0x75]  // free, app pid 0x1234 "u"
        + [0x01, 0x00, 0x00, 0x00]  // one link
        + [0x00, 0x00, 0x01, 0x00]  // devices 0 and 1
        + [0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x08, 0x40]  // 3.0 m
        + [0x05, 0x00, 0x00, 0x00, 0x07, 0x00, 0x00, 0x00]  // 5 frames to c, 7 to a
        + [0x00]  // no measurements

    /// ``snapshot`` with both ends' measurements on its link: a's with an azimuth and line of
    /// sight judged, c's with neither.
    static let measuredSnapshot: EmulatorSnapshot = {
        var snapshot = ObserverWireTests.snapshot
        snapshot.links[0].measurements = [
            SnapshotMeasurement(
                by: 0, distance: Distance(metres: 2.5), azimuth: Angle(radians: 0.5), isNonLineOfSight: false,
                at: SimulationTime(picoseconds: 0x0102)),
            SnapshotMeasurement(by: 1, distance: Distance(metres: 3), at: SimulationTime(picoseconds: 0x0304)),
        ]
        return snapshot
    }()

    /// ``measuredSnapshot``'s octets: ``snapshotOctets`` with the two measurements for "no measurements".
    static let measuredSnapshotOctets: [UInt8] = {
        let fields: [[UInt8]] = [
            Array(snapshotOctets.dropLast()),
            [0x02],  // two measurements
            [0x00, 0x00, 0x05],  // by a: an azimuth, NLOS judged, line of sight
            [0x02, 0x01, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00],  // at 0x0102 ps
            [0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x04, 0x40],  // 2.5 m
            [0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0xE0, 0x3F],  // azimuth 0.5 rad
            [0x01, 0x00, 0x00],  // by c: nothing flagged
            [0x04, 0x03, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00],  // at 0x0304 ps
            [0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x08, 0x40],  // 3.0 m
        ]
        return fields.flatMap { $0 }
    }()

    /// Snapshots with one field wrong, and the field at fault.
    static let malformedSnapshots: [([UInt8], String)] = {
        let count = snapshotOctets.count
        let measured = measuredSnapshotOctets
        let negativeInfinity: [UInt8] = [0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0xF0, 0xFF]
        let minusOne: [UInt8] = [0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0xF0, 0xBF]
        var cases: [([UInt8], String)] = []
        cases.append((Array(snapshotOctets.prefix(9)), "speed"))
        cases.append((Array(snapshotOctets.prefix(17)) + [0x02], "paused 0x2"))
        cases.append((Array(snapshotOctets.prefix(48)) + [0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0xF8, 0x7F], "a's yaw is not a number"))
        cases.append((Array(snapshotOctets.prefix(56)) + [0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0xF0, 0x7F], "a's clock offset is not a number"))
        cases.append((Array(snapshotOctets.prefix(64)) + [0x08], "device flags 0x8"))
        cases.append((Array(snapshotOctets.prefix(count - 21)) + [0x01, 0x00, 0x01, 0x00] + Array(snapshotOctets.suffix(17)),
                      "a link between devices 1 and 1"))
        cases.append((Array(snapshotOctets.dropLast()) + [0x03], "3 measurements of one link"))
        cases.append((Array(measured.prefix(count)) + [0x02, 0x00] + Array(measured.suffix(44)),
                      "a measurement by device 2 on the link between 0 and 1"))
        cases.append((Array(measured.prefix(count + 27)) + [0x00, 0x00] + Array(measured.suffix(17)),
                      "two measurements by device 0 on one link"))
        cases.append((Array(measured.dropLast(8)) + negativeInfinity, "measured distance of -inf"))
        cases.append((Array(snapshotOctets.prefix(9)) + minusOne + [0x00, 0x00, 0x00, 0x00, 0x00, 0x00], "a speed of -1.0"))
        cases.append((snapshotOctets + [0x00], "1 octets after the last field"))
        return cases
    }()

    @Test("OBSERVE and SNAPSHOT encode to the documented octets and decode back")
    func golden() throws {
        #expect(EmulatorRequest.observe(version: 3).encoded == [0x08, 0x03, 0x00])
        #expect(try EmulatorRequest(decoding: [0x08, 0x03, 0x00]) == .observe(version: 3))
        #expect(EmulatorReply.snapshot(Self.snapshot).encoded == Self.snapshotOctets)
        #expect(try EmulatorReply(decoding: Self.snapshotOctets) == .snapshot(Self.snapshot))
        #expect(Self.snapshot.links[0].frames == 12)
        #expect(EmulatorReply.snapshot(Self.measuredSnapshot).encoded == Self.measuredSnapshotOctets)
        #expect(try EmulatorReply(decoding: Self.measuredSnapshotOctets) == .snapshot(Self.measuredSnapshot))
        #expect(Self.measuredSnapshot.links[0].measurement(by: 1)?.distance == Distance(metres: 3))
        #expect(Self.snapshot.links[0].measurement(by: 0) == nil)
    }

    @Test("a device's fix (its covariance 2×2 or 3×3, its track) and measurements with their quality read back as sent")
    func fixesAndQuality() throws {
        var snapshot = Self.measuredSnapshot
        let track = (0..<3).map { Position(metres: Vector3(x: Double($0) * 0.1, y: 1, z: -Double($0))) }
        snapshot.devices[0].fix = SnapshotFix(
            position: Position(metres: Vector3(x: 0.25, y: 1, z: -3)), covariance: [0.01, 0.002, 0.002, 0.04],
            at: SimulationTime(picoseconds: 5_000), track: track)
        snapshot.devices[1].fix = SnapshotFix(
            position: Position(metres: Vector3(x: 3, y: 0.5, z: 0)), covariance: [1, 0, 0.5, 0, 2, 0, 0.5, 0, 3], at: .zero)
        snapshot.links[0].measurements[0].quality = MeasurementQuality(
            figureOfMerit: 0.25, receivedLevel: PowerLevel(dBm: -90.5), firstPathLevel: PowerLevel(dBm: -95.25), failedChecks: [])
        snapshot.links[0].measurements[1].distance = nil
        snapshot.links[0].measurements[1].quality = MeasurementQuality(failedChecks: [.secureTimestampQualityLow])
        #expect(try EmulatorReply(decoding: EmulatorReply.snapshot(snapshot).encoded) == .snapshot(snapshot))
    }

    @Test("an app of unknown process id is sent as 0 and read back as unknown")
    func unknownProcess() throws {
        var snapshot = Self.snapshot
        snapshot.devices[1].app = AttachedApp(processID: nil, name: "")
        let decoded = try EmulatorReply(decoding: EmulatorReply.snapshot(snapshot).encoded)
        #expect(decoded == .snapshot(snapshot))
        #expect(AttachedApp(processID: nil, name: "").label == "an app")
        #expect(AttachedApp(processID: 7, name: "uwb").label == "pid 7 (uwb)")
    }

    @Test("malformed snapshots are refused with the field at fault", arguments: malformedSnapshots)
    func malformed(octets: [UInt8], fragment: String) {
        #expect {
            _ = try EmulatorReply(decoding: octets)
        } throws: { error in
            guard case EmulatorServiceError.malformed(let reason) = error else { return false }
            return reason.contains(fragment)
        }
    }

    @Test("the service refuses an observer of another version, and anything but OBSERVE from an observer")
    func refusals() throws {
        let service = try EmulatorWireTests.service()
        defer { service.stop() }
        let cases: [([[UInt8]], String)] = [
            ([EmulatorRequest.observe(version: 6).encoded], "the client speaks emulator wire format 6, the service 5"),
            ([EmulatorRequest.observe(version: 4).encoded], "the client speaks emulator wire format 4, the service 5"),
            ([EmulatorRequest.observe(version: 5).encoded, EmulatorRequest.hello(version: 5, device: "alice").encoded],
             "an observer may send only OBSERVE"),
        ]
        for (messages, fragment) in cases {
            let socket = try UnixSocket.connect(to: service.socketPath)
            var reply = EmulatorReply.done
            for message in messages {
                try EmulatorWire.send(message, on: socket)
                reply = try EmulatorReply(decoding: EmulatorWire.receive(from: socket, longest: EmulatorWire.snapshotMaximumLength))
            }
            guard case .error(let text) = reply else {
                Issue.record("\(reply) instead of an ERROR about \(fragment)")
                continue
            }
            #expect(text.contains(fragment), "\(text)")
            #expect(throws: EmulatorServiceError.self) { _ = try EmulatorWire.receive(from: socket) }
        }
    }

    @Test("an observer's version is checked once, on its first OBSERVE; every later OBSERVE is answered")
    func versionCheckedOnce() throws {
        let service = try EmulatorWireTests.service()
        defer { service.stop() }
        let socket = try UnixSocket.connect(to: service.socketPath)
        for version: UInt16 in [5, 5, 4] {
            try EmulatorWire.send(EmulatorRequest.observe(version: version).encoded, on: socket)
            let reply = try EmulatorReply(decoding: EmulatorWire.receive(from: socket, longest: EmulatorWire.snapshotMaximumLength))
            guard case .snapshot(let snapshot) = reply else {
                Issue.record("\(reply) instead of SNAPSHOT for OBSERVE \(version)")
                return
            }
            #expect(snapshot.devices.map(\.name) == ["alice"])
        }
    }

    @Test("an app speaking version 2 still attaches, and its WELCOME speaks 2; OBSERVE on an app's connection is refused")
    func versionTwoApp() throws {
        let service = try EmulatorWireTests.service()
        defer { service.stop() }
        let socket = try UnixSocket.connect(to: service.socketPath)
        try EmulatorWire.send(EmulatorRequest.hello(version: 2, device: "alice").encoded, on: socket)
        guard case .welcome(let version, _, _) = try EmulatorReply(decoding: EmulatorWire.receive(from: socket)) else {
            Issue.record("no WELCOME for an app of version 2")
            return
        }
        #expect(version == 2)
        try EmulatorWire.send(EmulatorRequest.observe(version: 4).encoded, on: socket)
        guard case .error(let text) = try EmulatorReply(decoding: EmulatorWire.receive(from: socket)) else {
            Issue.record("no ERROR for OBSERVE on an app's connection")
            return
        }
        #expect(text.contains("OBSERVE on an app's connection"), "\(text)")
    }

    @Test("a snapshot larger than an ordinary message is carried whole")
    func largeSnapshot() throws {
        let devices = (0..<40).map { index in
            SnapshotDevice(name: String(repeating: "d", count: 200) + "\(index)", board: "b", position: .origin, isFree: false, app: nil)
        }
        var links: [SnapshotLink] = []
        for first in devices.indices {
            for second in devices.indices where second > first {
                links.append(SnapshotLink(first: first, second: second, trueDistance: .zero, framesToSecond: 0, framesToFirst: 0))
            }
        }
        let snapshot = EmulatorSnapshot(now: .zero, speed: 0, devices: devices, links: links)
        let octets = EmulatorReply.snapshot(snapshot).encoded
        #expect(octets.count > EmulatorWire.maximumLength)
        #expect(try EmulatorReply(decoding: octets) == .snapshot(snapshot))
    }
}
