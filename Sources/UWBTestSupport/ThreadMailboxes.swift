import Foundation
import UWBEmulator

/// Ranks of a world split over processes, played by threads of one test process: each rank's messages
/// wait in its mailbox, in the order they were sent.
///
/// `@unchecked Sendable`: every access to the mailboxes holds the condition's lock.
public final class ThreadMailboxes: @unchecked Sendable {
    /// When a rank that does not wait gets its messages.
    public enum Delivery: Sendable, CaseIterable {
        /// As soon as they are sent.
        case eager
        /// Only when it waits for one: every frame lands as late as the promises let it.
        case late
    }

    private let condition = NSCondition()
    private var boxes: [[(source: Int, message: [UInt8])]]
    private let delivery: Delivery
    /// How many ranks there are: fixed, so read without the lock.
    private let ranks: Int

    /// Mailboxes for `ranks` ranks.
    public init(ranks: Int, delivery: Delivery) {
        boxes = Array(repeating: [], count: ranks)
        self.ranks = ranks
        self.delivery = delivery
    }

    /// Rank `rank`'s way to the others.
    public func messenger(rank: Int) -> Messenger {
        Messenger(mailboxes: self, rank: rank)
    }

    fileprivate func post(_ message: [UInt8], from source: Int, to destination: Int) {
        condition.lock()
        boxes[destination].append((source, message))
        condition.broadcast()
        condition.unlock()
    }

    fileprivate func take(for rank: Int, waiting: Bool) -> (source: Int, message: [UInt8])? {
        condition.lock()
        defer { condition.unlock() }
        guard waiting || delivery == .eager else { return nil }
        while boxes[rank].isEmpty {
            guard waiting else { return nil }
            condition.wait()
        }
        return boxes[rank].removeFirst()
    }

    /// One rank's messenger.
    public final class Messenger: RankMessenger {
        private let mailboxes: ThreadMailboxes
        /// This messenger's rank.
        public let rank: Int
        /// How many ranks there are.
        public var size: Int { mailboxes.ranks }

        fileprivate init(mailboxes: ThreadMailboxes, rank: Int) {
            self.mailboxes = mailboxes
            self.rank = rank
        }

        /// Puts `message` in rank `destination`'s mailbox.
        public func send(_ message: [UInt8], to destination: Int) {
            mailboxes.post(message, from: rank, to: destination)
        }

        /// The oldest message in this rank's mailbox, as ``Delivery`` says.
        public func receive(waiting: Bool) -> (source: Int, message: [UInt8])? {
            mailboxes.take(for: rank, waiting: waiting)
        }
    }

    /// Runs `body` for each of `ranks` ranks on a thread of its own, with that rank's messenger, messages
    /// delivered as `delivery` says; returns what each returned, in rank order, once all have ended.
    ///
    /// - Throws: the first rank's error, if any threw; ``DeadlineThreadsError/deadlocked`` if the ranks have
    ///   not all ended within ``DeadlineThreads/deadline`` (ranks that wait for each other for ever).
    public static func run<Value: Sendable>(
        ranks: Int, delivery: Delivery, _ body: @escaping @Sendable (Int, Messenger) throws -> Value
    ) throws -> [Value] {
        let mailboxes = ThreadMailboxes(ranks: ranks, delivery: delivery)
        return try DeadlineThreads.run(count: ranks) { rank in try body(rank, mailboxes.messenger(rank: rank)) }
    }
}
