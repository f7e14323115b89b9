import EmulatorHarness
import Foundation
import Testing
import UWBCore
import UWBEmulator
import UWBRanging
import UWBTestSupport

/// The antenna delay estimate against the emulator: four devices whose true antenna delays differ
/// from their board's calibration (16 436 ticks each way) by amounts the estimate does not see,
/// ranging through their sessions in every pair.
@Suite("Antenna delay calibration in an emulated room")
struct AntennaDelayCalibrationTests {
    /// Each device's true TX and RX delay offsets from the calibration, in ticks.
    static let hidden: [(tx: Int, rx: Int)] = [(40, 30), (-60, -20), (0, 90), (-35, -35)]
    static let positions: [[Double]] = [[0, 0, 0], [4, 0, 0], [1, 0, -3.5], [5, 0, -5]]

    @Test("the estimate recovers each device's hidden delay within 1.5 cm equivalent (the bodies and the leading-edge rule leave each pair up to about a centimetre)")
    func recoversHiddenDelays() throws {
        let devices = zip(Self.hidden, Self.positions).enumerated().map { index, device in
            let (offset, position) = device
            return """
            { "name": "d\(index)", "board": "ft232h-dw1000-single", "position": [\(position.map { "\($0)" }.joined(separator: ", "))],
              "antennaDelays": [{ "txTicks": \(16_436 + offset.tx), "rxTicks": \(16_436 + offset.rx) }] }
            """
        }
        let json = #"{ "name": "calibration", "seed": 5, "channel": { "model": "free-space" }, "devices": [\#(devices.joined(separator: ", "))] }"#
        let scenario = try Scenario(jsonData: Data(json.utf8), boardSearchPaths: [Repository.boardsDirectory])
        let (_, pairs) = try CalibrationRun.pairs(in: try Emulation(scenario: scenario), seconds: 6, settle: 1, seed: 5)
        #expect(pairs.count == 6, "every pair measured")
        let estimate = try AntennaDelayEstimate(devices: 4, pairs: pairs)
        for (index, found) in estimate.delayErrors.enumerated() {
            let hidden = Double(Self.hidden[index].tx + Self.hidden[index].rx)
            let error = (Double(found.ticks) - hidden) / DeviceClock.ticksPerSecond * PhysicalConstants.speedOfLight.metresPerSecond
            #expect(abs(error) < 0.015, "d\(index): found \(found.ticks) ticks, hidden \(hidden)")
        }
        #expect(estimate.residualRMS.metres < 0.01)
    }
}
