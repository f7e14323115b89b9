import UWBCore

/// Each device's antenna delay error, estimated from the distances its pairs measured against the
/// distances they truly are (the least-squares form of Decawave APS014's three-node method).
///
/// A device whose TX plus RX antenna delay is ε longer than its calibration says lengthens every
/// distance it measures by c·ε/2: its TX delay shifts its TX timestamps and its RX delay its RX
/// timestamps, so its round and reply times each carry the delay once, and two-way ranging halves
/// their difference. So a pair (i, j) measures its true distance plus
/// c·(εᵢ + εⱼ)/2, and with three or more devices in pairs that close an odd cycle (three devices
/// that all range with each other suffice) the errors are determined; more pairs average the noise.
/// Add ``delayErrors`` to each device's calibrated TX and RX antenna delays, half to each.
public struct AntennaDelayEstimate: Sendable {
    /// One pair's observation: the mean distance it measured and the distance it truly is.
    public struct Pair: Hashable, Sendable {
        /// The first device's index.
        public var first: Int
        /// The second device's index.
        public var second: Int
        /// The distance the pair measured (an average over many rounds).
        public var measured: Distance
        /// The distance between the two devices' antennas, known or measured by other means.
        public var actual: Distance

        /// A pair observation with the given values.
        public init(first: Int, second: Int, measured: Distance, actual: Distance) {
            self.first = first
            self.second = second
            self.measured = measured
            self.actual = actual
        }
    }

    /// Each device's estimated delay error (TX plus RX), in device order: positive when the true
    /// delays are longer than the calibration.
    public let delayErrors: [DeviceDuration]
    /// Each pair's measured distance minus its true distance minus what the estimated delays
    /// explain, in the order given: what the fit leaves.
    public let residuals: [Distance]

    /// The root mean square of ``residuals``.
    public var residualRMS: Distance {
        let sum = residuals.reduce(0) { $0 + $1.metres * $1.metres }
        return Distance(metres: residuals.isEmpty ? 0 : (sum / Double(residuals.count)).squareRoot())
    }

    /// The estimate for `devices` devices (indices 0..<devices) from `pairs`.
    ///
    /// - Throws: ``AntennaDelayEstimateError`` for fewer than three devices, a pair naming a device
    ///   outside the range or itself, a distance that is not finite and positive, or pairs that do
    ///   not determine every device (a device in no pair, or pairs without an odd cycle, such as a
    ///   line or a square of four devices each ranging only with its neighbours).
    public init(devices: Int, pairs: [Pair]) throws(AntennaDelayEstimateError) {
        guard devices >= 3 else { throw .tooFewDevices(devices) }
        for pair in pairs {
            guard (0..<devices).contains(pair.first), (0..<devices).contains(pair.second), pair.first != pair.second else {
                throw .invalidPair(first: pair.first, second: pair.second, devices: devices)
            }
            guard pair.measured.metres.isFinite, pair.actual.metres.isFinite, pair.actual.metres > 0 else {
                throw .invalidDistance(first: pair.first, second: pair.second)
            }
        }
        // Normal equations of (xᵢ + xⱼ)/2 = measured − actual, x in metres (c·ε).
        var matrix = Array(repeating: Array(repeating: 0.0, count: devices), count: devices)
        var vector = Array(repeating: 0.0, count: devices)
        for pair in pairs {
            let excess = pair.measured.metres - pair.actual.metres
            for row in [pair.first, pair.second] {
                matrix[row][pair.first] += 0.25
                matrix[row][pair.second] += 0.25
                vector[row] += excess / 2
            }
        }
        guard let solution = Self.solve(matrix, vector) else { throw .undetermined }
        let seconds = solution.map { $0 / PhysicalConstants.speedOfLight.metresPerSecond }
        delayErrors = seconds.map { DeviceDuration(ticks: Int64(($0 * DeviceClock.ticksPerSecond).rounded())) }
        residuals = pairs.map { pair in
            Distance(metres: pair.measured.metres - pair.actual.metres - (solution[pair.first] + solution[pair.second]) / 2)
        }
    }

    /// The solution of `matrix · x = vector` by Gaussian elimination with partial pivoting, or
    /// `nil` if the matrix is singular (a pivot below 1e-9 of the largest entry).
    private static func solve(_ matrix: [[Double]], _ vector: [Double]) -> [Double]? {
        let size = vector.count
        var rows = zip(matrix, vector).map { $0 + [$1] }
        let scale = matrix.flatMap { $0 }.map(abs).max() ?? 0
        for column in 0..<size {
            guard let pivot = (column..<size).max(by: { abs(rows[$0][column]) < abs(rows[$1][column]) }),
                  abs(rows[pivot][column]) > 1e-9 * scale
            else { return nil }
            rows.swapAt(column, pivot)
            for row in 0..<size where row != column {
                let factor = rows[row][column] / rows[column][column]
                for entry in column...size {
                    rows[row][entry] -= factor * rows[column][entry]
                }
            }
        }
        return (0..<size).map { rows[$0][size] / rows[$0][$0] }
    }
}
