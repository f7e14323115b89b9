extension Array {
    /// `count` copies of `value`: what `Array(repeating:count:)` makes, made more cheaply (as
    /// UWBCore's `Array(zeros:)`): that initialiser takes its buffer from the standard library's
    /// unspecialised code, which looks the buffer's class up at run time on every call, where
    /// reserving the capacity goes through code specialised for the element.
    init(filled value: Element, count: Int) {
        self.init()
        reserveCapacity(count)
        for _ in 0..<count {
            append(value)
        }
    }
}
