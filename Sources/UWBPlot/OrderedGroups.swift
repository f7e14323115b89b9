/// Elements grouped by a key in one pass: the groups in the order their keys first appear (which
/// gives each its colour in a figure), each group's elements in their original order.
struct OrderedGroups<Key: Hashable, Element> {
    /// The groups, each with its key.
    private(set) var groups: [(key: Key, elements: [Element])] = []

    /// `elements` grouped by `key`.
    init(_ elements: [Element], by key: (Element) -> Key) {
        var positions: [Key: Int] = [:]
        for element in elements {
            let wanted = key(element)
            if let position = positions[wanted] {
                groups[position].elements.append(element)
            } else {
                positions[wanted] = groups.count
                groups.append((wanted, [element]))
            }
        }
    }
}
