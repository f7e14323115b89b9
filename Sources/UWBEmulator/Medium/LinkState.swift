import UWBCore

/// What the medium holds per ordered pair of devices: the link's random stream, for the draws that are
/// the receiver's and not the channel's (whether the payload decodes, the carrier-phase noise), and where
/// the link's cached figures are once it has carried a frame the receiver could hear. The channel itself
/// is the pair's ``LinkChannel``, the same both ways.
///
/// It is small on purpose (a world of N devices holds N·(N − 1) of them); what the medium caches
/// for the next frame lives in the sender's ``LinkCache``s, one per link that carries frames.
struct LinkState {
    /// The link's random stream, as far as it has been drawn.
    var random: SeededRandom
    /// The position of the link's cache in its sender's ``SenderLinks/caches``, once it has one.
    var cache: Int?

    /// The draws one frame makes on the link, in the order the medium makes them: the decode draw
    /// (uniform in [0, 1)), then one carrier-phase error per receiving chip (normal, σ = `phaseSigma`
    /// radians), followed at once by a second one for a chip with a second antenna port
    /// (`secondPorts[index]`; a list shorter than `chips` means none). `chip` gets each chip's
    /// index and phase errors with the frame's decode draw. Every frame the link carries, delivered or
    /// not, makes exactly these draws, so a link's stream does not depend on what was delivered.
    mutating func drawReception(
        chips: Int, secondPorts: [Bool], phaseSigma: Double,
        chip: (_ index: Int, _ phaseError: Double, _ secondPortPhaseError: Double?, _ decodeDraw: Double) -> Void
    ) {
        let decode = random.unitInterval()
        for index in 0..<chips {
            let phase = random.normal(mean: 0, standardDeviation: phaseSigma)
            let second = Self.hasSecondPort(index, secondPorts)
                ? random.normal(mean: 0, standardDeviation: phaseSigma) : nil
            chip(index, phase, second, decode)
        }
    }

    /// Makes the draws of `frames` frames whose values nobody reads (frames the medium did not
    /// carry to a receiver with `chips` chips, those marked in `secondPorts` with a second antenna
    /// port, or carried too weak to detect), moving the stream on exactly as
    /// ``drawReception(chips:secondPorts:phaseSigma:chip:)`` would without working out the deviates.
    mutating func skip(frames: Int, chips: Int, secondPorts: [Bool]) {
        for _ in 0..<frames {
            _ = random.unitInterval()
            for index in 0..<chips {
                random.skipNormal()
                if Self.hasSecondPort(index, secondPorts) {
                    random.skipNormal()
                }
            }
        }
    }

    /// Whether chip `index` has a second antenna port, as `secondPorts` marks them (a list shorter than
    /// the chips means none for those beyond it): one draw more per frame.
    private static func hasSecondPort(_ index: Int, _ secondPorts: [Bool]) -> Bool {
        index < secondPorts.count && secondPorts[index]
    }
}
