import Synchronization

/// The pages connected to the stream: which one controls the world (one at a time), the latest
/// state, which every page is offered once and new pages get first, and the word that the room was
/// replaced (every page then gets the new plan).
///
/// Called from the event loops (pages joining and leaving) and from the thread that takes
/// snapshots (``publish(_:)``); a mutex keeps it consistent.
final class StreamHub: Sendable {
    /// What the hub hands a page.
    enum Message: Sendable {
        /// The latest state's text.
        case state(String)
        /// The room was replaced: send the plan again.
        case plan
    }

    /// How the hub hands a message to a page: on the page's event loop, never waiting.
    typealias Delivery = @Sendable (Message) -> Void

    private struct Pages {
        var deliveries: [Int: Delivery] = [:]
        var controller: Int?
        var latestState: String?
        var nextID = 0
    }

    private let pages = Mutex(Pages())

    /// Adds a page that states are delivered to; it controls the world if it asks to
    /// (`wantsControl`) and no other page does. Returns its id (for ``leave(_:)``), whether it
    /// controls, and the latest state to send it first, if one was published.
    func join(wantsControl: Bool, delivery: @escaping Delivery) -> (id: Int, controls: Bool, latestState: String?) {
        pages.withLock { pages in
            let id = pages.nextID
            pages.nextID += 1
            pages.deliveries[id] = delivery
            let controls = wantsControl && pages.controller == nil
            if controls {
                pages.controller = id
            }
            return (id, controls, pages.latestState)
        }
    }

    /// Removes the page `id`; if it controlled the world, the next page that joins may.
    func leave(_ id: Int) {
        pages.withLock { pages in
            pages.deliveries[id] = nil
            if pages.controller == id {
                pages.controller = nil
            }
        }
    }

    /// How many pages are connected.
    var count: Int {
        pages.withLock { $0.deliveries.count }
    }

    /// Whether a state was published since the room was last replaced: without one, a page that
    /// got the new plan has nothing to draw until the next is.
    var hasState: Bool {
        pages.withLock { $0.latestState != nil }
    }

    /// Offers `state` to every page, unless it is the same text as the last one published.
    func publish(_ state: String) {
        let deliveries: [Delivery] = pages.withLock { pages in
            guard pages.latestState != state else { return [] }
            pages.latestState = state
            return Array(pages.deliveries.values)
        }
        for deliver in deliveries {
            deliver(.state(state))
        }
    }

    /// Tells every page the room was replaced, forgetting the latest state (the old room's).
    func replan() {
        let deliveries: [Delivery] = pages.withLock { pages in
            pages.latestState = nil
            return Array(pages.deliveries.values)
        }
        for deliver in deliveries {
            deliver(.plan)
        }
    }
}
