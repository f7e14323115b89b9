import UWBCore

/// The fixes made in one part of a ``ScenarioPositioning``'s world since they were last taken, in the
/// order they were made: each part writes its own book on its own thread.
final class PositionRecordBook {
    /// The fixes, in the order they were made.
    var records: [PositionRecord] = []

    /// Every book's fixes in the order one part would have made them: by time, then by device (the order
    /// of the devices' simultaneous events, `EventKey`), each device's own in the order it made them.
    static func merged(_ books: [PositionRecordBook]) -> [PositionRecord] {
        let filled = books.filter { !$0.records.isEmpty }
        guard filled.count > 1 else { return filled.first?.records ?? [] }
        let keyed = filled.flatMap { book in
            book.records.enumerated().map { (place: $0.offset, key: max(FNV1a.Hash64($0.element.device).value, 1), record: $0.element) }
        }
        return keyed.sorted { first, second in
            if first.record.time != second.record.time { return first.record.time < second.record.time }
            if first.key != second.key { return first.key < second.key }
            return first.place < second.place
        }.map(\.record)
    }
}
