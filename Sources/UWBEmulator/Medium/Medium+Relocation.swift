import UWBCore

extension Medium {
    /// Puts device `index` at `position`, facing `orientation`, standing still there from the
    /// current virtual instant on (a device that walked a path stops): what a person dragging it on
    /// the emulator service's page does.
    ///
    /// What the medium kept because the geometry was fixed is dropped, so the next frames see the
    /// new one: every sender's ``Reach`` (its links left out catch up on their draws first, as when
    /// a reach changes) and the cached channel of every link to and from the device. Frames already
    /// on the air keep the geometry they left with. The same moves at the same instants give the
    /// same run.
    package func relocate(_ index: Int, to position: Position, facing orientation: Orientation) {
        let node = nodes[index]
        node.trajectory = .standing(at: position)
        node.orientation = orientation
        for part in parts {
            for sender in nodes.indices {
                var links = takeLinks(from: sender, in: part)
                if let reach = links.reach {
                    catchUp(links: &links, leftOutBy: reach, sender: sender, in: part)
                    links.reach = nil
                }
                if sender == index {
                    for cache in links.caches.indices {
                        links.caches[cache].still = nil
                    }
                } else if node.part === part, let cache = links.links[node.localIndex]?.cache {
                    links.caches[cache].still = nil
                }
                part.links[sender] = links
            }
        }
    }
}
