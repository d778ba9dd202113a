import Foundation
import Testing

/// What the built binaries load: the plugin brings FoundationNetworking (libcurl), envtool never
/// does. The manifest test (ArchitectureTests) keeps the graph so; this checks the binaries.
@Suite("Linkage: only age-plugin-awskms loads an HTTP stack")
struct LinkageTests {
    static func libraries(_ binary: String) throws -> String? {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/ldd"), FileManager.default.isExecutableFile(atPath: binary) else { return nil }
        let result = try run("/usr/bin/ldd", [binary], environment: ["PATH": "/usr/bin:/bin"])
        return result.status == 0 ? result.stdout : nil
    }

    @Test("envtool links neither FoundationNetworking nor libcurl; age-plugin-awskms links FoundationNetworking")
    func httpStack() throws {
        guard let envtool = try Self.libraries(pluginDirectory + "/envtool"),
            let plugin = try Self.libraries(pluginDirectory + "/age-plugin-awskms")
        else {
            Issue.record("ldd, envtool or age-plugin-awskms missing in \(pluginDirectory)")
            return
        }
        #expect(!envtool.contains("libFoundationNetworking"))
        #expect(!envtool.contains("libcurl"))
        #expect(plugin.contains("libFoundationNetworking"))
    }
}
