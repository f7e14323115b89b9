import Testing
import UWBCore

@Suite("SeededRandom: SplitMix64 streams and distributions")
struct SeededRandomTests {
    @Test("matches the published SplitMix64 outputs for seed 1234567")
    func referenceOutputs() {
        // Rosetta Code, "Pseudo-random numbers/Splitmix64": seed 1234567 gives these five values; also
        // recomputed independently with Python big integers from Vigna's splitmix64.c.
        var random = SeededRandom(seed: 1_234_567)
        let expected: [UInt64] = [
            6_457_827_717_110_365_317, 3_203_168_211_198_807_973, 9_817_491_932_198_370_423,
            4_593_380_528_125_082_431, 16_408_922_859_458_223_821,
        ]
        for value in expected {
            #expect(random.next() == value)
        }
    }

    @Test("the same seed gives the same stream, a different seed a different one")
    func reproducible() {
        var first = SeededRandom(seed: 42)
        var second = SeededRandom(seed: 42)
        var other = SeededRandom(seed: 43)
        var differences = 0
        for _ in 0..<1000 {
            let value = first.next()
            #expect(second.next() == value)
            if other.next() != value { differences += 1 }
        }
        #expect(differences == 1000)
    }

    @Test("split streams differ from each other and from the parent, and replay from the same seed")
    func splitting() {
        var parent = SeededRandom(seed: 7)
        var alice = parent.split(label: "alice")
        var bob = parent.split(label: "bob")
        var parentAfter = parent

        var replay = SeededRandom(seed: 7)
        var aliceAgain = replay.split(label: "alice")
        var bobAgain = replay.split(label: "bob")

        var aliceValues: [UInt64] = []
        for _ in 0..<100 {
            let a = alice.next()
            let b = bob.next()
            let p = parentAfter.next()
            #expect(a != b)
            #expect(a != p)
            #expect(aliceAgain.next() == a)
            #expect(bobAgain.next() == b)
            aliceValues.append(a)
        }

        // The same label at another point of the parent stream gives another child.
        var later = SeededRandom(seed: 7)
        _ = later.next()
        var aliceLater = later.split(label: "alice")
        #expect(aliceLater.next() != aliceValues[0])
    }

    @Test("normal draws have the requested mean and standard deviation")
    func normalMoments() {
        // N = 100 000 draws of N(3, 2²). Standard error of the mean σ/√N = 0.0063; of the sample standard
        // deviation σ/√(2N) = 0.0045. Allow five standard errors: 0.032 and 0.023.
        var random = SeededRandom(seed: 2024)
        let count = 100_000
        var sum = 0.0
        var sumOfSquares = 0.0
        for _ in 0..<count {
            let value = random.normal(mean: 3, standardDeviation: 2)
            sum += value
            sumOfSquares += value * value
        }
        let mean = sum / Double(count)
        let deviation = (sumOfSquares / Double(count) - mean * mean).squareRoot()
        #expect(abs(mean - 3) < 0.032)
        #expect(abs(deviation - 2) < 0.023)
    }

    @Test("exponential draws are non-negative with the requested mean")
    func exponentialMoments() {
        // Exp(mean 1.5) has standard deviation 1.5. N = 100 000: standard error of the mean 1.5/√N = 0.0047;
        // of the sample deviation σ·√((μ₄/σ⁴ − 1)/(4N)) = 1.5·√(8/(4N)) = 0.0067 (μ₄ = 9σ⁴). Five errors each.
        var random = SeededRandom(seed: 99)
        let count = 100_000
        var sum = 0.0
        var sumOfSquares = 0.0
        var negatives = 0
        for _ in 0..<count {
            let value = random.exponential(mean: 1.5)
            if value < 0 { negatives += 1 }
            sum += value
            sumOfSquares += value * value
        }
        let mean = sum / Double(count)
        let deviation = (sumOfSquares / Double(count) - mean * mean).squareRoot()
        #expect(negatives == 0)
        #expect(abs(mean - 1.5) < 0.024)
        #expect(abs(deviation - 1.5) < 0.034)
    }

    @Test("uniform draws stay in the range with the midpoint as mean")
    func uniformRange() {
        // U(2, 5): mean 3.5, σ = 3/√12 = 0.866; N = 100 000 gives a standard error of 0.0027; five of them 0.014.
        var random = SeededRandom(seed: 5)
        let count = 100_000
        var sum = 0.0
        var outside = 0
        for _ in 0..<count {
            let value = random.uniform(2...5)
            if value < 2 || value > 5 { outside += 1 }
            sum += value
        }
        #expect(outside == 0)
        #expect(abs(sum / Double(count) - 3.5) < 0.014)
        #expect(random.uniform(4...4) == 4)
    }
}
