/// One entry of a ``CIRLog``, in file order: a frame's accumulator, or why a frame or the file could not be read.
public enum CIRLogEntry: Hashable, Sendable {
    /// A frame's accumulator.
    case frame(LoggedAccumulator)
    /// A frame, or the rest of the file, that could not be read, with the line and what is wrong.
    case failure(PlotError)
}
