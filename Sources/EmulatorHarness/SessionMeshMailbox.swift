import Foundation

/// Where a ``SessionMesh``'s session delegates leave what they heard, for the mesh's owner to take
/// between slices of virtual time: each device's reports in the order it made them, those of devices
/// in different parts of a split world interleaved as their threads came.
///
/// `@unchecked Sendable`: the list is guarded by `lock`.
final class SessionMeshMailbox: @unchecked Sendable {
    private let lock = NSLock()
    private var entries: [SessionMeshReport] = []

    /// Leaves a report.
    func post(_ report: SessionMeshReport) {
        lock.lock()
        entries.append(report)
        lock.unlock()
    }

    /// Takes everything left so far, oldest first.
    func take() -> [SessionMeshReport] {
        lock.lock()
        defer { lock.unlock() }
        let taken = entries
        entries.removeAll()
        return taken
    }
}
