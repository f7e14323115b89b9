import Foundation
import UWBCore
import UWBDevices
import UWBRanging
import UWBUSB

/// `uwb calibrate pdoa --device … --peer … --angle …`: the device ranges with a peer standing at a
/// known horizontal angle; the first half of the measurements gives the offsets, the second half
/// shows the angle error before and after, and the store gets the offsets.
struct PDoAOnRadios {
    /// The device to calibrate and its peer, as `UWB_DEVICE` names them.
    let device: String
    let peer: String
    /// The peer's true horizontal angle, positive to the device's right, at the device's height.
    let angle: Angle
    /// Measurements to collect.
    let count: Int
    let timeout: Duration
    let store: String?
    let samplesFile: String?

    func run() throws {
        let storePath = try CalibrationStoreFile.path(store)
        var radios: [ThreadedRadio] = []
        defer {
            for radio in radios {
                radio.stop()
            }
        }
        for name in [device, peer] {
            do {
                radios.append(try DeviceChoice(environmentValue: name).open(calibrationStore: storePath))
            } catch {
                throw CommandFailure("\(name == device ? "--device" : "--peer") \(name): \(error)")
            }
        }
        let board = radios[0].board
        let array = try Self.array(of: board, channel: radios[0].configuration.channel, name: device)
        let sessions: RadioSessions
        do throws(RadioSessions.Failure) {
            sessions = try RadioSessions(radios: radios, pairs: [(0, 1)], interval: AntennaDelayOnRadios.interval)
        } catch {
            throw CommandFailure(error.description)
        }
        defer { sessions.invalidate() }
        let wanted = count
        func differences(_ measured: [Int: [Int: [RangingMeasurement]]]) -> [RangingMeasurement] {
            (measured[0]?[1] ?? []).filter { $0.phaseDifferences != nil }
        }
        let measured = differences(sessions.wait(timeout: timeout) { differences($0).count >= wanted })
        guard measured.count >= wanted else {
            throw CommandFailure(
                "\(device) measured \(measured.count) of \(wanted) phase differences of \(peer) in \(timeout.secondsValue) s: "
                    + "check that both are powered, attached, within range and in line of sight (or give a longer --timeout)")
        }
        let direction = Vector3(x: sin(angle.radians), y: 0, z: -cos(angle.radians))
        let start = measured[0].time
        let samples = measured.prefix(wanted).compactMap { measurement in
            measurement.phaseDifferences.map {
                PhaseSample(
                    time: (measurement.time - start).secondsValue, peer: peer,
                    sample: PhaseCalibration.Sample(phaseDifferences: $0, trueDirection: direction))
            }
        }
        let calibration = Array(samples.prefix(samples.count / 2)), evaluation = Array(samples.dropFirst(samples.count / 2))
        let report: PDoAReport
        do {
            report = try PDoAReport(array: array, samples: calibration)
        } catch {
            throw CommandFailure("\(device): \(error)")
        }
        print("| \(report.elementHeading) | offset found (°) | spread of the samples (°) |")
        print("| --- | ---: | ---: |")
        for (index, element) in array.elements.dropFirst().enumerated() {
            print(String(format: "| %d | %.2f | %.2f |", element.chip, report.offsets[element.chip].degrees,
                         Self.spread(calibration.map { $0.sample.phaseDifferences[index] }).degrees))
        }
        print("")
        report.printAngleError(of: evaluation, label: "second-half")
        if let samplesFile {
            try Self.write(report.jsonLines(samples, device: device), to: samplesFile)
        }
        let key = radios[0].name
        let current = try CalibrationStoreFile.load(storePath)
        try CalibrationStoreFile.update(storePath, with: [key: report.storing(in: current.entry(for: key, board: board))])
        print("Stored \(key)'s phase offsets in \(storePath).")
    }

    /// The circular standard deviation √(−2 ln R) of `angles`, R the length of their mean vector.
    static func spread(_ angles: [Angle]) -> Angle {
        guard !angles.isEmpty else { return .zero }
        let x = angles.map { cos($0.radians) }.reduce(0, +) / Double(angles.count)
        let y = angles.map { sin($0.radians) }.reduce(0, +) / Double(angles.count)
        return Angle(radians: (-2 * log(max((x * x + y * y).squareRoot(), .leastNonzeroMagnitude))).squareRoot())
    }

    /// The array of `board` on `channel`, or a failure saying that `name`'s board cannot measure angles.
    static func array(of board: BoardDescription, channel: Channel, name: String) throws(CommandFailure) -> AntennaArray {
        guard board.coherentReceivers > 1 else {
            let angleBoards = ((try? USBBoardDiscovery.catalogBoards()) ?? []).filter { $0.coherentReceivers > 1 }.map(\.id)
            throw CommandFailure(
                "\(name) runs board \(board.id), with \(board.coherentReceivers) coherent receiver: PDoA calibration needs a board "
                    + "that measures phase differences, with two or three chips on one clock or one chip with two antenna ports (a DW3220)"
                    + (angleBoards.isEmpty ? "" : ": \(angleBoards.joined(separator: ", "))"))
        }
        do {
            return try AntennaArray(board: board, channel: channel)
        } catch {
            throw CommandFailure("\(name)'s board \(board.id): \(error)")
        }
    }

    /// Writes `text` to the file at `path`, or fails saying why.
    static func write(_ text: String, to path: String) throws(CommandFailure) {
        do {
            try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        } catch {
            throw CommandFailure("cannot write the samples to \(path): \(error.localizedDescription); check the directory")
        }
    }
}
