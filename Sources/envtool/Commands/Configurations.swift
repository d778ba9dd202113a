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
            let current = BuildConfiguration.resolve(explicit: options.configuration, environment: ProcessInfo.processInfo.environment)
            _ = try document.configuration(named: current)
            for name in document.configurationNames {
                try Console.output(name == current ? "* \(name)" : "  \(name)")
            }
        }
    }
}
