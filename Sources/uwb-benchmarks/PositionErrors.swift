import EmulatorHarness
import UWBPlot
import UWBPositioning

/// The figures of a run's fixes against the truth: error quantiles of the fixes and the tracks,
/// how many fixes lie inside their 2σ ellipse, the Cramér-Rao bound, and the fixes more than 1 m
/// off that nothing flags.
struct PositionErrors {
    /// The records with a fix.
    let fixed: [PositionRecord]
    /// The records without one.
    let refused: Int

    init(_ records: [PositionRecord]) {
        fixed = records.filter { if case .success = $0.result { true } else { false } }
        refused = records.count - fixed.count
    }

    private var errors: [Double] { fixed.compactMap { $0.error?.metres }.sorted() }
    private var trackedErrors: [Double] { fixed.compactMap { $0.trackedError?.metres }.sorted() }

    /// The `q` quantile of the fixes' errors, in metres.
    func error(_ q: Double) -> Double { SampleStatistics.quantile(q, ofSorted: errors) }
    /// The `q` quantile of the tracks' errors, in metres.
    func trackedError(_ q: Double) -> Double { SampleStatistics.quantile(q, ofSorted: trackedErrors) }

    /// The root-mean-square error of the fixes, in metres.
    var rootMeanSquare: Double {
        (errors.map { $0 * $0 }.reduce(0, +) / Double(max(1, errors.count))).squareRoot()
    }

    /// The share of fixes whose error lies inside their 2σ ellipse (2-D fixes only).
    var insideTwoSigma: Double {
        let inside = fixed.filter { record in
            guard case .success(let fix) = record.result, fix.covariance.count == 4, let truth = record.truth,
                let distance = fix.squaredMahalanobisDistance(to: truth) else { return false }
            return distance <= 4
        }
        return Double(inside.count) / Double(max(1, fixed.count))
    }

    /// The mean normalised residual of the consistent fixes: the squared ratio of the measurements'
    /// true spread to the one the solver assumed.
    var meanNormalisedResidual: Double {
        let residuals = fixed.compactMap { record -> Double? in
            guard case .success(let fix) = record.result, case .consistent(let residual) = fix.quality else { return nil }
            return residual
        }
        return residuals.reduce(0, +) / Double(max(1, residuals.count))
    }

    /// The root-mean-square Cramér-Rao bound: each fix's bound at the solver's assumed timestamp
    /// spread (``UWBPositioning/PositionFix/boundCovariance``) scaled to the spread the residuals
    /// of all the fixes show.
    var boundRootMeanSquare: Double {
        let traces = fixed.compactMap { record -> Double? in
            guard case .success(let fix) = record.result else { return nil }
            let size = fix.covariance.count == 9 ? 3 : 2
            let bound = fix.boundCovariance
            return (0..<size).map { bound[$0 * size + $0] }.reduce(0, +)
        }
        return (traces.reduce(0, +) / Double(max(1, traces.count)) * meanNormalisedResidual).squareRoot()
    }

    /// Fixes more than 1 m off that nothing flags: consistent, with a 3σ smaller than 1 m. A fix
    /// that left measurements out is not flagged by that: it claims the rest agree.
    var unflaggedMetreErrors: Int { unflaggedMetreErrorRecords.count }

    /// Of ``unflaggedMetreErrors``, those the tag's tracker left out as outliers (``UWBPositioning/TrackedPosition/Outcome/gated``).
    var unflaggedMetreErrorsGated: Int { unflaggedMetreErrorRecords.filter { $0.tracked?.outcome == .gated }.count }

    private var unflaggedMetreErrorRecords: [PositionRecord] {
        fixed.filter { record in
            guard case .success(let fix) = record.result, let error = record.error, error.metres > 1 else { return false }
            guard case .consistent = fix.quality else { return false }
            return 3 * (fix.standardDeviations.map(\.metres).max() ?? 0) < 1
        }
    }

    /// Fixes more than 1 m off.
    var metreErrors: Int { errors.filter { $0 > 1 }.count }
}
