/// Turns a link's paths into a ``ChannelResponse``: sorted by delay, merged where they arrive within
/// ``ChannelResponse/mergeSpan`` of each other (amplitudes added, at their power-weighted mean delay), and,
/// unless the response is to be whole, those beyond ``ChannelResponse/keptSpan`` after the first or
/// ``ChannelResponse/trailSpan`` after the strongest counted in its late power only.
enum PathMerger {
    static func response(_ paths: [Path], directDelay: Double?, whole: Bool) -> ChannelResponse {
        let sorted = paths.sorted { $0.delay < $1.delay }
        var delays: [Double] = []
        var real: [Double] = []
        var imaginary: [Double] = []
        var late = 0.0
        var weight = 0.0
        let first = sorted.first?.delay ?? 0
        for path in sorted {
            let power = path.real * path.real + path.imaginary * path.imaginary
            if !whole, path.delay - first > ChannelResponse.keptSpan {
                late += power
                continue
            }
            if let last = delays.indices.last, path.delay - delays[last] < ChannelResponse.mergeSpan {
                let total = weight + power
                if total > 0 {
                    delays[last] = (delays[last] * weight + path.delay * power) / total
                }
                weight = total
                real[last] += path.real
                imaginary[last] += path.imaginary
            } else {
                delays.append(path.delay)
                real.append(path.real)
                imaginary.append(path.imaginary)
                weight = power
            }
        }
        if !whole, let strongest = delays.indices.max(by: {
            real[$0] * real[$0] + imaginary[$0] * imaginary[$0] < real[$1] * real[$1] + imaginary[$1] * imaginary[$1]
        }) {
            let cut = delays.firstIndex { $0 > delays[strongest] + ChannelResponse.trailSpan } ?? delays.count
            for index in cut..<delays.count {
                late += real[index] * real[index] + imaginary[index] * imaginary[index]
            }
            delays.removeSubrange(cut...)
            real.removeSubrange(cut...)
            imaginary.removeSubrange(cut...)
        }
        return ChannelResponse(delays: delays, real: real, imaginary: imaginary, directDelay: directDelay, latePower: late)
    }
}
