@testable import EmulatorWeb
import Testing
import UWBCore
import UWBEmulator
import UWBEmulatorService

/// The messages the server sends, byte for byte: the page and any other client rely on their
/// exact form, and the server compares state texts to send only changes.
@Suite("Stream messages")
struct StreamMessageTests {
    @Test("plan: extent, obstacles of a material or a loss, devices with their field of view, the page's role, the scenarios it may load")
    func plan() throws {
        let plan = try FakeRoom.testPlan()
        let loadable = LoadableScenarios(names: ["test-room", "demo-room"], refusal: nil)
        #expect(StreamMessage.plan(plan, scenario: "test-room", role: .controller, loadable: loadable).text == """
            {"type":"plan","version":3,"scenario":"test-room","role":"controller","notice":null,\
            "scenarios":["test-room","demo-room"],"loadNotice":null,\
            "extent":{"min":[-1.5,-0.5,-3.6],"max":[3.5,3,1.5]},\
            "obstacles":[{"name":"wall","min":[-1,0,-3.1],"max":[3,2.5,-2.9],"material":"concrete","thicknessMetres":0.2,"lossDB":null},\
            {"name":"cabinet","min":[1,0,0.5],"max":[1.5,1,1],"material":null,"thicknessMetres":null,"lossDB":6}],\
            "devices":[{"name":"phone","board":"ft232h-dw1000-triple","chips":3,"driven":"app","fieldOfViewDegrees":120,"positioning":null},\
            {"name":"tag","board":"ft232h-dw1000-single","chips":1,"driven":"scenario","fieldOfViewDegrees":null,\
            "positioning":{"role":"anchor","cluster":"hall","surveyed":[3.1,1,-2],"floor":2}}]}
            """)
        let observer = StreamMessage.plan(
            plan, scenario: "a \"quoted\" room", role: .observer(notice: "it observes"),
            loadable: LoadableScenarios(names: [], refusal: "it writes a trace"))
        #expect(observer.text.hasPrefix(#"""
            {"type":"plan","version":3,"scenario":"a \"quoted\" room","role":"observer","notice":"it observes",\#
            "scenarios":[],"loadNotice":"it writes a trace","extent"
            """#))
    }

    @Test("state: time to the microsecond, devices in order, only links that carried frames, nothing measured yet")
    func state() {
        #expect(StreamMessage.state(FakeRoom.testSnapshot()).text == """
            {"type":"state","t":1.234567,"speed":1,"paused":false,\
            "devices":[{"position":[0,1,0],"yawDegrees":0,"clockOffsetPPM":0,"app":"pid 41230 (uwb)","fix":null},\
            {"position":[3,1,-2],"yawDegrees":90,"clockOffsetPPM":-12.346,"app":null,"fix":null},\
            {"position":[-1,1,1],"yawDegrees":-45.5,"clockOffsetPPM":0,"app":"an app","fix":null}],\
            "links":[{"a":0,"b":1,"trueMetres":3.6056,"frames":[12,11],"measured":[]}]}
            """)
    }

    @Test("state: a paused world at speed 0.25, no device, no link; -0 and rounding never show")
    func pausedEmptyState() {
        let snapshot = EmulatorSnapshot(now: SimulationTime(picoseconds: 999_999_900), speed: 0.25, paused: true, devices: [
            SnapshotDevice(
                name: "x", board: "b", position: Position(metres: Vector3(x: -0.00001, y: 1.00004999, z: 2.99999)), yaw: .degrees(-0.001),
                isFree: true, app: nil),
        ], links: [])
        #expect(StreamMessage.state(snapshot).text == """
            {"type":"state","t":0.001,"speed":0.25,"paused":true,"devices":[{"position":[0,1,3],"yawDegrees":0,"clockOffsetPPM":0,"app":null,"fix":null}],"links":[]}
            """)
    }

    @Test("state: a tag's fix with its covariance and track; measurements with their quality, one withheld by a failed check")
    func fixAndQuality() {
        let metres = { (x: Double, z: Double) in Position(metres: Vector3(x: x, y: 1, z: z)) }
        let fix = SnapshotFix(
            position: metres(1.02, 2.01), covariance: [0.0004, 0.0001, 0.0001, 0.0009], at: SimulationTime(picoseconds: 900_000_000_000),
            track: [metres(0.9, 2), metres(0.95, 2.005)])
        let quality = MeasurementQuality(
            figureOfMerit: 0.875, receivedLevel: PowerLevel(dBm: -80.04), firstPathLevel: PowerLevel(dBm: -83.46), failedChecks: [])
        let withheld = MeasurementQuality(figureOfMerit: 0, failedChecks: [.secureTimestampMismatch, .secureTimestampMissing])
        let snapshot = EmulatorSnapshot(
            now: SimulationTime(picoseconds: 1_000_000_000_000), speed: 1,
            devices: [
                SnapshotDevice(name: "tag", board: "b", position: metres(1, 2), isFree: true, app: AttachedApp(processID: 7, name: "uwb"), fix: fix),
                SnapshotDevice(name: "anchor", board: "b", position: metres(4, 2), isFree: false, app: nil),
            ],
            links: [
                SnapshotLink(first: 0, second: 1, trueDistance: Distance(metres: 3), framesToSecond: 5, framesToFirst: 6, measurements: [
                    SnapshotMeasurement(by: 0, distance: Distance(metres: 3.01), isNonLineOfSight: false, quality: quality, at: .zero),
                    SnapshotMeasurement(by: 1, distance: nil, quality: withheld, at: .zero),
                ]),
            ])
        #expect(StreamMessage.state(snapshot).text == """
            {"type":"state","t":1,"speed":1,"paused":false,"devices":[\
            {"position":[1,1,2],"yawDegrees":0,"clockOffsetPPM":0,"app":"pid 7 (uwb)",\
            "fix":{"position":[1.02,1,2.01],"covariance":[0.0004,0.0001,0.0001,0.0009],"t":0.9,"track":[[0.9,1,2],[0.95,1,2.005]]}},\
            {"position":[4,1,2],"yawDegrees":0,"clockOffsetPPM":0,"app":null,"fix":null}],\
            "links":[{"a":0,"b":1,"trueMetres":3,"frames":[5,6],"measured":[\
            {"by":0,"metres":3.01,"azimuthDegrees":null,"elevationDegrees":null,"nlos":false,"figureOfMerit":0.875,\
            "receivedLevelDBm":-80,"firstPathLevelDBm":-83.5,"failedChecks":[],"t":0},\
            {"by":1,"metres":null,"azimuthDegrees":null,"elevationDegrees":null,"nlos":null,"figureOfMerit":0,\
            "receivedLevelDBm":null,"firstPathLevelDBm":null,"failedChecks":["secureTimestampMissing","secureTimestampMismatch"],"t":0}]}]}
            """)
    }

    @Test("done and refused answer with the command's id; refused without one says null")
    func answers() {
        #expect(StreamMessage.done(id: 7, time: SimulationTime(picoseconds: 1_234_567_000_000)).text == #"{"type":"done","id":7,"t":1.234567}"#)
        let unknown = WorldCommandError.unknownDevice("tga", available: ["phone", "tag"])
        #expect(StreamMessage.refused(id: 7, message: unknown.description).text
            == #"{"type":"refused","id":7,"message":"the room has no device \"tga\"; its devices are phone, tag"}"#)
        #expect(StreamMessage.refused(id: nil, message: "line\nbreak").text == #"{"type":"refused","id":null,"message":"line\u000abreak"}"#)
    }
}
