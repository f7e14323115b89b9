import Testing
@testable import uwb
import UWBCore

/// The JSON-lines output: key order, number formats, nulls and string escaping.
@Suite("Demo JSON lines")
struct DemoJSONLineTests {
    @Test("a ranging reading with every field")
    func full() {
        let reading = DemoReading(
            device: "alice", peer: "bob", time: .milliseconds(3250), state: .ranging,
            distance: Distance(metres: 2.41449), direction: Vector3(x: 0.5, y: 0, z: -0.8660254),
            horizontalAngle: .degrees(30), trueDistance: Distance(metres: 2.4))
        #expect(DemoJSONLine.line(for: reading) == """
            {"t":3.250000,"device":"alice","peer":"bob","state":"ranging","reason":null,"distance":2.4145,\
            "direction":[0.5000,0.0000,-0.8660],"horizontal_angle":0.52360,"true_distance":2.4000}
            """)
    }

    @Test("unknown values are null")
    func nulls() {
        let reading = DemoReading(device: "a", peer: "b", time: .zero, state: .waiting)
        #expect(DemoJSONLine.line(for: reading) == """
            {"t":0.000000,"device":"a","peer":"b","state":"waiting","reason":null,"distance":null,\
            "direction":null,"horizontal_angle":null,"true_distance":null}
            """)
    }

    @Test("non-finite numbers are null; a direction with one is null as a whole")
    func nonFinite() {
        let reading = DemoReading(
            device: "a", peer: "b", time: .microseconds(1), state: .ranging,
            distance: Distance(metres: .nan), direction: Vector3(x: 0, y: .infinity, z: -1),
            horizontalAngle: Angle(radians: -.infinity), trueDistance: Distance(metres: .infinity))
        #expect(DemoJSONLine.line(for: reading) == """
            {"t":0.000001,"device":"a","peer":"b","state":"ranging","reason":null,"distance":null,\
            "direction":null,"horizontal_angle":null,"true_distance":null}
            """)
    }

    @Test("removed and invalidated carry their reason")
    func reasons() {
        let removed = DemoReading(device: "a", peer: "b", time: .seconds(1), state: .removed(reason: "timeout"))
        let invalidated = DemoReading(device: "a", peer: "b", time: .seconds(1), state: .invalidated(reason: ""))
        #expect(DemoJSONLine.line(for: removed).contains(#""state":"removed","reason":"timeout","#))
        #expect(DemoJSONLine.line(for: invalidated).contains(#""state":"invalidated","reason":"","#))
    }

    @Test("quotes, backslashes and control characters in names are escaped")
    func escaping() {
        let reading = DemoReading(device: "say \"hi\"\nnow", peer: "back\\slash\t\u{1F}é↗", time: .zero, state: .waiting)
        let line = DemoJSONLine.line(for: reading)
        #expect(line.contains(#""device":"say \"hi\"\u000anow","peer":"back\\slash\u0009\u001fé↗","#))
        #expect(!line.contains("\n"))
    }
}
