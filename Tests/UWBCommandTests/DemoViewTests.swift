import Testing
@testable import uwb
import UWBCore

/// The live view's frame: layout, sorting, null handling, truncation and the 80-column limit.
@Suite("Demo view")
struct DemoViewTests {
    /// Two devices with two peers each, out of order. alice sees bob at 31° right (↗, 5 bar cells for
    /// 2.414 m); bob sees alice through a direction 30° to the left (↖) and has lost carol.
    static let readings = [
        DemoReading(device: "bob", peer: "carol", time: .milliseconds(3100), state: .removed(reason: "timeout")),
        DemoReading(
            device: "bob", peer: "alice", time: .milliseconds(3200), state: .ranging,
            distance: Distance(metres: 2.386), direction: Vector3(x: -0.5, y: 0, z: -0.8660254),
            trueDistance: Distance(metres: 2.4)),
        DemoReading(device: "alice", peer: "carol", time: .milliseconds(3000), state: .waiting),
        DemoReading(
            device: "alice", peer: "bob", time: .milliseconds(3200), state: .ranging,
            distance: Distance(metres: 2.414), horizontalAngle: .degrees(31), trueDistance: Distance(metres: 2.4)),
    ]

    @Test("a frame of two devices with two peers each, written out by hand")
    func golden() {
        let expected = """
            uwb demo  t = 3.250 s
              peer          distance      true     angle  0–10 m, or state
            alice
              bob             2.41 m    2.40 m  ↗  31° R  █████░░░░░░░░░░░░░░░
              carol                —            ·      —  waiting
            bob
              alice           2.39 m    2.40 m  ↖  30° L  █████░░░░░░░░░░░░░░░
              carol                —            ·      —  removed: timeout
            """
        #expect(DemoView.frame(of: Self.readings, at: .milliseconds(3250)) == expected)
    }

    @Test("no readings yet")
    func empty() {
        let expected = """
            uwb demo  t = 0.000 s
              peer          distance      true     angle  0–10 m, or state
              no devices yet
            """
        #expect(DemoView.frame(of: [], at: .zero) == expected)
    }

    @Test("the latest reading of a pair is shown, the later one on a tie")
    func latest() {
        let old = DemoReading(device: "a", peer: "b", time: .seconds(2), state: .ranging, distance: Distance(metres: 1))
        let new = DemoReading(device: "a", peer: "b", time: .seconds(5), state: .removed(reason: "peer left"))
        let tie = DemoReading(device: "a", peer: "b", time: .seconds(5), state: .invalidated(reason: "stopped"))
        #expect(DemoView.frame(of: [new, old], at: .seconds(5)).hasSuffix("·      —  removed: peer left"))
        #expect(DemoView.frame(of: [old, new, tie], at: .seconds(5)).hasSuffix("·      —  invalidated: stopped"))
    }

    @Test("bearings: ahead, behind, left and right after rounding")
    func bearings() {
        let cases: [(Double, String)] = [(0.4, "↑  ahead"), (-0.4, "↑  ahead"), (179.6, "↓ behind"), (-90, "←  90° L"), (1, "↑   1° R")]
        for (degrees, text) in cases {
            let reading = DemoReading(device: "a", peer: "b", time: .zero, state: .waiting, horizontalAngle: .degrees(degrees))
            #expect(DemoView.frame(of: [reading], at: .zero).hasSuffix("—            \(text)  waiting"))
        }
    }

    @Test("the distance bar is clamped to 0–10 m and empty without a distance")
    func bar() {
        #expect(DemoDistanceBar.bar(for: Distance(metres: -1)) == String(repeating: "░", count: 20))
        #expect(DemoDistanceBar.bar(for: Distance(metres: 0.24)) == String(repeating: "░", count: 20))
        #expect(DemoDistanceBar.bar(for: Distance(metres: 0.25)) == "█" + String(repeating: "░", count: 19))
        #expect(DemoDistanceBar.bar(for: Distance(metres: 7.5)) == String(repeating: "█", count: 15) + "░░░░░")
        #expect(DemoDistanceBar.bar(for: Distance(metres: 250)) == String(repeating: "█", count: 20))
        #expect(DemoDistanceBar.bar(for: Distance(metres: .infinity)) == nil)
        #expect(DemoDistanceBar.bar(for: nil) == nil)
        let ranging = DemoReading(device: "a", peer: "b", time: .zero, state: .ranging)
        #expect(DemoView.frame(of: [ranging], at: .zero).hasSuffix("  b                    —            ·      —"))
    }

    @Test("names longer than 12 characters are cut with an ellipsis; 12 fit")
    func truncation() {
        let reading = DemoReading(device: "kitchen-anchor-3", peer: "living-room-tag", time: .zero, state: .waiting)
        let lines = DemoView.frame(of: [reading], at: .zero).split(separator: "\n")
        #expect(lines[2] == "kitchen-anc…")
        #expect(lines[3].hasPrefix("  living-room…         —"))
        let exact = DemoReading(device: "abcdefghijkl", peer: "mnopqrstuvwx", time: .zero, state: .waiting)
        let exactLines = DemoView.frame(of: [exact], at: .zero).split(separator: "\n")
        #expect(exactLines[2] == "abcdefghijkl")
        #expect(exactLines[3].hasPrefix("  mnopqrstuvwx         —"))
        #expect(DemoText.truncated("abc", to: 0) == "")
    }

    @Test("every line fits 80 columns, even with long names, a long reason and a large distance")
    func width() {
        let long = String(repeating: "x", count: 40)
        let readings = [
            DemoReading(
                device: long, peer: long, time: .seconds(86_399), state: .ranging,
                distance: Distance(metres: 9999.99), horizontalAngle: .degrees(-179), trueDistance: Distance(metres: 9999.99)),
            DemoReading(device: long, peer: "y", time: .zero, state: .invalidated(reason: String(repeating: "r", count: 100))),
        ]
        let lines = DemoView.frame(of: readings, at: .seconds(86_399)).split(separator: "\n")
        #expect(lines.allSatisfy { $0.count <= 80 })
        #expect(lines.contains { $0.count == 80 && $0.hasSuffix("r…") })
        #expect(lines.contains { $0.hasPrefix("  xxxxxxxxxxx… 9999.99 m 9999.99 m  ↓ 179° L  ████████████████████") })
        #expect(lines.allSatisfy { !$0.hasSuffix(" ") })
    }

    @Test("control characters in names and reasons cannot reach the terminal")
    func controlCharacters() {
        let reading = DemoReading(device: "a\u{1B}[2J", peer: "b\nc", time: .zero, state: .removed(reason: "x\ty"))
        let frame = DemoView.frame(of: [reading], at: .zero)
        #expect(!frame.contains("\u{1B}"))
        #expect(frame.split(separator: "\n").count == 4)
        #expect(frame.contains("a\u{FFFD}[2J"))
        #expect(frame.contains("  b\u{FFFD}c"))
        #expect(frame.hasSuffix("removed: x\u{FFFD}y"))
    }
}
