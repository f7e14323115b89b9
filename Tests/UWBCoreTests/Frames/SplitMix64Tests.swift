import Testing

@Suite("SplitMix64 test generator")
struct SplitMix64Tests {
    /// The first five outputs for seed 1234567 as published on Rosetta Code,
    /// "Pseudo-random numbers/Splitmix64" (rosettacode.org/wiki/Pseudo-random_numbers/Splitmix64).
    @Test("matches the reference outputs for seed 1234567")
    func referenceOutputs() {
        var generator = SplitMix64(seed: 1_234_567)
        let outputs = (0..<5).map { _ in generator.next() }
        #expect(outputs == [
            6_457_827_717_110_365_317,
            3_203_168_211_198_807_973,
            9_817_491_932_198_370_423,
            4_593_380_528_125_082_431,
            16_408_922_859_458_223_821,
        ])
    }
}
