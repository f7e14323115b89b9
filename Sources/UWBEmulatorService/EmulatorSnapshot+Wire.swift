import UWBCore
import UWBEmulator

extension EmulatorSnapshot {
    /// The body of SNAPSHOT (`Docs/emulator-service.md`): now (64), speed (64, IEEE 754 binary64),
    /// paused (8: 1 paused, 0 running), device count (16), each device: name length (8), name, board
    /// id length (8), board id, x, y, z (binary64 metres each), yaw (binary64 radians), clock offset (binary64 ppm), flags (8: bit 0 free for apps, bit 1 an app attached,
    /// bit 2 a fix), with an app: its process id (32, 0 unknown), name length (8), name, and with a
    /// fix: its fields (``PositionFields``), track length (8) and each earlier fix's x, y, z (binary64
    /// metres each), oldest first; then link count (32),
    /// each link: first (16), second (16), true distance (binary64 metres), frames first → second
    /// (32), frames second → first (32), measurement count (8, 0–2) and each measurement: the
    /// measuring device (16, one of the two) and its fields (``MeasurementFields``). Texts longer
    /// than 255 octets are cut; counts beyond their fields are clamped.
    var wireBody: [UInt8] {
        let shown = devices.prefix(Int(UInt16.max))
        var octets = EmulatorWire.little(EmulatorWire.encode(now)) + EmulatorWire.little(speed.bitPattern)
            + [paused ? 1 : 0] + EmulatorWire.little(UInt16(shown.count))
        for device in shown {
            octets += Self.text(device.name) + Self.text(device.board)
            for coordinate in [device.position.metres.x, device.position.metres.y, device.position.metres.z] {
                octets += EmulatorWire.little(coordinate.bitPattern)
            }
            octets += EmulatorWire.little(device.yaw.radians.bitPattern)
            octets += EmulatorWire.little(device.clockOffset.partsPerMillion.bitPattern)
            octets.append((device.isFree ? 1 : 0) | (device.app == nil ? 0 : 2) | (device.fix == nil ? 0 : 4))
            if let app = device.app {
                octets += EmulatorWire.little(UInt32(bitPattern: app.processID ?? 0)) + Self.text(app.name)
            }
            if let fix = device.fix {
                let track = fix.track.suffix(Int(UInt8.max))
                octets += PositionFields(position: fix.position, covariance: fix.covariance, at: fix.at).encoded + [UInt8(track.count)]
                for position in track {
                    for coordinate in [position.metres.x, position.metres.y, position.metres.z] {
                        octets += EmulatorWire.little(coordinate.bitPattern)
                    }
                }
            }
        }
        let links = links.filter { $0.second < shown.count }
        octets += EmulatorWire.little(UInt32(clamping: links.count))
        for link in links {
            octets += EmulatorWire.little(UInt16(link.first)) + EmulatorWire.little(UInt16(link.second))
                + EmulatorWire.little(link.trueDistance.metres.bitPattern)
                + EmulatorWire.little(UInt32(clamping: link.framesToSecond)) + EmulatorWire.little(UInt32(clamping: link.framesToFirst))
            let measurements = link.measurements.filter { $0.by == link.first || $0.by == link.second }.prefix(2)
            octets.append(UInt8(measurements.count))
            for measurement in measurements {
                octets += EmulatorWire.little(UInt16(measurement.by)) + MeasurementFields(measurement).encoded
            }
        }
        return octets
    }

    /// Reads the body ``wireBody`` wrote.
    ///
    /// - Throws: ``EmulatorServiceError/malformed(_:)`` naming the field at fault.
    init(wireBody reader: inout WireReader) throws(EmulatorServiceError) {
        guard let now = try EmulatorWire.decodeTime(try reader.uint64("time"), "time") else {
            throw .malformed("SNAPSHOT without a time")
        }
        let speed = Double(bitPattern: try reader.uint64("speed"))
        guard speed.isFinite, speed >= 0 else { throw .malformed("a speed of \(speed) (0 or more)") }
        let paused = try reader.octet("paused")
        guard paused <= 1 else { throw .malformed("paused 0x\(String(paused, radix: 16)) (0 running, 1 paused)") }
        var devices: [SnapshotDevice] = []
        for _ in 0..<Int(try reader.uint16("device count")) {
            let name = try Self.text(from: &reader, "device name")
            let board = try Self.text(from: &reader, "board id")
            let position = try Self.position(from: &reader, name)
            let yaw = Double(bitPattern: try reader.uint64("\(name)'s yaw"))
            guard yaw.isFinite else { throw .malformed("\(name)'s yaw is not a number") }
            let offset = Double(bitPattern: try reader.uint64("\(name)'s clock offset"))
            guard offset.isFinite else { throw .malformed("\(name)'s clock offset is not a number") }
            let flags = try reader.octet("\(name)'s flags")
            guard flags <= 7 else { throw .malformed("device flags 0x\(String(flags, radix: 16)) (bits 0 to 2 only)") }
            var app: AttachedApp?
            if flags & 2 != 0 {
                let processID = Int32(bitPattern: try reader.uint32("\(name)'s app process id"))
                app = AttachedApp(processID: processID == 0 ? nil : processID, name: try Self.text(from: &reader, "app name"))
            }
            var fix: SnapshotFix?
            if flags & 4 != 0 {
                let fields = try PositionFields(from: &reader)
                var track: [Position] = []
                for _ in 0..<Int(try reader.octet("\(name)'s track length")) {
                    track.append(try Self.position(from: &reader, "\(name)'s track"))
                }
                fix = SnapshotFix(position: fields.position, covariance: fields.covariance, at: fields.at, track: track)
            }
            devices.append(SnapshotDevice(
                name: name, board: board, position: position, yaw: Angle(radians: yaw), clockOffset: ClockOffset(partsPerMillion: offset),
                isFree: flags & 1 != 0, app: app, fix: fix))
        }
        var links: [SnapshotLink] = []
        for _ in 0..<Int(try reader.uint32("link count")) {
            let first = Int(try reader.uint16("link's first device")), second = Int(try reader.uint16("link's second device"))
            guard first < second, second < devices.count else {
                throw .malformed("a link between devices \(first) and \(second) of \(devices.count)")
            }
            let distance = Double(bitPattern: try reader.uint64("true distance"))
            guard distance.isFinite, distance >= 0 else { throw .malformed("a true distance of \(distance) m") }
            let framesToSecond = Int(try reader.uint32("frames to the second device"))
            let framesToFirst = Int(try reader.uint32("frames to the first device"))
            let count = Int(try reader.octet("measurement count"))
            guard count <= 2 else { throw .malformed("\(count) measurements of one link (0…2)") }
            var measurements: [SnapshotMeasurement] = []
            for _ in 0..<count {
                let by = Int(try reader.uint16("measuring device"))
                guard by == first || by == second else {
                    throw .malformed("a measurement by device \(by) on the link between \(first) and \(second)")
                }
                guard !measurements.contains(where: { $0.by == by }) else {
                    throw .malformed("two measurements by device \(by) on one link")
                }
                measurements.append(try MeasurementFields(from: &reader).measurement(by: by))
            }
            links.append(SnapshotLink(
                first: first, second: second, trueDistance: Distance(metres: distance), framesToSecond: framesToSecond,
                framesToFirst: framesToFirst, measurements: measurements))
        }
        self.init(now: now, speed: speed, paused: paused == 1, devices: devices, links: links)
    }

    /// A position as the snapshot carries it: x, y, z (binary64 metres each), of `owner`.
    private static func position(from reader: inout WireReader, _ owner: String) throws(EmulatorServiceError) -> Position {
        let x = try reader.finite("\(owner)'s x"), y = try reader.finite("\(owner)'s y"), z = try reader.finite("\(owner)'s z")
        return Position(metres: Vector3(x: x, y: y, z: z))
    }

    /// A text as the snapshot carries it: length (8), UTF-8, cut at 255 octets.
    private static func text(_ value: String) -> [UInt8] {
        let octets = Array(value.utf8.prefix(Int(UInt8.max)))
        return [UInt8(octets.count)] + octets
    }

    /// A text ``text(_:)`` wrote.
    private static func text(from reader: inout WireReader, _ field: String) throws(EmulatorServiceError) -> String {
        String(decoding: try reader.octets(count: Int(try reader.octet("\(field) length")), field), as: UTF8.self)
    }
}
