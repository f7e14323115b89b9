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
            {"type":"plan","version":2,"scenario":"test-room","role":"controller","notice":null,\
            "scenarios":["test-room","demo-room"],"loadNotice":null,\
            "extent":{"min":[-1.5,-0.5,-3.6],"max":[3.5,3,1.5]},\
            "obstacles":[{"name":"wall","min":[-1,0,-3.1],"max":[3,2.5,-2.9],"material":"concrete","thicknessMetres":0.2,"lossDB":null},\
            {"name":"cabinet","min":[1,0,0.5],"max":[1.5,1,1],"material":null,"thicknessMetres":null,"lossDB":6}],\
            "devices":[{"name":"phone","board":"ft232h-dw1000-triple","chips":3,"driven":"app","fieldOfViewDegrees":120},\
            {"name":"tag","board":"ft232h-dw1000-single","chips":1,"driven":"scenario","fieldOfViewDegrees":null}]}
            """)
        let observer = StreamMessage.plan(
            plan, scenario: "a \"quoted\" room", role: .observer(notice: "it observes"),
            loadable: LoadableScenarios(names: [], refusal: "it writes a trace"))
        #expect(observer.text.hasPrefix(#"""
            {"type":"plan","version":2,"scenario":"a \"quoted\" room","role":"observer","notice":"it observes",\#
            "scenarios":[],"loadNotice":"it writes a trace","extent"
            """#))
    }

    @Test("state: time to the microsecond, devices in order, only links that carried frames, nothing measured yet")
    func state() {
        #expect(StreamMessage.state(FakeRoom.testSnapshot()).text == """
            {"type":"state","t":1.234567,"speed":1,"paused":false,\
            "devices":[{"position":[0,1,0],"yawDegrees":0,"clockOffsetPPM":0,"app":"pid 41230 (uwb)"},\
            {"position":[3,1,-2],"yawDegrees":90,"clockOffsetPPM":-12.346,"app":null},\
            {"position":[-1,1,1],"yawDegrees":-45.5,"clockOffsetPPM":0,"app":"an app"}],\
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
            {"type":"state","t":0.001,"speed":0.25,"paused":true,"devices":[{"position":[0,1,3],"yawDegrees":0,"clockOffsetPPM":0,"app":null}],"links":[]}
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
