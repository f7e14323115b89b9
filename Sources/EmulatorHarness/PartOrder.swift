import UWBCore
import UWBEmulator

/// The order a world of one part makes its records in, for records made in several parts of a world
/// split over threads (decision 0030): by time, then by device in the order of the devices'
/// simultaneous events (`EventKey`: by the hash of the device's name), each device's own in the order
/// it made them. Each part's list is already in that order for its own devices; so is each rank's of a
/// world split over the processes of an MPI job.
public enum PartOrder {
    /// Every list's records in one part's order; `time` and `device` say when and by which device a
    /// record was made. One list (or one that is not empty) is returned as it is.
    public static func merged<Record>(
        _ lists: [[Record]], time: (Record) -> SimulationTime, device: (Record) -> String
    ) -> [Record] {
        let filled = lists.filter { !$0.isEmpty }
        guard filled.count > 1 else { return filled.first ?? [] }
        return ordered(filled.joined(), time: time, device: device)
    }

    /// `records` in one part's order, however the records of different devices are interleaved,
    /// provided each device's own are in the order it made them: for records that threads hand to one
    /// list as they come (a session mesh's reports).
    public static func ordered<Records: Collection>(
        _ records: Records, time: (Records.Element) -> SimulationTime, device: (Records.Element) -> String
    ) -> [Records.Element] {
        let keyed = records.enumerated().map { (place: $0.offset, key: max(FNV1a.Hash64(device($0.element)).value, 1), record: $0.element) }
        return keyed.sorted { first, second in
            let (firstTime, secondTime) = (time(first.record), time(second.record))
            if firstTime != secondTime { return firstTime < secondTime }
            if first.key != second.key { return first.key < second.key }
            return first.place < second.place
        }.map(\.record)
    }
}
