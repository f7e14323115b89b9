import Foundation
import Testing
import UWBCore
import UWBEmulator
import UWBEmulatorService
@testable import uwb

/// What `uwb emulator watch` shows of the apps' measurements: a measured column in the view and
/// a `measured` list in each JSON link.
@Suite("uwb emulator watch: measurements")
struct WatchMeasurementsTests {
    /// Three devices; phone and tag measured each other (tag with an azimuth and NLOS), laptop nobody.
    static let snapshot = EmulatorSnapshot(
        now: SimulationTime(seconds: 2), speed: 0,
        devices: ["phone", "tag", "laptop"].map { SnapshotDevice(name: $0, board: "b", position: .origin, isFree: true, app: nil) },
        links: [
            SnapshotLink(
                first: 0, second: 1, trueDistance: Distance(metres: 2.5), framesToSecond: 10, framesToFirst: 10,
                measurements: [
                    SnapshotMeasurement(by: 0, distance: Distance(metres: 2.512), isNonLineOfSight: false, at: SimulationTime(seconds: 1.5)),
                    SnapshotMeasurement(
                        by: 1, distance: Distance(metres: 2.4876), azimuth: .degrees(-12.5), isNonLineOfSight: true,
                        at: SimulationTime(seconds: 1.75)),
                ]),
            SnapshotLink(
                first: 0, second: 2, trueDistance: Distance(metres: 4), framesToSecond: 3, framesToFirst: 0,
                measurements: [SnapshotMeasurement(by: 2, distance: Distance(metres: 4.01), at: SimulationTime(seconds: 1))]),
            SnapshotLink(first: 1, second: 2, trueDistance: Distance(metres: 3), framesToSecond: 0, framesToFirst: 0),
        ])

    @Test("the view shows each end's measured distance, first's then second's, — for none")
    func view() {
        let lines = WatchView.frame(of: Self.snapshot, at: "/tmp/s", rates: [nil, nil, nil]).split(separator: "\n")
        let header = lines.first { $0.hasPrefix("link") }
        #expect(header?.contains("true (m)      measured (m)") == true, "\(lines)")
        let phoneTag = lines.first { $0.hasPrefix("phone") && $0.contains("tag") }
        #expect(phoneTag?.contains("2.500     2.512 / 2.488") == true, "\(lines)")
        let phoneLaptop = lines.first { $0.hasPrefix("phone") && $0.contains("laptop") }
        #expect(phoneLaptop?.contains("4.000         — / 4.010") == true, "\(lines)")
        let tagLaptop = lines.first { $0.hasPrefix("tag") && $0.contains("laptop") }
        #expect(tagLaptop?.contains("3.000                 —") == true, "\(lines)")
    }

    @Test("each JSON link lists its measurements: by, distance, angles in degrees, NLOS, time")
    func jsonLine() throws {
        let line = WatchJSONLine.line(for: Self.snapshot, rates: [nil, nil, nil])
        #expect(line.contains(#""measured":[{"by":"phone","distance":2.5120,"azimuth_degrees":null,"elevation_degrees":null,"nlos":false,"figure_of_merit":null,"failed_checks":null,"t":1.500000},{"by":"tag","distance":2.4876,"azimuth_degrees":-12.50,"elevation_degrees":null,"nlos":true,"figure_of_merit":null,"failed_checks":null,"t":1.750000}]"#), "\(line)")
        #expect(line.contains(#""measured":[{"by":"laptop","distance":4.0100,"azimuth_degrees":null,"elevation_degrees":null,"nlos":null,"figure_of_merit":null,"failed_checks":null,"t":1.000000}]"#), "\(line)")
        #expect(line.contains(#""frames_per_second":null,"measured":[]}"#), "\(line)")
        #expect(try JSONSerialization.jsonObject(with: Data(line.utf8)) is [String: Any])
    }

    @Test("a measurement's quality and a withheld distance; a device's fix with its covariance and track, in JSON and in the view")
    func qualityAndFix() throws {
        var snapshot = Self.snapshot
        snapshot.links[0].measurements[0].quality = MeasurementQuality(figureOfMerit: 0.9, failedChecks: [])
        snapshot.links[0].measurements[1].distance = nil
        snapshot.links[0].measurements[1].quality = MeasurementQuality(figureOfMerit: 0, failedChecks: [.secureTimestampMismatch])
        snapshot.devices[1].fix = SnapshotFix(
            position: Position(metres: Vector3(x: 1, y: 1.5, z: -2)), covariance: [0.01, 0, 0, 0.04], at: SimulationTime(seconds: 1.9),
            track: [Position(metres: Vector3(x: 0.9, y: 1.5, z: -2))])
        let line = WatchJSONLine.line(for: snapshot, rates: [nil, nil, nil])
        #expect(line.contains(#""nlos":false,"figure_of_merit":0.900,"failed_checks":[],"t":1.500000}"#), "\(line)")
        #expect(line.contains(#"{"by":"tag","distance":null,"azimuth_degrees":-12.50,"elevation_degrees":null,"nlos":true,"figure_of_merit":0.000,"failed_checks":["secureTimestampMismatch"],"t":1.750000}"#), "\(line)")
        #expect(line.contains(#""app":null,"fix":{"position":[1.0000,1.5000,-2.0000],"covariance":[0.010000,0.000000,0.000000,0.040000],"t":1.900000,"track":[[0.9000,1.5000,-2.0000]]}}"#), "\(line)")
        #expect(line.contains(#""app":null,"fix":null}"#), "\(line)")
        let lines = WatchView.frame(of: snapshot, at: "/tmp/s", rates: [nil, nil, nil]).split(separator: "\n")
        let phoneTag = lines.first { $0.hasPrefix("phone") && $0.contains("tag") }
        #expect(phoneTag?.contains("2.512 / withheld") == true, "\(lines)")
    }
}
