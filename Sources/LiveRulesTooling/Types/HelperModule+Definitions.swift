import LiveRules

extension HelperModule {
    /// The module's definition file (`types/liverules/time.lua`): its declarations, and each
    /// member with the LuaCATS comments written above it in the helper's source.
    package var definitions: String {
        let local = String(name.split(separator: ".").last!)
        var parts = [LuaCATS.header("the helper library (\(name.replacingOccurrences(of: ".", with: "/")).lua)")]
        parts += declarations.map { $0.joined(separator: "\n") }
        parts.append("---@class \(name)\nlocal \(local) = {}")
        for member in members {
            let comments = member.comments.isEmpty ? "" : member.comments.joined(separator: "\n") + "\n"
            if let parameters = member.parameters {
                parts.append(comments + "function \(local).\(member.name)\(parameters) end")
            } else {
                parts.append(comments + "\(local).\(member.name) = nil")
            }
        }
        if name == HostResources.modulePrefix + ".placements" {
            for placement in Placement.allCases {
                parts.append("---@type liverules.Placement\n\(local).\(placement.rawValue) = nil")
            }
        }
        parts.append("return \(local)")
        return parts.joined(separator: "\n\n") + "\n"
    }
}
