import Testing
import UWBCore
import UWBEmulator

@Suite("Path loss: Friis and the IEEE 802.15.4a log-distance models")
struct PathLossModelTests {
    @Test("free space at 6489.6 MHz is 48.69 dB at 1 m and 68.69 dB at 10 m (Friis)")
    func friis() throws {
        // λ = c/f = 299 792 458 / 6.4896e9 = 0.046196 m; 4π·1 m/λ = 272.03; 20·log₁₀(272.03) = 48.692 dB.
        // Free space has n = 2, so 10 m adds 20 dB: 68.692 dB.
        let model = try PathLossModel(kind: .freeSpace, centreFrequency: Channel.five.centreFrequency)
        #expect(abs(model.meanLoss(at: Distance(metres: 1)).decibels - 48.692) < 0.001)
        #expect(abs(model.meanLoss(at: Distance(metres: 10)).decibels - 68.692) < 0.001)
        #expect(abs(PathLossModel.freeSpaceLoss(at: Distance(metres: 10), frequency: .megahertz(6489.6)).decibels
            - 68.692) < 0.001)
        #expect(model.exponent == 2)
        #expect(model.shadowingDeviation.decibels == 0)
    }

    @Test("each CM has its tabulated PL0 at 1 m and a slope of 10·n dB per decade")
    func channelModelSlopes() throws {
        // (kind, n, PL0 dB, σ_S dB) from Molisch et al. as transcribed in MiXiM and uwb_sv_params_15_4a.m.
        let table: [(ChannelModelKind, Double, Double, Double)] = [
            (.cm1, 1.79, 43.9, 2.22), (.cm2, 4.58, 48.7, 3.51), (.cm3, 1.63, 36.6, 1.9), (.cm4, 3.07, 51.4, 3.9),
        ]
        for (kind, exponent, referenceLoss, shadowing) in table {
            let model = try PathLossModel(kind: kind, centreFrequency: Channel.five.centreFrequency)
            let at1 = model.meanLoss(at: Distance(metres: 1)).decibels
            let at10 = model.meanLoss(at: Distance(metres: 10)).decibels
            let at100 = model.meanLoss(at: Distance(metres: 100)).decibels
            #expect(abs(at1 - referenceLoss) < 1e-9, "\(kind)")
            #expect(abs((at10 - at1) - 10 * exponent) < 1e-9, "\(kind)")
            #expect(abs((at100 - at10) - 10 * exponent) < 1e-9, "\(kind)")
            #expect(model.shadowingDeviation.decibels == shadowing, "\(kind)")
        }
    }

    @Test("below 1 m the loss falls 20 dB per decade, and is finite at zero distance")
    func shortDistances() throws {
        // CM1: PL0 = 43.9 dB; 0.1 m → 43.9 − 20 = 23.9 dB; 0 m is evaluated at 1 cm → 43.9 − 40 = 3.9 dB.
        let model = try PathLossModel(kind: .cm1, centreFrequency: Channel.five.centreFrequency)
        #expect(abs(model.meanLoss(at: Distance(metres: 0.1)).decibels - 23.9) < 1e-9)
        #expect(abs(model.meanLoss(at: .zero).decibels - 3.9) < 1e-9)
    }

    @Test("invalid parameters are rejected with the parameter's name")
    func invalidParameters() {
        #expect(throws: ChannelModelError.negative(parameter: "pathLossExponent", value: -1)) {
            try PathLossModel(exponent: -1, referenceLoss: PowerRatio(decibels: 40), shadowingDeviation: PowerRatio(decibels: 0))
        }
        #expect(throws: ChannelModelError.self) {
            try PathLossModel(exponent: 2, referenceLoss: PowerRatio(decibels: .nan), shadowingDeviation: PowerRatio(decibels: 0))
        }
        #expect(throws: ChannelModelError.negative(parameter: "shadowingDB", value: -2)) {
            try PathLossModel(exponent: 2, referenceLoss: PowerRatio(decibels: 40), shadowingDeviation: PowerRatio(decibels: -2))
        }
        #expect(throws: ChannelModelError.notPositive(parameter: "centreFrequency", value: 0)) {
            try PathLossModel(kind: .freeSpace, centreFrequency: Frequency(hertz: 0))
        }
        #expect(ChannelModelError.negative(parameter: "shadowingDB", value: -2).description.contains("shadowingDB"))
    }

    @Test("scenario spellings of the model kinds")
    func kindSpellings() {
        #expect(ChannelModelKind.allCases.map(\.rawValue) == [
            "free-space", "cm1", "cm2", "cm3", "cm4", "cm5", "cm6", "cm7", "cm8", "cm9",
        ])
        #expect(ChannelModelKind.allCases.filter { !$0.isLineOfSight } == [.cm2, .cm4, .cm6, .cm8, .cm9])
        #expect(ChannelModelKind.freeSpace.multipath == nil)
        #expect(ChannelModelKind.allCases.dropFirst().allSatisfy { $0.multipath != nil })
    }
}
