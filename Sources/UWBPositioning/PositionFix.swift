import UWBCore

/// A position a solver fixed, with how far to trust it.
public struct PositionFix: Hashable, Sendable {
    /// How well the measurements used agree with the position and their stated errors.
    public enum Quality: Hashable, Sendable {
        /// More measurements than unknowns, and they agree: the sum of squared normalised
        /// residuals per degree of freedom, below the solver's 99.9 % chi-square bound.
        case consistent(normalisedResidual: Double)
        /// Exactly as many measurements as unknowns: nothing can check them.
        case unverified

        /// How many times larger than their stated variances the residuals show the measurements'
        /// errors to be, where they show them larger: the normalised residual (the a-posteriori
        /// variance factor of least squares), at least 1; 1 for an unverified fix. A site whose
        /// timestamps spread more than the solver was told, or a fix that NLOS errors pull off,
        /// says so in its covariance as well as in its residual.
        public var varianceFactor: Double {
            switch self {
            case .consistent(let residual): max(1, residual)
            case .unverified: 1
            }
        }
    }

    /// The position, in the anchors' coordinates (in 2-D, at the height the solver was given).
    public let position: Position
    /// The covariance of the position's error in m², row by row, 2×2 (x, z: the horizontal plane,
    /// y being up) in 2-D or 3×3 (x, y, z) in 3-D: from a solver, ``boundCovariance`` times the
    /// quality's ``Quality/varianceFactor``.
    public let covariance: [Double]
    /// The measurements' agreement.
    public let quality: Quality
    /// The measurements the fix used.
    public let used: [PositionMeasurement]
    /// The measurements it left out as inconsistent with the rest (NLOS, a lying anchor).
    public let rejected: [PositionMeasurement]
    /// Each used measurement's value less what the fix predicts for it (clock offsets included),
    /// in the order of ``used``; empty for a fix another solver made.
    public let residuals: [Distance]

    /// A fix with the given values: one another solver made, to track with ``PositionTracker``.
    public init(
        position: Position, covariance: [Double], quality: Quality, used: [PositionMeasurement] = [],
        rejected: [PositionMeasurement] = [], residuals: [Distance] = []
    ) {
        self.position = position
        self.covariance = covariance
        self.quality = quality
        self.used = used
        self.rejected = rejected
        self.residuals = residuals
    }

    /// (JᵀWJ)⁻¹ at the fix, the Cramér-Rao bound for independent Gaussian errors of the deviations
    /// the measurements stated: ``covariance`` before the residuals scaled it.
    public var boundCovariance: [Double] {
        let factor = quality.varianceFactor
        return covariance.map { $0 / factor }
    }

    /// The standard deviation of the error along the covariance's axes: x and z in 2-D, x, y and z in 3-D.
    public var standardDeviations: [Distance] {
        let size = covariance.count == 9 ? 3 : 2
        return (0..<size).map { Distance(metres: covariance[$0 * size + $0].squareRoot()) }
    }
}

extension PositionFix {
    /// How far `truth` lies from the fix in units of the fix's own covariance: the squared
    /// Mahalanobis distance of the error, over x and z in 2-D (y is the known height) or x, y and z
    /// in 3-D; nil for a covariance that is not positive definite. At most 4 means inside the 2σ
    /// ellipse, which holds 86 % of Gaussian errors in 2-D.
    public func squaredMahalanobisDistance(to truth: Position) -> Double? {
        let error = position.metres - truth.metres
        let size = covariance.count == 9 ? 3 : 2
        let offset = size == 3 ? SIMD3(error.x, error.y, error.z) : SIMD3(error.x, error.z, 0)
        guard let inverse = SquareBlock(size: size, values: covariance).symmetricInverse else { return nil }
        return inverse.quadraticForm(offset)
    }
}
