import Foundation
@testable import SwiftAccessorGenerator

/// A temporary directory holding one environments document (and translations), removed at deinit.
final class GeneratorWorkspace {
    let path: String

    init(document: String, files: [String: String] = [:]) throws {
        path = NSTemporaryDirectory() + "envtool-generator-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        try write("environments.json", document)
        for (name, content) in files { try write(name, content) }
    }

    func write(_ name: String, _ content: String) throws {
        let file = (path as NSString).appendingPathComponent(name)
        try FileManager.default.createDirectory(atPath: (file as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data(content.utf8).write(to: URL(fileURLWithPath: file))
    }

    var documentPath: String { (path as NSString).appendingPathComponent("environments.json") }

    func generate() throws -> AccessorGenerator.Output {
        try AccessorGenerator(environmentsPath: documentPath).generate()
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }
}

/// A document of the given configurations (name → variables JSON), languages `en`.
func document(_ configurations: [(String, String)]) -> String {
    let body = configurations.map { "\"\($0.0)\": \($0.1)" }.joined(separator: ", ")
    return "{\"languages\": [\"en\"], \"configurations\": {\(body)}}"
}

/// The fixtures copied into the test bundle.
let fixtures = Bundle.module.resourceURL!.appendingPathComponent("Fixtures").path
