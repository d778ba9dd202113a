import Foundation
import ArgumentParser
import EnvironmentKit

struct Configurations: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "List the build configurations, one per line; the current one is marked with '*'.")

    @OptionGroup var options: EnvironmentOptions

    func run() throws {
        try reportingFailures {
            let document = try options.loadDocument()
            let current = try document.currentConfiguration(explicit: options.configuration, environment: ProcessInfo.processInfo.environment)
            for name in document.configurationNames {
                try Console.output(name == current.name ? "* \(name)" : "  \(name)")
            }
        }
    }
}
