extension Array where Element == Double {
    /// `count` zeros: what `Array(repeating: 0, count: count)` makes, made more cheaply.
    ///
    /// `init(repeating:count:)` takes its buffer from the standard library's unspecialised code,
    /// which looks the buffer's class up at run time on every call (about 300 instructions on
    /// Linux); reserving the capacity goes through code specialised for `Double`. The emulator and
    /// the solver make hundreds of thousands of such small arrays a virtual second.
    package init(zeros count: Int) {
        self.init()
        reserveCapacity(count)
        append(contentsOf: repeatElement(0, count: count))
    }
}
