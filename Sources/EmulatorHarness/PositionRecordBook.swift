/// The fixes made in one part of a ``ScenarioPositioning``'s world since they were last taken, in the
/// order they were made: each part writes its own book on its own thread.
final class PositionRecordBook {
    /// The fixes, in the order they were made.
    var records: [PositionRecord] = []

    /// Every book's fixes in the order one part would have made them (``PartOrder``).
    static func merged(_ books: [PositionRecordBook]) -> [PositionRecord] {
        PartOrder.merged(books.map(\.records), time: \.time, device: \.device)
    }
}
