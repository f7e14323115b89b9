import Foundation
import Testing
import UWBTestSupport

/// `uwb demo` on the shipped phone-and-accessory room: each phone ranges with its accessory
/// through the accessory protocol (the iPhone every 180 ms, the Android phone every 240 ms), both
/// sides report, and no one else ranges with them.
@Suite("uwb demo shows phones and their accessories")
struct DemoAccessoryTests {
    @Test("both pairs range within 5 cm of the truth, both ways, their protocol's interval apart, and no other pair appears", .timeLimit(.minutes(10)))
    func phonesAndAccessories() throws {
        let run = try CommandRun(["demo", "--scenario", "phone-and-accessory", "--format", "jsonl", "--duration", "3", "--speed", "0"])
        #expect(run.status == 0, "\(run.error)")
        var readings: [String: [(t: Double, distance: Double, truth: Double)]] = [:]
        for line in run.output.split(separator: "\n") {
            guard let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                  let device = object["device"] as? String, let peer = object["peer"] as? String,
                  let t = object["t"] as? Double, let distance = object["distance"] as? Double, let truth = object["true_distance"] as? Double
            else { continue }
            readings["\(device)>\(peer)", default: []].append((t, distance, truth))
        }
        #expect(Set(readings.keys) == ["iphone>tag", "tag>iphone", "android>tracker", "tracker>android"])
        for (pair, values) in readings {
            #expect(values.allSatisfy { abs($0.distance - $0.truth) < 0.05 }, "\(pair): \(values)")
            let interval = pair.contains("iphone") ? 0.18 : 0.24
            // Three seconds of rounds, the first one interval in; the two pairs share the channel, so
            // a round now and then meets the other pair's frames and is lost, or waits for the air.
            #expect(values.count >= Int(3 / interval) - 3, "\(pair): \(values.count)")
            let gaps = zip(values.dropFirst(), values).map { $0.t - $1.t }.sorted()
            #expect(gaps.allSatisfy { $0 > interval - 0.002 } && abs(gaps[gaps.count / 2] - interval) < 0.002, "\(pair): \(gaps)")
        }
    }
}
