import ArgumentParser
import Foundation
import UWBCore
import UWBDevices
import UWBRanging

/// `uwb calibrate antenna-delay --device …`: opened radios range in pairs through their sessions
/// (``RadioSessions``), the fit finds each one's delay error against the distances given, the
/// store gets the corrected delays, and the radios are opened again with the store to show the
/// pairs' error after.
struct AntennaDelayOnRadios {
    /// The radios, as `UWB_DEVICE` names them.
    let devices: [String]
    let distances: [PairDistance]
    /// The store to update; nil for the environment's.
    let store: String?
    let samples: Int
    /// The deadline for a pair that never measures.
    let timeout: Duration

    /// The interval the pairs range at: 100 ms, NearbyInteraction's usual rate and one that USB
    /// boards keep with many sessions.
    static let interval = Duration.milliseconds(100)

    /// Checks that the distances name devices that exist, every pair of them once, and possible
    /// triangles with no device in the direct path of two others (``CalibrationGeometry``, on the
    /// radios' channel).
    static func checkDistances(_ distances: [PairDistance], devices: [String]) throws(ValidationError) {
        for distance in distances where distance.second >= devices.count {
            throw ValidationError("--distance \(distance.first + 1)-\(distance.second + 1): there are only \(devices.count) --device; count them from 1")
        }
        var seen = Set<[Int]>()
        for distance in distances where !seen.insert([distance.first, distance.second]).inserted {
            throw ValidationError("--distance \(distance.first + 1)-\(distance.second + 1) is given twice; give each pair once")
        }
        for first in 0..<devices.count {
            for second in (first + 1)..<devices.count where !seen.contains([first, second]) {
                throw ValidationError("no --distance \(first + 1)-\(second + 1): measure the distance between every two devices' antennas and give it")
            }
        }
        do {
            try CalibrationGeometry.check(
                distances.map { AntennaDelayEstimate.Pair(first: $0.first, second: $0.second, measured: $0.distance, actual: $0.distance) },
                wavelength: RadioConfig.ranging.channel.centreFrequency.wavelength)
        } catch {
            throw ValidationError(error.description(naming: devices))
        }
    }

    func run() throws {
        let storePath = try CalibrationStoreFile.path(store)
        let before = try measure(storePath: storePath)
        let pairs = before.pairs
        let estimate: AntennaDelayEstimate
        do {
            estimate = try AntennaDelayEstimate(devices: devices.count, pairs: pairs)
        } catch {
            throw CommandFailure(error.description(naming: devices))
        }
        let current = try CalibrationStoreFile.load(storePath)
        var entries: [String: StoredCalibration] = [:]
        print("| device | delay error (ticks) | as a distance (cm) | TX antenna delay (ticks) | RX antenna delay (ticks) |")
        print("| --- | ---: | ---: | ---: | ---: |")
        for (index, board) in before.boards.enumerated() {
            let key = before.keys[index]
            let entry = current.entry(for: key, board: board).correctingAntennaDelays(of: board, by: estimate.delayErrors[index])
            entries[key] = entry
            print("| \(devices[index]) | \(estimate.delayErrors[index].ticks) | \(AntennaDelayReport.centimetres(estimate.delayErrors[index].ticks)) | "
                + "\(entry.chips.first?.txAntennaDelay?.ticks ?? 0) | \(entry.chips.first?.rxAntennaDelay?.ticks ?? 0) |")
        }
        print("")
        AntennaDelayReport.printPairs(pairs, names: devices, estimate: estimate)
        try CalibrationStoreFile.update(storePath, with: entries)
        print("Stored the calibration of \(entries.count) boards in \(storePath).")
        let after = try measure(storePath: storePath)
        AntennaDelayReport.printBeforeAndAfter(before: pairs, after: after.pairs)
    }

    /// Opens the radios with the store at `storePath`, ranges every pair until each has `samples`
    /// rounds (``PairRounds``), and closes them again; each pair's distance is the mean of its
    /// first `samples` rounds.
    private func measure(storePath: String) throws(CommandFailure) -> (
        pairs: [AntennaDelayEstimate.Pair], boards: [BoardDescription], keys: [String]
    ) {
        var radios: [ThreadedRadio] = []
        defer {
            for radio in radios {
                radio.stop()
            }
        }
        for device in devices {
            do {
                radios.append(try DeviceChoice(environmentValue: device).open(calibrationStore: storePath))
            } catch {
                throw CommandFailure("--device \(device): \(error)")
            }
        }
        let pairIndices = distances.map { ($0.first, $0.second) }
        let sessions: RadioSessions
        do throws(RadioSessions.Failure) {
            sessions = try RadioSessions(radios: radios, pairs: pairIndices, interval: Self.interval)
        } catch {
            throw CommandFailure(error.description)
        }
        defer { sessions.invalidate() }
        let wanted = samples
        // One distance per round (both sides report each round: one sample), and only the first
        // `wanted` rounds of each pair: the rounds that came before this thread saw that every
        // pair had enough depend on how busy the machine is, not on the radios.
        func pairValues(_ first: Int, _ second: Int, in measured: [Int: [Int: [RangingMeasurement]]]) -> [Double] {
            PairRounds(measured[first]?[second] ?? [], measured[second]?[first] ?? []).distances.prefix(wanted).map(\.metres)
        }
        let measured = sessions.wait(timeout: timeout) { measured in
            pairIndices.allSatisfy { pairValues($0.0, $0.1, in: measured).count >= wanted }
        }
        var pairs: [AntennaDelayEstimate.Pair] = []
        for distance in self.distances {
            let values = pairValues(distance.first, distance.second, in: measured)
            guard values.count >= wanted else {
                throw CommandFailure(
                    "\(devices[distance.first]) and \(devices[distance.second]) measured \(values.count) of \(wanted) distances in "
                        + "\(timeout.secondsValue) s: check that both are powered, attached and within range of each other (or give a longer --timeout)")
            }
            pairs.append(AntennaDelayEstimate.Pair(
                first: distance.first, second: distance.second,
                measured: Distance(metres: values.reduce(0, +) / Double(values.count)), actual: distance.distance))
        }
        return (pairs, radios.map(\.board), radios.map(\.name))
    }
}
