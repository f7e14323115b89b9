import UWBEmulator
import UWBEmulatorService
import UWBRanging

extension StreamMessage {
    /// The `plan` message: the room's extent, obstacles and devices, the page's role and the
    /// scenarios a controller may load in place of the room, or why none.
    static func planJSON(_ plan: RoomPlan, scenario: String, role: PageRole, loadable: LoadableScenarios) -> StreamJSON {
        let (roleName, notice): (String, String?) =
            switch role {
            case .controller: ("controller", nil)
            case .observer(let notice): ("observer", notice)
            }
        return .object([
            ("type", .string("plan")),
            ("version", .integer(version)),
            ("scenario", .string(scenario)),
            ("role", .string(roleName)),
            ("notice", .optional(notice) { .string($0) }),
            ("scenarios", .array(loadable.names.map { .string($0) })),
            ("loadNotice", .optional(loadable.refusal) { .string($0) }),
            ("extent", .object([("min", .metres(plan.extent.minimum)), ("max", .metres(plan.extent.maximum))])),
            ("obstacles", .array(plan.obstacles.map(obstacleJSON))),
            ("devices", .array(plan.devices.map(deviceJSON))),
        ])
    }

    /// An obstacle: a material with its thickness, or a loss alone.
    private static func obstacleJSON(_ obstacle: Obstacle) -> StreamJSON {
        let material: StreamJSON, thickness: StreamJSON, loss: StreamJSON
        switch obstacle.composition {
        case .slab(let slabMaterial, let slabThickness):
            (material, thickness, loss) = (.string(slabMaterial.description), .number(slabThickness.metres, decimals: 4), .null)
        case .loss(let ratio):
            (material, thickness, loss) = (.null, .null, .number(ratio.decibels, decimals: 2))
        }
        return .object([
            ("name", .string(obstacle.name)),
            ("min", .metres(obstacle.minimum)),
            ("max", .metres(obstacle.maximum)),
            ("material", material),
            ("thicknessMetres", thickness),
            ("lossDB", loss),
        ])
    }

    /// A device: what it is and what drives it; its field of view, the whole angle of its board's
    /// direction finding (twice ``FieldOfView/defaultHalfAngle``), or null; its part in positioning.
    private static func deviceJSON(_ device: PlanDevice) -> StreamJSON {
        .object([
            ("name", .string(device.name)),
            ("board", .string(device.board)),
            ("chips", .integer(device.chips)),
            ("driven", .string(device.driven.rawValue)),
            ("fieldOfViewDegrees", device.findsDirections ? .number(2 * FieldOfView.defaultHalfAngle.degrees, decimals: 2) : .null),
            ("positioning", .optional(device.positioning, positioningJSON)),
        ])
    }

    /// A device's part in positioning: `{"role":"tag"}`, or an anchor with its cluster, the
    /// position the tags are told if surveyed apart from its true one, and its floor if the site
    /// gives floors.
    private static func positioningJSON(_ role: PositioningRole) -> StreamJSON {
        switch role {
        case .tag:
            .object([("role", .string("tag"))])
        case .anchor(let cluster, let surveyed, let floor):
            .object([
                ("role", .string("anchor")),
                ("cluster", .string(cluster)),
                ("surveyed", .optional(surveyed) { .metres($0) }),
                ("floor", .optional(floor) { .integer($0.floorNumber) }),
            ])
        }
    }
}
