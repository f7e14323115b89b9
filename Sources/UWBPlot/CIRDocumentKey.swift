/// The keys of the one-line JSON document `uwb cir --format json` writes (`Docs/cir.md`): the
/// writer in `uwb` and the reader here share them.
public enum CIRDocumentKey {
    /// The key whose value marks the document's kind.
    public static let kind = "kind"
    /// The value of ``kind`` that marks a channel impulse response.
    public static let kindValue = "uwb-cir"
    /// The device the response was read on: its scenario name, or the radio's `UWB_DEVICE` form.
    public static let device = "device"
    /// The chip of the device's board, from 0.
    public static let chip = "chip"
    /// The accumulator: `ipatov`, `sts1` or `sts2`.
    public static let accumulator = "accumulator"
    /// The time between two taps in nanoseconds.
    public static let tapSpacing = "tap_spacing_ns"
    /// How many valid taps the accumulator has in the radio's configuration, or null.
    public static let accumulatorLength = "accumulator_length"
    /// The accumulator index of the first sample.
    public static let firstSampleIndex = "first_sample_index"
    /// The first path the chip's leading-edge detection found, in taps with its fraction, or null.
    public static let firstPathIndex = "first_path_index"
    /// How many preamble symbols the chip accumulated, or null.
    public static let preambleSymbols = "preamble_symbols"
    /// The emulator's truth: the tap where a path along the straight line between the antennas lands.
    public static let straightLineIndex = "straight_line_index"
    /// The emulator's truth: the tap where the direct path lands through the obstacles, or null
    /// when no direct path comes through.
    public static let trueFirstPathIndex = "true_first_path_index"
    /// The emulator's truth: the threshold the leading-edge detection compared magnitudes with.
    public static let threshold = "threshold"
    /// The emulator's truth: the noise standard deviation per part of a tap.
    public static let noise = "noise"
    /// The samples, `[[real, imaginary], …]` in accumulator order.
    public static let samples = "samples"
}
