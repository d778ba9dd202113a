import ArgumentParser
import EnvironmentKit

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

struct Configurations: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "configurations",
        abstract: "List the build configurations, one per line; the current one is marked with '*'.",
        discussion: """
            With --format json: {"current": "Debug", "configurations": ["Debug", "Release"]}, the names in file order.
            """)

    @OptionGroup var output: FormatOptions
    @OptionGroup var options: EnvironmentOptions

    func run() throws {
        try reportingFailures {
            let document = try options.selection.loadDocument()
            let current = try EnvironmentSelection.currentConfiguration(options.configuration, of: document)
            if output.isJSON {
                var object = JSONObject()
                object["current"] = .string(current.name)
                object["configurations"] = .array(document.configurationNames.map(JSONValue.string))
                try Console.output(json: .object(object))
                return
            }
            for name in document.configurationNames {
                try Console.output(name == current.name ? "* \(name)" : "  \(name)")
            }
        }
    }
}
